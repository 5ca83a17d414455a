// What a host shows of a search besides the model's text: a grep's totals and the files it
// found, a glob page's paths; and the counts a note on a cut glob page names.
import type { HostContent } from '../../../engine/index.js';
import type { GlobResult } from '../../../engine/index.js';
import { countSoFar } from './listing-view.js';
import type { GrepResult } from '../../../engine/index.js';

/** Files named in a grep's host block at most. */
const MAX_PATHS = 1000;

/**
 * A grep of `pattern` of which a page showed `shown` entries (`of` lines or files): it is
 * truncated when the search was, when the page left some out, or when the text was saved to
 * a file (`savedTo`) in place of being shown whole.
 */
export function grepHost(
  r: GrepResult,
  pattern: string,
  page: { shown: number; of: 'lines' | 'files'; savedTo?: string },
): HostContent {
  const left = page.shown < (page.of === 'lines' ? r.totalMatchLines : r.totalFiles);
  const details = {
    backend: r.backend,
    timedOut: r.timedOut,
    ...(page.savedTo ? { fullOutputPath: page.savedTo } : {}),
  };
  const counts = { files: r.totalFiles, matchLines: r.totalMatchLines, shown: page.shown };
  const summary = `${r.totalFiles} files, ${r.totalMatchLines} matching lines for ${pattern}`;
  return {
    summary,
    paths: r.files.map((f) => f.path).slice(0, MAX_PATHS),
    counts,
    truncated: r.truncated || left || page.savedTo !== undefined,
    details,
  };
}

/** A glob of `pattern`: how many files matched, those shown; no result (a base that does not exist) matched none. */
export const globHost = (r: GlobResult | undefined, pattern: string): HostContent =>
  r
    ? {
        summary: `${r.total} files match ${pattern}`,
        paths: r.entries.map((e) => e.path),
        counts: { files: r.total, shown: r.shown },
        truncated: r.truncated,
      }
    : { summary: `No files match ${pattern}`, counts: { files: 0 } };

/** A glob page's total and the files it left out, each with "+" when counting stopped early. */
export const globRest = (r: GlobResult): { of: string; left: string } => ({
  of: countSoFar(r.total, r.complete),
  left: countSoFar(r.total - r.shown, r.complete),
});
