// Reading ripgrep's --json messages. A large search sends thousands of "match" lines, and a
// general JSON.parse builds every field of each (the path again, the absolute offset, each
// submatch's text) only for most of it to be thrown away. rg writes its messages with fixed
// field order, so the fields the backend uses are cut out directly, and anything that does not
// look exactly as expected goes through JSON.parse, which gives the same values.
//
// Why cutting is safe: every marker searched for below holds a quote that follows a
// character other than a backslash (`},"line_number":`). Inside a JSON string every quote is
// escaped, so such a marker can never start within a string value.

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
