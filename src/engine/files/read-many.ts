// Reading many files by glob (a read_many_files tool): patterns expanded with fast-glob
// from the session directory, every match re-checked against the scope, each file read
// with the same options as a single read; per-file failures are reported, not fatal.
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type fg from 'fast-glob';
import { lazyModule } from '../lazy-module.js';
import { engineFailure, isEngineError, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';
import { checkBraces, tooManyPatterns as tooMany } from '../search/filters.js';
import { checkDeadline } from './deadline.js';
import { readFile, type ReadOptions, type ReadResult } from './read.js';
import { globBase, IGNORE_FILE_MAX, ignoreRules } from '../search/matchers.js';
import { readRegularText } from '../regular-file.js';

/** Required at the first glob, as in search/walk.ts. */
const glob = lazyModule<typeof fg>('fast-glob');

/** Directories skipped unless default excludes are turned off. */
export const DEFAULT_EXCLUDES = [
  '**/node_modules/**',
  '**/.git/**',
  '**/dist/**',
  '**/build/**',
  '**/coverage/**',
  '**/__pycache__/**',
  '**/.venv/**',
  '**/*.min.js',
  '**/*.map',
];

/** Include (and exclude) patterns one call takes at most (see filters.ts). */
export { MAX_PATTERNS } from '../search/filters.js';
/** How long a read_many may take before it answers timed_out (walks, then reads). */
export const READ_MANY_TIME_LIMIT_MS = 20_000;
/** Patterns given to fast-glob at once, the clock looked at between two groups. */
const GLOB_GROUP = 100;

export interface ReadManyOptions {
  include: string[];
  exclude?: string[];
  /** false: patterns match in the session directory only, not below it. */
  recursive?: boolean;
  /**
   * Directories each pattern is expanded in (default: the session directory alone); matches from
   * all are merged. Patterns and ignore files stay relative to each.
   */
  bases?: string[];
  /** Patterns match names case-insensitively (default: case-sensitively). */
  ignoreCase?: boolean;
  /** A pattern naming an existing file under a base is taken literally there ("app/[id].tsx"). */
  literalFiles?: boolean;
  useDefaultExcludes?: boolean;
  respectGitIgnore?: boolean;
  /** More ignore files read from the session directory like its .gitignore (".geminiignore"). */
  ignoreFileNames?: string[];
  /** Files read at most (default 500); the rest are counted in `omitted`. */
  maxFiles?: number;
  /** How each file is read. */
  read?: Omit<ReadOptions, 'cwd' | 'signal'>;
  cwd?: string;
  signal?: AbortSignal;
  /** Ms the call may take before it fails with timed_out (default READ_MANY_TIME_LIMIT_MS). */
  timeLimitMs?: number;
}

export interface ReadManyEntry {
  path: string;
  relative: string;
  result?: ReadResult;
  error?: { kind: string; message: string; facts: Record<string, unknown> };
}

export interface ReadManyResult {
  files: ReadManyEntry[];
  /** Files matched in all. */
  matched: number;
  /** Matches left out by maxFiles. */
  omitted: number;
}

export async function readMany(scope: Scope, opts: ReadManyOptions): Promise<ReadManyResult> {
  const cwd = opts.cwd ?? scope.primary;
  const bases = opts.bases?.length ? opts.bases : [cwd];
  if (opts.include.length === 0)
    throw engineFailure('no_include', 'no include patterns given', {}, { field: 'include' });
  tooMany('include', opts.include.length);
  tooMany('exclude', opts.exclude?.length ?? 0);
  const deadline = Date.now() + (opts.timeLimitMs ?? READ_MANY_TIME_LIMIT_MS);
  const inTime = () => {
    throwIfAborted(opts.signal, 'read');
    checkDeadline(deadline, 'reading the files', 'narrow the patterns or read fewer files at once');
  };
  // A pattern's static base must lie inside the roots: no walking the file system from outside.
  for (const [i, p] of opts.include.entries()) {
    if (i % GLOB_GROUP === 0) inTime();
    if (p.includes('\0')) throw scope.nulByte(p, 'include');
    checkBraces(p, 'include');
    const base = globBase(p) || '.';
    for (const b of bases) await scope.resolve(base, b, 'include');
  }
  for (const p of opts.exclude ?? []) checkBraces(p, 'exclude');
  const ignoreList = [...(opts.exclude ?? []), ...(opts.useDefaultExcludes === false ? [] : DEFAULT_EXCLUDES)];
  const all = new Set<string>();
  for (const base of bases) {
    const patterns = opts.literalFiles
      ? await Promise.all(opts.include.map((p) => literalIfFile(base, p)))
      : opts.include;
    for (let i = 0; i < patterns.length; i += GLOB_GROUP) {
      inTime();
      const found = await glob()(patterns.slice(i, i + GLOB_GROUP), {
        cwd: base,
        ignore: ignoreList,
        onlyFiles: true,
        dot: true,
        followSymbolicLinks: false,
        absolute: true,
        unique: true,
        caseSensitiveMatch: !opts.ignoreCase,
        deep: opts.recursive === false ? 1 : Infinity,
        suppressErrors: true,
      });
      for (const f of found) all.add(f);
    }
  }
  inTime();
  let paths = [...all].sort();
  if (opts.respectGitIgnore !== false) paths = await dropIgnored(cwd, paths, '.gitignore');
  for (const name of opts.ignoreFileNames ?? []) paths = await dropIgnored(cwd, paths, name);
  const max = opts.maxFiles ?? 500;
  const chosen = paths.slice(0, max);
  const files: ReadManyEntry[] = [];
  for (const p of chosen) {
    inTime();
    try {
      const result = await readFile(scope, p, { ...opts.read, cwd, signal: opts.signal });
      files.push({ path: result.path, relative: result.relative, result });
    } catch (err) {
      if (!isEngineError(err) || err.kind === 'timeout' || err.kind === 'cancelled') throw err;
      files.push({
        path: p,
        relative: path.relative(cwd, p),
        error: { kind: err.kind, message: err.message, facts: err.facts },
      });
    }
  }
  return { files, matched: paths.length, omitted: paths.length - chosen.length };
}

/** `p` escaped for fast-glob when it names an existing file under `base`, else as given. */
async function literalIfFile(base: string, p: string): Promise<string> {
  const st = await fsp.stat(path.resolve(base, p)).catch(() => undefined);
  return st?.isFile() ? glob().escapePath(p) : p;
}

async function dropIgnored(cwd: string, paths: string[], file: string): Promise<string[]> {
  let rules: string;
  try {
    rules = await readRegularText(path.join(cwd, path.basename(file)), IGNORE_FILE_MAX);
  } catch {
    return paths;
  }
  const ig = ignoreRules().add(rules);
  return paths.filter((p) => {
    const rel = path.relative(cwd, p);
    return rel.startsWith('..') || !ig.ignores(rel);
  });
}
