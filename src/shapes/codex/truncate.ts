// Codex's output budget: tokens estimated as 4 bytes each; an output over the budget keeps
// equal byte halves of head and tail with a "…N tokens truncated…" marker between, and a
// truncated output may be announced by a warning header (original token count, line count).
import { headTail } from '../../engine/index.js';

export const BYTES_PER_TOKEN = 4;
export const DEFAULT_MAX_OUTPUT_TOKENS = 10_000;
/** Unified exec keeps at most 1 MiB of output per read; a larger budget changes nothing. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;

/** Estimated tokens of `bytes` bytes of text. */
export function approxTokens(bytes: number): number {
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}

/** Byte budget of a token budget (default 10000 tokens), capped at 1 MiB. */
export function byteBudget(maxOutputTokens: number | undefined): number {
  const tokens = maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  return Math.min(Math.floor(tokens) * BYTES_PER_TOKEN, MAX_OUTPUT_BYTES);
}

/** An output as the engine captured it: whole, or head and tail with the bytes between dropped. */
export interface CutOutput {
  text: string;
  head: string;
  tail: string;
  truncated: boolean;
  omittedBytes: number;
  /** Bytes and lines of the whole output. */
  totalBytes: number;
  totalLines: number;
}

/** head + "…K tokens truncated…" + tail (the text itself when nothing was cut). */
export function middle(out: CutOutput): string {
  if (!out.truncated) return out.text;
  return `${out.head}…${approxTokens(out.omittedBytes)} tokens truncated…${out.tail}`;
}

/** Lines of a text counted as Rust's str::lines does (a final newline ends the last line, it does not start one). */
export function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The middle-truncated text behind a header giving the original size, as exec and the legacy shell show it. */
export function withWarning(out: CutOutput): string {
  if (!out.truncated) return out.text;
  return `Warning: truncated output (original token count: ${approxTokens(out.totalBytes)})\nTotal output lines: ${out.totalLines}\n\n${middle(out)}`;
}

/** Cuts a string already in memory (a patch summary, an error text) to a byte budget. */
export function cutText(text: string, budgetBytes: number): CutOutput {
  const c = headTail(text, budgetBytes, 0.5, 'bytes');
  const totalBytes = Buffer.byteLength(text, 'utf8');
  const totalLines = lineCount(text);
  return { text, head: c.head, tail: c.tail, truncated: c.truncated, omittedBytes: c.omitted, totalBytes, totalLines };
}
