// Glob over several bases (by default every root), as a workspace-wide glob tool does:
// a pattern that names an existing file is taken literally, the results are merged
// recent-first, and the matching files the ignore files hid are counted.
import type { Scope } from '../scope.js';
import { glob, type GlobEntry, type GlobOptions } from './glob.js';
import { escapeGlob, hasGlobChars } from './name-patterns.js';
import { recentFirst } from './recent-first.js';

export interface GlobRootsOptions extends Omit<GlobOptions, 'path' | 'sort'> {
  /** Where to match (default: every root). */
  bases?: string[];
  /** How files older than the recent window are ordered (default: by code unit). */
  byPath?: (a: string, b: string) => number;
}

export interface GlobRootsResult {
  entries: GlobEntry[];
  /** Matching files the ignore files hid. */
  ignored: number;
  /** The real path of each base. */
  bases: string[];
}

export async function globRoots(scope: Scope, opts: GlobRootsOptions): Promise<GlobRootsResult> {
  const { bases = [...scope.roots], byPath, ...rest } = opts;
  let pattern = rest.pattern;
  if (pattern.trim() !== '' && hasGlobChars(pattern)) {
    const literal = await scope.resolve(pattern, rest.cwd, 'pattern').catch(() => undefined);
    if (literal?.exists) pattern = escapeGlob(pattern);
  }
  const found = await Promise.all(
    bases.map(async (path) => {
      const o = { ...rest, pattern, path, sort: 'recent-first' as const };
      const r = await glob(scope, o);
      // Match again without the ignore files when some rule hid anything, to count what they hid.
      const hidSome = Object.values(r.ignored).some((n) => n > 0);
      const all = hidSome ? await glob(scope, { ...o, noGitIgnore: true, ignoreFileNames: [], sort: 'none' }) : r;
      return { entries: r.entries, ignored: all.total - r.total, base: r.base };
    }),
  );
  return {
    entries: recentFirst(
      found.flatMap((f) => f.entries),
      Date.now(),
      undefined,
      byPath,
    ),
    ignored: found.reduce((a, f) => a + f.ignored, 0),
    bases: found.map((f) => f.base),
  };
}
