// Listing a directory: entries with type, size and mtime, optionally several levels deep
// (children right after their directory), siblings sorted by the key asked, optional
// ignore rules and name globs, capped with an exact count of what was left out.
import { lstatSync, opendirSync, readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import { engineFailure, fromSystemError, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';
import { IgnoreRules, type IgnoreOptions } from './ignore.js';
import { globMatcher } from './matchers.js';

export type EntryType = 'file' | 'directory' | 'symlink' | 'other';
/** name; dirs-first (then name); size (largest first); mtime (newest first). */
export type ListSort = 'name' | 'dirs-first' | 'size' | 'mtime';

export interface ListEntry {
  name: string;
  /** Path relative to the listed directory, "/" separated. */
  relative: string;
  /** 1 for the directory's own entries, 2 for their children... */
  depth: number;
  type: EntryType;
  /** Bytes (lstat: a link's own size); 0 in a listing made with `sizes: false`. */
  size: number;
  /** Last modification, ms since the epoch; 0 in a listing made with `sizes: false`. */
  mtimeMs: number;
}

export interface ListOptions {
  cwd?: string;
  /** Levels to descend (default 1: the directory's own entries). */
  depth?: number;
  sort?: ListSort;
  reverse?: boolean;
  offset?: number;
  /** Entries to return at most (0 or absent: all). */
  limit?: number;
  /** Show dot-entries (default true). */
  includeHidden?: boolean;
  /** Apply ignore files (.gitignore and the extra names); absent: show everything. */
  ignore?: Omit<IgnoreOptions, 'hidden'>;
  /** Count entries left out by ignore.skipNames (such as .git) as ignored, under "skipped". */
  countSkipped?: boolean;
  /** Leave out entries whose name matches one of these globs ("*.log", "dist"). */
  ignoreGlobs?: string[];
  /**
   * Stat every entry for its size and mtime (default true). False leaves them 0 and costs no
   * syscall per entry, unless the sort is by size or mtime, which needs them.
   */
  sizes?: boolean;
  /** Entries collected at most before the walk stops (default 100000). */
  maxCollect?: number;
  signal?: AbortSignal;
}

export interface ListResult {
  path: string;
  entries: ListEntry[];
  offset: number;
  /** Entries found (a lower bound when `complete` is false). */
  total: number;
  /** Entries found but not returned (offset and limit). */
  omitted: number;
  complete: boolean;
  /** Entries left out by reason: gitignore, an extra ignore file name, "glob". */
  ignored: Record<string, number>;
  /** The entries carry their size and mtime (see ListOptions.sizes). */
  sized: boolean;
}

const typeOf = (d: Dirent): EntryType =>
  d.isDirectory() ? 'directory' : d.isFile() ? 'file' : d.isSymbolicLink() ? 'symlink' : 'other';

function comparator(sort: ListSort, reverse: boolean): (a: ListEntry, b: ListEntry) => number {
  const byName = (a: ListEntry, b: ListEntry): number => a.name.localeCompare(b.name);
  const base: (a: ListEntry, b: ListEntry) => number =
    sort === 'dirs-first'
      ? (a, b) =>
          (a.type === 'directory') !== (b.type === 'directory') ? (a.type === 'directory' ? -1 : 1) : byName(a, b)
      : sort === 'size'
        ? (a, b) => b.size - a.size || byName(a, b)
        : sort === 'mtime'
          ? (a, b) => b.mtimeMs - a.mtimeMs || byName(a, b)
          : byName;
  return reverse ? (a, b) => base(b, a) : base;
}

const NO_IGNORE = Object.freeze({ noIgnore: true });

/** Entries read or stat'ed in one go before the listing yields to the event loop. */
const STAT_BATCH = 256;

/** A directory's st_size up to which it is read in one call: a few hundred entries on ext4, xfs, btrfs, tmpfs. */
const SMALL_DIRECTORY = 16 * 1024;

/**
 * A directory's entries, read inline rather than through a promise and the thread pool, which
 * cost more than the reading itself on a small directory. A small one (by its st_size, which
 * grows with its entries on the usual file systems) is read in one call; a larger one through
 * opendir in batches, yielding to the event loop between them.
 */
async function readEntries(dir: string, size: number): Promise<Dirent[]> {
  if (size <= SMALL_DIRECTORY) return readdirSync(dir, { withFileTypes: true });
  const handle = opendirSync(dir, { bufferSize: STAT_BATCH });
  try {
    const out: Dirent[] = [];
    for (let d = handle.readSync(); d !== null; d = handle.readSync()) {
      out.push(d);
      if (out.length % (STAT_BATCH * 4) === 0) await new Promise((r) => setImmediate(r));
    }
    return out;
  } finally {
    handle.closeSync();
  }
}

/** `dir`/`name` for a name read from `dir`: no normalising needed (path.join cost ~0.6 µs an entry). */
const childOf = (dir: string, name: string): string => (dir.endsWith('/') ? dir + name : `${dir}/${name}`);

/** A directory's st_size, or Infinity when it cannot be stat'ed (then its reading says why). */
function sizeOf(dir: string): number {
  try {
    return lstatSync(dir).size;
  } catch {
    return Infinity;
  }
}

/**
 * Size and mtime of each entry (lstat: a link is described, not followed; an entry gone since is 0). Synchronous in
 * batches: one lstat costs ~2 µs in the thread, against ~25 µs of CPU through a promise and the thread pool, which was
 * most of a small listing's cost (issue 38); a large directory still yields between batches.
 */
async function statEntries(dir: string, kept: readonly ListEntry[]): Promise<void> {
  for (let i = 0; i < kept.length; i++) {
    if (i > 0 && i % STAT_BATCH === 0) await new Promise((r) => setImmediate(r));
    const entry = kept[i]!;
    let s: Stats | undefined;
    try {
      s = lstatSync(childOf(dir, entry.name), { throwIfNoEntry: false });
    } catch {
      s = undefined;
    }
    entry.size = s?.size ?? 0;
    entry.mtimeMs = s?.mtimeMs ?? 0;
  }
}

export async function listDirectory(scope: Scope, input: string, opts: ListOptions = {}): Promise<ListResult> {
  const depth = opts.depth ?? 1;
  if (!Number.isInteger(depth) || depth < 1)
    throw engineFailure('bad_depth', 'depth must be a whole number of at least 1', { depth }, { field: 'depth' });
  const offset = opts.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0)
    throw engineFailure('bad_offset', 'offset must be a whole number', { offset }, { field: 'offset' });
  const resolved = await scope.resolve(input, opts.cwd);
  // Inline, as scope.resolve's realpath: one stat costs less than a thread-pool round trip.
  let st: Stats;
  try {
    st = statSync(resolved.real);
  } catch (err) {
    throw fromSystemError(err, input, 'list');
  }
  if (!st.isDirectory()) {
    throw engineFailure(
      'not_a_directory',
      `${input} is not a directory`,
      { path: input, notDirectory: true },
      { field: 'path' },
    );
  }
  // Object.assign, not a spread followed by more properties (~1.5 µs a call on Node 20: NOTES-hotpath.md).
  const rules = new IgnoreRules(
    Object.assign({}, opts.ignore ?? NO_IGNORE, {
      hidden: opts.includeHidden !== false,
      skipNames: opts.ignore?.skipNames ?? [],
    }),
  );
  rules.loadAncestors(resolved.real);
  const filtering = rules.filters;
  const globMatch = opts.ignoreGlobs?.length ? globMatcher(opts.ignoreGlobs, { dot: true }) : undefined;
  const ignored: Record<string, number> = {};
  const maxCollect = opts.maxCollect ?? 100_000;
  const sort = opts.sort ?? 'dirs-first';
  const cmp = comparator(sort, opts.reverse === true);
  const sized = opts.sizes !== false || sort === 'size' || sort === 'mtime';
  const out: ListEntry[] = [];
  let complete = true;

  const visit = async (dir: string, rel: string, level: number, size: number): Promise<void> => {
    throwIfAborted(opts.signal, 'list');
    let dirents: Dirent[];
    try {
      dirents = await readEntries(dir, size);
    } catch (err) {
      if (level === 1) throw fromSystemError(err, input, 'list');
      return; // a sub-directory we cannot read: leave it out
    }
    await rules.loadDir(dir, dirents);
    const kept: ListEntry[] = [];
    for (const d of dirents) {
      // Asked only when rules may say no: per entry that was most of a plain listing's own work (issue 38).
      const why = filtering ? rules.reason(dir, d.name, d.isDirectory()) : undefined;
      if (why !== undefined) {
        if (why !== 'hidden' && (why !== 'skipped' || opts.countSkipped)) ignored[why] = (ignored[why] ?? 0) + 1;
        continue;
      }
      if (globMatch?.(d.name)) {
        ignored.glob = (ignored.glob ?? 0) + 1;
        continue;
      }
      kept.push({
        name: d.name,
        relative: rel ? `${rel}/${d.name}` : d.name,
        depth: level,
        type: typeOf(d),
        size: 0,
        mtimeMs: 0,
      });
    }
    if (sized) await statEntries(dir, kept);
    kept.sort(cmp);
    for (const entry of kept) {
      if (out.length >= maxCollect) {
        complete = false;
        return;
      }
      out.push(entry);
      // Symbolic links are listed, never entered (a link's type is "symlink").
      if (entry.type === 'directory' && level < depth) {
        const sub = childOf(dir, entry.name);
        await visit(sub, entry.relative, level + 1, sized ? entry.size : sizeOf(sub));
      }
    }
  };
  await visit(resolved.real, '', 1, st.size);

  const end = opts.limit ? offset + opts.limit : undefined;
  const entries = out.slice(offset, end);
  return {
    path: resolved.real,
    entries,
    offset,
    total: out.length,
    omitted: out.length - entries.length,
    complete,
    ignored,
    sized,
  };
}

/**
 * A listing as a tree under `root/`: one line per entry indented two spaces per level, directories ending in "/", then
 * "... (N more)" when capped.
 */
export function treeText(r: ListResult, root: string): string {
  const lines = r.entries.map((e) => '  '.repeat(e.depth - 1) + e.name + (e.type === 'directory' ? '/' : ''));
  if (r.omitted > 0) lines.push(`... (${r.omitted} more)`);
  return `${root}/\n${lines.map((l) => `  ${l}`).join('\n')}`;
}
