// A grep's matches as "path:line:text" lines, each file once, and the first of them fitted to
// a character budget, for tools that list matches flat rather than by file (Qwen Code).
import { fitLines } from '../text/fit.js';
import type { GrepFile, GrepResult } from '../../../engine/index.js';

/**
 * The files of `r` once each (roots that hold one another report a file twice), and its match lines as
 * "path:line:text".
 */
export function matchLines(r: GrepResult): { files: GrepFile[]; lines: string[] } {
  const files = [...new Map(r.files.map((f) => [f.path, f])).values()];
  return {
    files,
    lines: files.flatMap((f) => f.lines.filter((l) => l.kind === 'match').map((l) => `${f.path}:${l.line}:${l.text}`)),
  };
}

/**
 * The first `limit` of `lines` within `maxChars`; the line that crosses the budget is cut and counted among the
 * dropped.
 */
export function fitFirst(
  lines: readonly string[],
  limit: number,
  maxChars: number,
): { shown: string[]; dropped: number } {
  const { shown, cut } = fitLines(lines.slice(0, limit), maxChars);
  return { shown, dropped: lines.length - shown.length + (cut ? 1 : 0) };
}

/**
 * The files of `r` that hold a match line (a files search: every file it names; context lines
 * of capped or excluded matches alone do not count) and the match lines in them.
 */
export function matchedFiles(r: GrepResult): { files: GrepFile[]; matches: number } {
  if (r.mode === 'files') return { files: r.files, matches: r.files.length > 0 ? r.totalMatchLines : 0 };
  const files = r.files.filter((f) => f.lines.some((l) => l.kind === 'match'));
  return { files, matches: files.reduce((n, f) => n + f.lines.filter((l) => l.kind === 'match').length, 0) };
}

/**
 * A grep's matches as one flat page: matchLines fitted by fitFirst to `limit` lines and
 * `maxChars`; with how many match lines there are in all, the counts a host shows (all of them
 * as matches, and those shown) and whether any was left out (dropped here, or by the grep).
 */
export function matchPage(r: GrepResult, limit: number, maxChars: number) {
  const { files, lines } = matchLines(r);
  const { shown, dropped } = fitFirst(lines, limit, maxChars);
  return {
    files,
    total: lines.length,
    shown,
    dropped,
    counts: { matches: lines.length, shown: shown.length },
    truncated: dropped > 0 || r.truncated,
  };
}
