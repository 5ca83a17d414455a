// Finding files by name, the way fuzzy file finders rank them: the exact name, then a name
// containing the query, then a path containing it, then the query's letters in order in the
// name (shorter names first). Case is ignored.
import type { Scope } from '../scope.js';
import { listDirectory } from './list.js';

export interface NameSearchOptions {
  query: string;
  /** Levels to descend below the root. */
  depth: number;
  /** Show dot-entries. */
  includeHidden: boolean;
  /** Directory and file names never entered or listed (node_modules, .git...). */
  skipNames: string[];
  /** Leave out paths that contain this text (a plain substring, not a glob). */
  excludeSubstring?: string;
  /** Best hits kept at most. */
  max: number;
  cwd?: string;
  signal?: AbortSignal;
}

export interface NameHit {
  /** Path relative to the searched root, "/" separated. */
  relative: string;
  score: number;
}

/** The score of a file name against a query: 100, 80, 60, 40 down to 10, or 0 when it does not match. */
export function fileNameScore(name: string, relPath: string, query: string): number {
  const n = name.toLowerCase();
  const q = query.toLowerCase();
  if (n === q) return 100;
  if (n.includes(q)) return 80;
  if (relPath.toLowerCase().includes(q)) return 60;
  let at = 0;
  for (const ch of n) if (at < q.length && ch === q[at]) at++;
  return at === q.length ? Math.max(10, 40 - (n.length - q.length)) : 0;
}

/** The files under `root` whose names match the query, best first (ties by path), at most `max`. */
export async function findFileNames(scope: Scope, root: string, opts: NameSearchOptions): Promise<NameHit[]> {
  const r = await listDirectory(scope, root, {
    cwd: opts.cwd,
    depth: opts.depth,
    sort: 'name',
    includeHidden: opts.includeHidden,
    ignoreGlobs: opts.skipNames,
    maxCollect: 50_000,
    signal: opts.signal,
  });
  const exclude = opts.excludeSubstring;
  return r.entries
    .filter((e) => e.type === 'file' && !(exclude && e.relative.includes(exclude)))
    .map((e) => ({ relative: e.relative, score: fileNameScore(e.name, e.relative, opts.query) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || (a.relative < b.relative ? -1 : 1))
    .slice(0, opts.max);
}
