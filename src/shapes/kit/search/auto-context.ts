// A grep run again with context lines when it found only a few matches and no context was
// asked (Gemini CLI's ripgrep tool adds 50 lines around one match, 15 around two or three).
import { capPerFile } from '../../../engine/index.js';
import type { GrepOptions, GrepResult } from '../../../engine/index.js';

/**
 * `r` as found, or `run` again with `around(n)` lines before and after when that gives a number for its n match lines.
 */
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

/**
 * `run(opts)` with at most `maxPerFile` match lines per file (the rest kept as context), passed
 * through `settled` (which may refuse it); then withAutoContext, `around[n - 1]` being the
 * lines of context for n match lines (none when it has no entry).
 */
export async function grepAround(
  run: (o: GrepOptions) => Promise<GrepResult>,
  opts: GrepOptions,
  o: { maxPerFile?: number; around: readonly number[]; settled: (r: GrepResult) => GrepResult },
): Promise<GrepResult> {
  const grep = async (g: GrepOptions) => capPerFile(await run(g), o.maxPerFile);
  const r = o.settled(await grep(opts));
  return withAutoContext(r, opts, grep, (n) => (n >= 1 ? o.around[n - 1] : undefined));
}
