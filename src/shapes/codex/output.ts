// Codex's output budget and its words: tokens counted as 4 bytes; an output over the budget
// keeps equal byte halves of head and tail with "…N tokens truncated…" between, and may be
// announced by a warning header (original token count, line count).
import type { CapturedText, JobRead } from '../../engine/index.js';
import { joinedCut } from '../kit/text/joined-cut.js';

/** Estimated tokens of `bytes` bytes of text. */
export const approxTokens = (bytes: number) => Math.ceil(bytes / 4);

/** Byte budget of a token budget (default 10000 tokens), capped at 1 MiB as unified exec keeps per read. */
export const byteBudget = (maxOutputTokens: number | undefined) =>
  Math.min(Math.floor(maxOutputTokens ?? 10_000) * 4, 1024 * 1024);

/** head + "…K tokens truncated…" + tail (the text itself when nothing was cut). */
export const middle = (out: CapturedText) =>
  joinedCut(out, (o) => `…${approxTokens(o.omittedBytes)} tokens truncated…`);

/** The middle-truncated text behind a header giving the original size, as exec and the legacy shell show it. */
export function withWarning(out: CapturedText): string {
  if (!out.truncated) return out.text;
  return `Warning: truncated output (original token count: ${approxTokens(out.totalBytes)})\nTotal output lines: ${out.totalLines}\n\n${middle(out)}`;
}

/** A job read as captured text: the range read is the whole. */
export const readOutput = (r: JobRead): CapturedText => ({ ...r, totalBytes: r.rangeBytes, totalLines: r.rangeLines });

/** Codex's structured tool output: {"output", "metadata": {"exit_code", "duration_seconds"}}. */
export const structuredOutput = (output: string, exitCode: number, durationSeconds: number) =>
  JSON.stringify({ output, metadata: { exit_code: exitCode, duration_seconds: durationSeconds } });
