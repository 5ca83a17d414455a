// Cutting text already in memory to a budget, in the shape of a captured stream (head and
// tail kept, the middle counted), and the small measures that go with it.
import { headTail, type CapturedText } from '../../../engine/index.js';

/** Lines of a text counted as Rust's str::lines does (a final newline ends the last line, it does not start one). */
export function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** `text` cut to `budgetBytes` UTF-8 bytes, equal halves of head and tail kept, as a command's captured output is. */
export function cutText(text: string, budgetBytes: number): CapturedText {
  const c = headTail(text, budgetBytes, 0.5, 'bytes');
  const totalBytes = Buffer.byteLength(text, 'utf8');
  return {
    text,
    head: c.head,
    tail: c.tail,
    truncated: c.truncated,
    omittedBytes: c.omitted,
    totalBytes,
    totalLines: lineCount(text),
  };
}

/** `line` cut to at most `maxBytes` UTF-8 bytes on a character boundary. */
export function cutUtf8(line: string, maxBytes: number): string {
  if (line.length * 3 <= maxBytes) return line;
  const buf = Buffer.from(line, 'utf8');
  if (buf.length <= maxBytes) return line;
  let end = maxBytes;
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}

/** Orders strings by their UTF-8 bytes (as Rust compares them), not by UTF-16 code units. */
export const byteOrder = (a: string, b: string): number =>
  Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
