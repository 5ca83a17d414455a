// The files whose contents match a regular expression, most recently modified first (Codex's
// grep_files, like `rg --files-with-matches --sortr=modified`): at most a limit of them, a
// search that runs out of time as a failure, no match as a failure too.
import { EngineError, engineFailure } from '../../../engine/index.js';
import type { HostContent } from '../../../engine/index.js';
import type { GrepOptions, GrepResult } from '../../../engine/index.js';

export interface MatchingFiles {
  paths: string[];
  facts: HostContent;
  /** no_matches when no file matched. */
  failure?: EngineError;
}

/** Searches `path` (default the working directory), files named by the glob `include`, for `pattern`. */
export async function matchingFiles(
  grep: (opts: GrepOptions) => Promise<GrepResult>,
  args: { pattern: string; include?: string; path?: string; limit?: number },
  o: { limit: number; maxLimit: number; timeoutMs: number },
): Promise<MatchingFiles> {
  if (args.pattern.trim() === '')
    throw new EngineError('invalid_argument', 'pattern must not be empty', { field: 'pattern' });
  if (args.limit !== undefined && !(args.limit >= 1)) {
    throw new EngineError('invalid_argument', 'limit must be greater than zero', {
      field: 'limit',
      facts: { value: args.limit },
    });
  }
  const r = await grep({
    pattern: args.pattern,
    paths: args.path !== undefined && args.path !== '' ? [args.path] : undefined,
    globs: args.include ? [args.include] : undefined,
    mode: 'files',
    sort: 'mtime-desc',
    // Only names are wanted: rg stops reading a file at its first match. Every match's JSON
    // (an 8 MB file of matching lines is 338 MB of it) took 20 s of rg's and our time under load.
    maxPerFile: 1,
    limit: Math.min(Math.floor(args.limit ?? o.limit), o.maxLimit),
    timeoutMs: o.timeoutMs,
  });
  if (r.timedOut) {
    const why = `the search ran past ${o.timeoutMs / 1000} seconds and was stopped; narrow \`path\` or \`include\``;
    throw new EngineError('timeout', why, { facts: { timeoutMs: o.timeoutMs } });
  }
  const paths = r.files.map((f) => f.path);
  const host = {
    paths,
    counts: { files: paths.length, totalFiles: r.totalFiles },
    truncated: r.truncated,
    details: { backend: r.backend },
  };
  if (paths.length > 0)
    return { paths, facts: { ...host, summary: `${paths.length} matching file${paths.length === 1 ? '' : 's'}` } };
  return {
    paths,
    facts: { ...host, summary: 'No matches' },
    failure: engineFailure('no_matches', 'no file matches the pattern', { pattern: args.pattern }),
  };
}
