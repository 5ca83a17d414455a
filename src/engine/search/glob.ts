// Glob: fast-glob under the scope with the ignore rules pruning the walk, in the sort
// orders the vendors use, capped with exact totals.
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { engineFailure, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';
import { checkBraces } from './filters.js';
import { IgnoreRules, type IgnoreOptions, type IgnoreReason } from './ignore.js';
import { walkAll } from './walk.js';

/**
 * path: by path; mtime-desc: newest first; mtime-asc: oldest first; recent-first: modified
 * within `recentWindowMs` first (newest first), then the rest by path; none: as found.
 */
export type GlobSort = 'path' | 'mtime-desc' | 'mtime-asc' | 'recent-first' | 'none';

export interface GlobOptions extends IgnoreOptions {
  pattern: string;
  /** Directory to search, absolute or relative to cwd (default cwd). */
  path?: string;
  cwd?: string;
  /** Default true. */
  caseSensitive?: boolean;
  /** A pattern without "/" matches file names at any depth (as rg --glob does). */
  matchBase?: boolean;
  /** List matching directories too (default only files). */
  includeDirs?: boolean;
  sort?: GlobSort;
  /** Window of recent-first (default 24 hours). */
  recentWindowMs?: number;
  /** Stat each entry even when the sort does not need it (size and mtime in results). */
  withStats?: boolean;
  offset?: number;
  limit?: number;
  /** Entries collected at most before the walk stops (default 200000). */
  maxCollect?: number;
  signal?: AbortSignal;
}

export interface GlobEntry {
  path: string;
  /** Relative to the directory searched (`path`), "/" separated. */
  relative: string;
  type: 'file' | 'directory';
  mtimeMs?: number;
  size?: number;
}

export interface GlobResult {
  /** Real path of the directory searched (`path`). */
  base: string;
  /** The pattern as run below `base` (a static prefix moves into the base). */
  pattern: string;
  entries: GlobEntry[];
  offset: number;
  shown: number;
  total: number;
  truncated: boolean;
  /** False when the walk stopped at maxCollect (total is then a lower bound). */
  complete: boolean;
  /** Entries the ignore rules left out while walking, by reason (gitignore, .geminiignore...). */
  ignored: Record<string, number>;
}

const MAGIC = /[*?[\]{}()!+@]/;
export const RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Splits the static leading directories off a pattern: "src/lib/**\/*.ts" → ["src/lib", "**\/*.ts"]. */
export function splitPattern(pattern: string): { prefix: string; rest: string } {
  const abs = pattern.startsWith('/');
  const segs = pattern.split('/').filter((s, i) => s !== '' || i === 0);
  let k = 0;
  while (k < segs.length - 1 && !MAGIC.test(segs[k]!)) k++;
  const prefix = segs.slice(0, k).join('/') || (abs ? '/' : '');
  return { prefix: abs && !prefix.startsWith('/') ? '/' + prefix : prefix, rest: segs.slice(k).join('/') };
}

export async function glob(scope: Scope, opts: GlobOptions): Promise<GlobResult> {
  const pattern = opts.pattern;
  if (pattern.trim() === '')
    throw engineFailure('empty_pattern', 'the pattern is empty', { pattern }, { field: 'pattern' });
  if (pattern.includes('\0'))
    throw engineFailure('nul_in_pattern', 'the pattern contains a NUL byte', {}, { field: 'pattern' });
  const offset = opts.offset ?? 0;
  const limit = opts.limit;
  if (!Number.isInteger(offset) || offset < 0)
    throw engineFailure('bad_offset', 'offset must be a whole number', { offset }, { field: 'offset' });
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0))
    throw engineFailure('bad_limit', 'limit must be a whole number', { limit }, { field: 'limit' });
  const maxCollect = opts.maxCollect ?? 200_000;
  throwIfAborted(opts.signal, 'glob');

  const dir = await scope.resolve(opts.path ?? '.', opts.cwd, 'path');
  if (!dir.exists)
    throw engineFailure(
      'path_missing',
      `${opts.path ?? '.'} does not exist`,
      { path: opts.path ?? '.', cwd: opts.cwd ?? scope.primary },
      { field: 'path' },
    );
  checkBraces(pattern, 'pattern');
  const { prefix, rest } = splitPattern(pattern.replace(/^(\.\/)+/, ''));
  if (rest.split('/').includes('..')) {
    throw engineFailure(
      'pattern_climbs',
      'the pattern may not climb with ".." after a wildcard',
      { pattern },
      { field: 'pattern' },
    );
  }
  const base = prefix ? await scope.resolve(prefix, dir.real, 'pattern') : dir;
  if (!base.exists)
    throw engineFailure('path_missing', `${prefix} does not exist`, { path: prefix }, { field: 'pattern' });
  const st = await fsp.stat(base.real);
  if (!st.isDirectory()) {
    throw engineFailure(
      'not_a_directory',
      `${opts.path ?? prefix} is not a directory`,
      { path: opts.path ?? prefix, notDirectory: true },
      { field: 'path' },
    );
  }

  const counts = new Map<IgnoreReason, number>();
  const rules = new IgnoreRules(opts);
  // A safety valve for enormous trees: stop reading directories well past the cap.
  const kept = { n: 0 };
  const found = await walkAll(
    base.real,
    {
      rules,
      counts,
      patterns: [rest],
      onlyFiles: opts.includeDirs !== true,
      caseSensitive: opts.caseSensitive !== false,
      baseNameMatch: opts.matchBase === true,
      kept,
      stop: () => opts.signal?.aborted === true || kept.n > maxCollect * 10,
    },
    opts.includeDirs === true,
  );
  throwIfAborted(opts.signal, 'glob');
  // Paths relative to the searched directory; the pattern's static prefix sits between.
  const lead = path.relative(dir.real, base.real).split(path.sep).join('/');
  const entries: GlobEntry[] = [];
  for (const f of found) {
    const rel = typeof f === 'string' ? f : path.relative(base.real, f.path).split(path.sep).join('/');
    const type =
      typeof f === 'string' ? 'file' : f.dirent.isDirectory() ? 'directory' : f.dirent.isFile() ? 'file' : undefined;
    if (!type) continue;
    entries.push({
      path: base.real + (base.real.endsWith('/') ? '' : '/') + rel,
      relative: lead ? `${lead}/${rel}` : rel,
      type,
    });
  }
  const complete = entries.length <= maxCollect && kept.n <= maxCollect * 10;
  if (!complete) entries.length = maxCollect;

  const sort = opts.sort ?? 'path';
  if (opts.withStats || sort === 'mtime-desc' || sort === 'mtime-asc' || sort === 'recent-first') {
    await statAll(entries, opts.signal);
  }
  // Every entry is `base.real` + "/" + its relative path, so the shorter relative sorts the same.
  const byPath = (a: GlobEntry, b: GlobEntry): number =>
    a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0;
  if (sort === 'path') entries.sort(byPath);
  else if (sort === 'mtime-desc') entries.sort((a, b) => b.mtimeMs! - a.mtimeMs! || byPath(a, b));
  else if (sort === 'mtime-asc') entries.sort((a, b) => a.mtimeMs! - b.mtimeMs! || byPath(a, b));
  else if (sort === 'recent-first') {
    const cutoff = Date.now() - (opts.recentWindowMs ?? RECENT_WINDOW_MS);
    entries.sort((a, b) => {
      const ra = a.mtimeMs! > cutoff;
      const rb = b.mtimeMs! > cutoff;
      if (ra && rb) return b.mtimeMs! - a.mtimeMs! || byPath(a, b);
      if (ra !== rb) return ra ? -1 : 1;
      return byPath(a, b);
    });
  }
  const end = limit === undefined || limit === 0 ? undefined : offset + limit;
  const page = entries.slice(offset, end);
  return {
    base: dir.real,
    pattern: rest,
    entries: page,
    offset,
    shown: page.length,
    total: entries.length,
    truncated: offset + page.length < entries.length || !complete,
    complete,
    ignored: Object.fromEntries([...counts].filter(([k]) => k !== 'hidden' && k !== 'skipped')),
  };
}

async function statAll(entries: GlobEntry[], signal?: AbortSignal): Promise<void> {
  const BATCH = 64;
  for (let i = 0; i < entries.length; i += BATCH) {
    throwIfAborted(signal, 'glob');
    await Promise.all(
      entries.slice(i, i + BATCH).map(async (e) => {
        const s = await fsp.lstat(e.path).catch(() => undefined);
        e.mtimeMs = s?.mtimeMs ?? 0;
        e.size = s?.size ?? 0;
      }),
    );
  }
}
