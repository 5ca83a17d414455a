// Reading ripgrep's --json messages. A large search sends thousands of "match" lines, and a
// general JSON.parse builds every field of each (the path again, the absolute offset, each
// submatch's text) only for most of it to be thrown away. rg writes its messages with fixed
// field order, so the fields the backend uses are cut out directly, and anything that does not
// look exactly as expected goes through JSON.parse, which gives the same values.
//
// Why cutting is safe: every marker searched for below holds a quote that follows a
// character other than a backslash (`},"line_number":`). Inside a JSON string every quote is
// escaped, so such a marker can never start within a string value.
import { isAscii } from 'node:buffer';

export interface RgText {
  text?: string;
  bytes?: string;
}

export interface RgMessage {
  type: string;
  data: {
    path?: RgText;
    lines?: RgText;
    line_number?: number | null;
    submatches?: Array<{ start: number; end: number }>;
    /**
     * Set by parseRgLine when `lines.text` holds only the start of a long line: more than the
     * asked number of characters, all before the line's terminator. The line is ASCII, so
     * rg's byte offsets are its UTF-16 offsets.
     */
    prefixOnly?: true;
    [k: string]: unknown;
  };
}

const BEGIN_HEAD = '{"type":"begin","data":{"path":{"text":';
const MATCH_HEAD = '{"type":"match","data":{"path":{';
const CONTEXT_HEAD = '{"type":"context","data":{"path":{';
const LINES_TEXT = '},"lines":{"text":';
const LINE_NUMBER = '},"line_number":';
const SUBMATCHES = ',"submatches":[';
const START = '},"start":';
const B_MATCH_HEAD = Buffer.from(MATCH_HEAD);
const B_CONTEXT_HEAD = Buffer.from(CONTEXT_HEAD);
const END = ',"end":';

/** Parses one line of rg --json output (throws, like JSON.parse, on a line that is not JSON). */
export function parseRgMessage(line: string): RgMessage {
  if (line.startsWith(MATCH_HEAD)) return linesMessage('match', line) ?? (JSON.parse(line) as RgMessage);
  if (line.startsWith(CONTEXT_HEAD)) return linesMessage('context', line) ?? (JSON.parse(line) as RgMessage);
  if (line.startsWith(BEGIN_HEAD) && line.endsWith('}}}')) {
    return { type: 'begin', data: { path: { text: JSON.parse(line.slice(BEGIN_HEAD.length, -3)) as string } } };
  }
  return JSON.parse(line) as RgMessage;
}

/** A match or context message cut apart; undefined when it is not in the expected form. */
function linesMessage(type: 'match' | 'context', line: string): RgMessage | undefined {
  const at = line.indexOf(LINES_TEXT);
  if (at === -1) return undefined; // e.g. {"bytes": ...} for text that is not UTF-8
  const textEnd = line.indexOf(LINE_NUMBER, at);
  if (textEnd === -1) return undefined;
  const text = JSON.parse(line.slice(at + LINES_TEXT.length, textEnd)) as unknown;
  if (typeof text !== 'string') return undefined;
  return afterText(type, text, line, textEnd);
}

/** The line number and submatches that follow the text (`line` from LINE_NUMBER at `textEnd`). */
function afterText(type: 'match' | 'context', text: string, line: string, textEnd: number): RgMessage | undefined {
  const num = digits(line, textEnd + LINE_NUMBER.length);
  if (num === undefined) return undefined;
  const subsAt = line.indexOf(SUBMATCHES, num.next);
  if (subsAt === -1) return undefined;
  const submatches: Array<{ start: number; end: number }> = [];
  let p = subsAt + SUBMATCHES.length;
  while (line.charCodeAt(p) === 0x7b /* { */) {
    const s = line.indexOf(START, p);
    if (s === -1) return undefined;
    const start = digits(line, s + START.length);
    if (start === undefined || !line.startsWith(END, start.next)) return undefined;
    const end = digits(line, start.next + END.length);
    if (end === undefined || line.charCodeAt(end.next) !== 0x7d /* } */) return undefined;
    submatches.push({ start: start.value, end: end.value });
    p = end.next + 1;
    if (line.charCodeAt(p) === 0x2c /* , */) p++;
  }
  if (line.charCodeAt(p) !== 0x5d /* ] */) return undefined;
  return { type, data: { lines: { text }, line_number: num.value, submatches } };
}

/** A run of decimal digits at `from`: its value and the index after it. */
function digits(s: string, from: number): { value: number; next: number } | undefined {
  let value = 0;
  let i = from;
  for (let c = s.charCodeAt(i); c >= 0x30 && c <= 0x39; c = s.charCodeAt(++i)) value = value * 10 + (c - 0x30);
  return i === from || i - from > 15 ? undefined : { value, next: i };
}

// Reading from the bytes. A search on minified code gets a few lines of hundreds of KB each
// (one "TODO" search on node_modules: 72 lines hold 14 of rg's 16 MB). The caller keeps
// only the start of such a line, so decoding and unescaping all of it is wasted: for an
// ASCII line whose only escapes are two-character ones (\n, \", \\, \t...), a prefix of
// the JSON text decodes on its own, and byte offsets are UTF-16 offsets. Every other line
// is decoded whole and read by parseRgMessage.

const B_TYPE = Buffer.from('{"type":"');
const B_LINES_TEXT = Buffer.from(LINES_TEXT);
const B_LINE_NUMBER = Buffer.from(LINE_NUMBER);
const B_UNICODE_ESCAPE = Buffer.from('\\u');
const BACKSLASH = 0x5c;

/** Whether bytes [start, end) of `buf` begin with `marker`. */
export function bytesStartWith(buf: Buffer, start: number, end: number, marker: Buffer): boolean {
  return end - start >= marker.length && buf.compare(marker, 0, marker.length, start, start + marker.length) === 0;
}

/** Whether `marker` occurs within bytes [start, end) of `buf`. */
export function bytesInclude(buf: Buffer, start: number, end: number, marker: Buffer): boolean {
  const at = buf.indexOf(marker, start);
  return at !== -1 && at + marker.length <= end;
}

/**
 * Parses the rg --json message in bytes [start, end) of `buf` (one line, no newline). With
 * `prefixFrom`, a match or context line whose text is longer than that many characters
 * may come back with only a prefix of it (see RgMessage.data.prefixOnly).
 */
export function parseRgLine(buf: Buffer, start: number, end: number, prefixFrom?: number): RgMessage {
  if (prefixFrom !== undefined && bytesStartWith(buf, start, end, B_TYPE)) {
    const c = buf[start + B_TYPE.length];
    const type = c === 0x6d /* m */ ? 'match' : c === 0x63 /* c */ ? 'context' : undefined;
    // Only a line too long to be kept whole is worth it: twice the characters (an escape is
    // two bytes) and the JSON around them.
    if (type && end - start > 2 * prefixFrom + 512) {
      let m: RgMessage | undefined;
      try {
        m = prefixMessage(type, buf, start, end, prefixFrom);
      } catch {
        // not in the form expected after all: read whole, below
      }
      if (m) return m;
    }
  }
  return parseRgMessage(buf.toString('utf8', start, end));
}

/** How many backslashes come just before index `i`. */
function backslashesBefore(buf: Buffer, i: number): number {
  let run = 0;
  while (buf[i - 1 - run] === BACKSLASH) run++;
  return run;
}

/**
 * Whether bytes [from, to) hold no \uXXXX escape (rg writes one only for a control
 * character), so that every escape is two bytes for one character. A "\u" opens an escape
 * only after an even run of backslashes: in "\\u" the backslash is itself escaped.
 */
function twoByteEscapesOnly(buf: Buffer, from: number, to: number): boolean {
  for (let i = buf.indexOf(B_UNICODE_ESCAPE, from); i !== -1 && i < to; i = buf.indexOf(B_UNICODE_ESCAPE, i + 2)) {
    if (backslashesBefore(buf, i) % 2 === 0) return false;
  }
  return true;
}

function prefixMessage(type: 'match' | 'context', buf: Buffer, start: number, end: number, keep: number): RgMessage | undefined {
  if (!bytesStartWith(buf, start, end, type === 'match' ? B_MATCH_HEAD : B_CONTEXT_HEAD)) return undefined;
  const at = buf.indexOf(B_LINES_TEXT, start);
  if (at === -1 || at >= end) return undefined;
  // The marker cannot occur inside a JSON string (see above), so the last one is the one
  // after the text, and searching from the end skips the long text.
  const textEnd = buf.lastIndexOf(B_LINE_NUMBER, end - B_LINE_NUMBER.length);
  if (textEnd <= at) return undefined;
  const open = at + B_LINES_TEXT.length; // the text's opening quote
  const from = open + 1;
  const to = textEnd - 1; // its closing quote
  if (buf[open] !== 0x22 || buf[to] !== 0x22) return undefined;
  // 2 bytes per character at most, and the last 4 bytes (an escaped "\r\n") left out, so the
  // prefix holds more than `keep` characters and no part of the line's terminator.
  let cut = from + 2 * (keep + 1);
  if (cut > to - 4) return undefined;
  if (!isAscii(buf.subarray(from, to)) || !twoByteEscapesOnly(buf, from, to)) return undefined;
  // Not inside an escape: an odd run of backslashes just before the cut opens one.
  if (backslashesBefore(buf, cut) % 2 === 1) cut--;
  const text = JSON.parse(`"${buf.toString('latin1', from, cut)}"`) as string;
  const tail = buf.toString('utf8', textEnd, end);
  const m = afterText(type, text, tail, 0);
  if (!m || text.length <= keep) return undefined;
  m.data.prefixOnly = true;
  return m;
}
