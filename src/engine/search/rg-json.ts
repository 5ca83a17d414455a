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
import type { Submatch } from './types.js';

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
     * asked number of characters, all before the line's terminator. `submatches` are then
     * UTF-16 offsets into the whole line, without the empty ones.
     */
    prefixOnly?: true;
    /** Set by parseRgLine (asked for with `bare`) when `lines.text` was given without rg's line terminator. */
    bare?: true;
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

// Reading from the bytes. A search on minified code or source maps gets a few lines of
// hundreds of KB each (one "TODO" search on node_modules: 300 lines hold 34 of rg's 36 MB).
// The caller keeps only the start of such a line, so decoding and unescaping all of it is
// wasted: the JSON text is walked as bytes for as far as the kept start reaches, and that
// prefix alone is decoded. rg's submatch offsets count bytes of the raw line; in an ASCII
// line they are UTF-16 offsets already, in any other they are converted by walking the JSON
// bytes up to the last match (no decoding, no string).

const B_TYPE = Buffer.from('{"type":"');
const B_LINES_TEXT = Buffer.from(LINES_TEXT);
const B_LINE_NUMBER = Buffer.from(LINE_NUMBER);
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
 * Parses the rg --json message in bytes [start, end) of `buf` (one line, no newline). Begin,
 * match and context messages are read from the bytes, decoding only the path or the line's
 * text; with `prefixFrom`, a match or context line whose text is longer than that many
 * characters may come back with only a prefix of it (see RgMessage.data.prefixOnly), and with
 * `bare` the text of a line without escapes may come back without its terminator (see
 * RgMessage.data.bare). Anything else, or anything not in the expected form, is decoded and
 * read by parseRgMessage.
 */
export function parseRgLine(buf: Buffer, start: number, end: number, prefixFrom?: number, bare = false): RgMessage {
  if (bytesStartWith(buf, start, end, B_TYPE)) {
    const c = buf[start + B_TYPE.length];
    const type = c === 0x6d /* m */ ? 'match' : c === 0x63 /* c */ ? 'context' : undefined;
    let m: RgMessage | undefined;
    try {
      // Only a line too long to be kept whole is worth reading in part: its text takes at
      // least a byte per character, and the JSON around it less than 512 bytes.
      if (type && prefixFrom !== undefined && end - start > prefixFrom + 512)
        m = prefixMessage(type, buf, start, end, prefixFrom);
      if (type) m ??= linesMessageBytes(type, buf, start, end, bare);
      else if (c === 0x62 /* b */) m = beginMessageBytes(buf, start, end);
    } catch {
      // not in the form expected after all: read whole, below
    }
    if (m) return m;
  }
  return parseRgMessage(buf.toString('utf8', start, end));
}

const B_BEGIN_HEAD = Buffer.from(BEGIN_HEAD);
const B_BEGIN_TAIL = Buffer.from('"}}}');
const B_SUBMATCHES = Buffer.from(SUBMATCHES);
const B_START = Buffer.from(START);
const B_END = Buffer.from(END);

/** Index of `marker` within bytes [from, end) of `buf`, or -1. */
function indexIn(buf: Buffer, marker: Buffer, from: number, end: number): number {
  const i = buf.indexOf(marker, from);
  return i !== -1 && i + marker.length <= end ? i : -1;
}

/**
 * The value of the JSON string whose bytes (quotes left out) are [from, to): decoded straight when it holds no escape.
 */
function jsonString(buf: Buffer, from: number, to: number): string {
  // rg writes UTF-8 text and escapes every control character, so without a backslash the
  // bytes are the value.
  if (buf.subarray(from, to).indexOf(BACKSLASH) === -1) return buf.toString('utf8', from, to);
  const v = JSON.parse(buf.toString('utf8', from - 1, to + 1)) as unknown;
  if (typeof v !== 'string') throw new TypeError('not a JSON string');
  return v;
}

/** The end of the run of digits read by digitsAt. */
let digitsEnd = 0;

/** A run of decimal digits at `from` (before `end`): its value, or -1 (the index after it in digitsEnd). */
function digitsAt(buf: Buffer, from: number, end: number): number {
  let value = 0;
  let i = from;
  for (let c = buf[i]!; i < end && c >= 0x30 && c <= 0x39; c = buf[++i]!) value = value * 10 + (c - 0x30);
  digitsEnd = i;
  return i === from || i - from > 15 ? -1 : value;
}

function beginMessageBytes(buf: Buffer, start: number, end: number): RgMessage | undefined {
  const from = start + B_BEGIN_HEAD.length + 1;
  const to = end - B_BEGIN_TAIL.length;
  if (
    !bytesStartWith(buf, start, end, B_BEGIN_HEAD) ||
    buf[from - 1] !== 0x22 ||
    to < from ||
    buf.compare(B_BEGIN_TAIL, 0, B_BEGIN_TAIL.length, to, end) !== 0
  ) {
    return undefined;
  }
  return { type: 'begin', data: { path: { text: jsonString(buf, from, to) } } };
}

function linesMessageBytes(
  type: 'match' | 'context',
  buf: Buffer,
  start: number,
  end: number,
  bare: boolean,
): RgMessage | undefined {
  if (!bytesStartWith(buf, start, end, type === 'match' ? B_MATCH_HEAD : B_CONTEXT_HEAD)) return undefined;
  const at = indexIn(buf, B_LINES_TEXT, start, end);
  if (at === -1) return undefined; // e.g. {"bytes": ...} for text that is not UTF-8
  const textEnd = indexIn(buf, B_LINE_NUMBER, at, end);
  const from = at + B_LINES_TEXT.length + 1;
  const to = textEnd - 1; // the closing quote
  if (textEnd === -1 || buf[from - 1] !== 0x22 || buf[to] !== 0x22 || to < from) return undefined;
  // Nearly every text ends in an escaped "\n": without it most lines hold no escape and are
  // decoded straight from the bytes. (A "\r" before it is an escape: such a line is read
  // whole, and a match that may take in the "\r" keeps its offsets into the whole text.)
  const cut = bare && escapeAt(buf, from, to - 2, 0x6e /* n */) ? to - 2 : to;
  const plain = cut !== to && buf.subarray(from, cut).indexOf(BACKSLASH) === -1;
  const m = afterTextBytes(
    type,
    plain ? buf.toString('utf8', from, cut) : jsonString(buf, from, to),
    buf,
    textEnd,
    end,
  );
  if (m && plain) m.data.bare = true;
  return m;
}

/** Whether bytes at `i` (not before `from`) are the escape of `letter`: a backslash not itself escaped. */
function escapeAt(buf: Buffer, from: number, i: number, letter: number): boolean {
  if (i < from || buf[i] !== BACKSLASH || buf[i + 1] !== letter) return false;
  let run = 1;
  while (i - run >= from && buf[i - run] === BACKSLASH) run++;
  return run % 2 === 1;
}

/** afterText on the bytes: the line number and submatches after the text (LINE_NUMBER at `textEnd`). */
function afterTextBytes(
  type: 'match' | 'context',
  text: string,
  buf: Buffer,
  textEnd: number,
  end: number,
): RgMessage | undefined {
  const line = digitsAt(buf, textEnd + B_LINE_NUMBER.length, end);
  if (line === -1) return undefined;
  const subsAt = indexIn(buf, B_SUBMATCHES, digitsEnd, end);
  if (subsAt === -1) return undefined;
  const submatches: Array<{ start: number; end: number }> = [];
  let p = subsAt + B_SUBMATCHES.length;
  while (p < end && buf[p] === 0x7b /* { */) {
    const s = indexIn(buf, B_START, p, end);
    if (s === -1) return undefined;
    const from = digitsAt(buf, s + B_START.length, end);
    if (from === -1 || !bytesStartWith(buf, digitsEnd, end, B_END)) return undefined;
    const to = digitsAt(buf, digitsEnd + B_END.length, end);
    if (to === -1 || buf[digitsEnd] !== 0x7d /* } */) return undefined;
    submatches.push({ start: from, end: to });
    p = digitsEnd + 1;
    if (buf[p] === 0x2c /* , */) p++;
  }
  if (p >= end || buf[p] !== 0x5d /* ] */) return undefined;
  return { type, data: { lines: { text }, line_number: line, submatches } };
}

/**
 * How one step of JSON text at `j` reads: its length in bytes (0 when it is not the start of
 * a character or escape), the raw line's bytes it stands for, and the UTF-16 units it decodes
 * to. rg (serde_json) escapes only quotes, backslashes and control characters, and writes
 * every other character as its UTF-8 bytes; \uXXXX is one UTF-16 unit whatever it holds, but
 * stands for one raw byte only below 0x80 (rg writes it only below 0x20).
 */
let stepRaw = 0;
let stepUnits = 0;
function step(buf: Buffer, j: number): number {
  const b = buf[j]!;
  if (b < 0x80) {
    stepUnits = 1;
    if (b !== BACKSLASH) return (stepRaw = 1);
    if (buf[j + 1] !== 0x75 /* u */) return ((stepRaw = 1), 2);
    const v = parseInt(buf.toString('latin1', j + 2, j + 6), 16);
    return v < 0x80 ? ((stepRaw = 1), 6) : 0;
  }
  const n = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 0;
  stepRaw = n;
  stepUnits = n === 4 ? 2 : 1;
  return n;
}

/**
 * Converts raw byte offsets (ascending, each at a character's start) to UTF-16 offsets by
 * walking the JSON text from `from`; undefined when one falls inside a character or the text
 * ends first.
 */
function unitOffsets(
  buf: Buffer,
  from: number,
  free: number,
  subs: Array<{ start: number; end: number }>,
): Submatch[] | undefined {
  // Offsets to reach, in order: each submatch's start and end (empty matches left out: rg
  // reports them at every byte, even inside characters).
  const targets: number[] = [];
  for (const s of subs) if (s.end > s.start) targets.push(s.start, s.end);
  const units = walkUnits(buf, from, free, targets);
  if (!units) return undefined;
  const out: Submatch[] = [];
  for (let i = 0; i < units.length; i += 2) out.push({ start: units[i]!, end: units[i + 1]! });
  return out;
}

/**
 * The UTF-16 offsets of ascending raw byte offsets `targets`. The JSON text is walked byte by
 * byte only up to its last non-ASCII byte: past that one, escapes and ASCII characters are
 * each one raw byte and one unit, so an offset there is the walk's last one shifted. A long
 * line with a single "é" early on is walked a few KB instead of a megabyte.
 */
function walkUnits(buf: Buffer, from: number, free: number, targets: number[]): number[] | undefined {
  const out: number[] = [];
  let j = from;
  let raw = 0;
  let units = 0;
  for (const target of targets) {
    while (raw < target && j < free) {
      const b = buf[j]!;
      if (b < 0x80 && b !== BACKSLASH) {
        j++;
        raw++;
        units++;
      } else {
        const n = step(buf, j);
        if (n === 0) return undefined;
        j += n;
        raw += stepRaw;
        units += stepUnits;
      }
    }
    if (raw === target) out.push(units);
    else if (raw < target && j >= free) out.push(target + units - raw);
    else return undefined; // inside a character
  }
  return out;
}

/** Index of the last byte of [from, to) that is not ASCII, or from - 1: halving with isAscii (native, vectorised). */
function lastNonAscii(buf: Buffer, from: number, to: number): number {
  if (isAscii(buf.subarray(from, to))) return from - 1;
  // [lo, hi) holds the last non-ASCII byte.
  let lo = from;
  let hi = to;
  while (hi - lo > 64) {
    const mid = (lo + hi) >>> 1;
    if (isAscii(buf.subarray(mid, hi))) hi = mid;
    else lo = mid;
  }
  let i = hi - 1;
  while (i > lo && buf[i]! < 0x80) i--;
  return i;
}

function prefixMessage(
  type: 'match' | 'context',
  buf: Buffer,
  start: number,
  end: number,
  keep: number,
): RgMessage | undefined {
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
  // The prefix: whole characters and escapes up to one unit more than is kept, so the caller
  // sees that the line is longer. It stops 4 bytes short of the end (an escaped "\r\n"), so it
  // holds no part of the line's terminator.
  let cut = from;
  let units = 0;
  while (units <= keep) {
    if (cut >= to - 4) return undefined;
    const n = step(buf, cut);
    if (n === 0) return undefined;
    cut += n;
    units += stepUnits;
  }
  const free = lastNonAscii(buf, from, to) + 1; // all ASCII from there on
  const ascii = free === from;
  const text = JSON.parse(`"${buf.toString(ascii ? 'latin1' : 'utf8', from, cut)}"`) as string;
  if (text.length !== units) return undefined;
  const m = afterTextBytes(type, text, buf, textEnd, end);
  if (!m) return undefined;
  const subs = ascii
    ? m.data.submatches!.filter((s) => s.end > s.start)
    : unitOffsets(buf, from, free, m.data.submatches!);
  if (!subs) return undefined;
  m.data.submatches = subs;
  m.data.prefixOnly = true;
  return m;
}
