// A grep run again with context lines when it found only a few matches and no context was
// asked (Gemini CLI's ripgrep tool adds 50 lines around one match, 15 around two or three).
import type { GrepOptions, GrepResult } from './types.js';

/** `r` as found, or `run` again with `around(n)` lines before and after when that gives a number for its n match lines. */
export async function withAutoContext<O extends Pick<GrepOptions, 'before' | 'after'>>(
  r: GrepResult,
  opts: O,
  run: (o: O) => Promise<GrepResult>,
  around: (matches: number) => number | undefined,
): Promise<GrepResult> {
  if (opts.before !== undefined || opts.after !== undefined) return r;
  const lines = around(r.totalMatchLines);
  return lines === undefined ? r : run({ ...opts, before: lines, after: lines });
}
