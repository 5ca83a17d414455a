// Walking a directory tree with fast-glob while ignore rules prune it: fast-glob reads
// directories through our `readdir`, which loads each directory's ignore files from the
// entries it already has and drops ignored entries before fast-glob ever descends.
// Symbolic links are never followed (rg's default), so no link leads out of scope.
import fs, { type Dirent } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { GlobOverrides, TypeFilter } from './filters.js';
import type { IgnoreReason, IgnoreRules } from './ignore.js';

export interface WalkFilter {
  rules: IgnoreRules;
  /** rg --glob overrides relative to `root`: checked first, an include beats the ignore rules. */
  overrides?: GlobOverrides;
  /** rg --type filters on file names. */
  types?: TypeFilter;
  /** Counts entries left out, by reason (for "N files ignored" notes). */
  counts?: Map<IgnoreReason, number>;
  /** When true, directories read from now on look empty: the walk winds down (cancel, caps). */
  stop?: () => boolean;
  /** Counts entries kept so far. */
  kept?: { n: number };
}

type ReaddirCb = (err: NodeJS.ErrnoException | null, entries: Dirent[]) => void;

/** A fast-glob `fs` adapter whose readdir applies `filter` below `root`. */
export function filteringFs(root: string, filter: WalkFilter): Partial<fg.FileSystemAdapter> {
  const readdir = (dir: string, optsOrCb: unknown, maybeCb?: ReaddirCb): void => {
    const cb = (typeof optsOrCb === 'function' ? optsOrCb : maybeCb) as ReaddirCb;
    const abs = path.resolve(root, dir);
    if (filter.stop?.()) return cb(null, []);
    fs.readdir(abs, { withFileTypes: true }, (err, entries) => {
      if (err) return cb(err, []);
      const finish = (): void => {
        let relDir: string | undefined;
        const kept = entries.filter((e) => {
          const isDir = e.isDirectory();
          // rg's order: a glob override decides outright, then file types, then ignore files and hiding.
          if (filter.overrides) {
            relDir ??= path.relative(root, abs).split(path.sep).join('/');
            const glob = filter.overrides.verdict(relDir ? `${relDir}/${e.name}` : e.name, isDir);
            if (glob === 'exclude') return false;
            if (glob === 'include') return true;
          }
          if (!isDir && filter.types?.active && filter.types.excludes(e.name)) return false;
          const why = filter.rules.reason(abs, e.name, isDir);
          if (why !== undefined) {
            filter.counts?.set(why, (filter.counts.get(why) ?? 0) + 1);
            return false;
          }
          return true;
        });
        if (filter.kept) filter.kept.n += kept.length;
        cb(null, kept);
      };
      const loading = filter.rules.loadDir(abs, entries);
      if (loading) loading.then(finish, (loadErr: NodeJS.ErrnoException) => cb(loadErr, []));
      else finish();
    });
  };
  return { readdir: readdir as unknown as fg.FileSystemAdapter['readdir'] };
}

export interface WalkOptions extends WalkFilter {
  /** fast-glob patterns relative to root (default every file). */
  patterns?: string[];
  onlyFiles?: boolean;
  caseSensitive?: boolean;
  baseNameMatch?: boolean;
}

export interface WalkEntry {
  /** Absolute path. */
  path: string;
  dirent: Dirent;
}

function globOptions(root: string, opts: WalkOptions, objectMode: boolean): fg.Options {
  return {
    cwd: root,
    absolute: objectMode,
    dot: true,
    onlyFiles: opts.onlyFiles !== false,
    followSymbolicLinks: false,
    suppressErrors: true,
    caseSensitiveMatch: opts.caseSensitive !== false,
    baseNameMatch: opts.baseNameMatch === true,
    objectMode,
    fs: filteringFs(root, opts),
  };
}

/**
 * Every match under `root` at once: relative paths, or entries with their dirent when
 * `withTypes`. Faster than the stream; `opts.stop` winds it down early.
 */
export async function walkAll(root: string, opts: WalkOptions, withTypes: boolean): Promise<Array<string | fg.Entry>> {
  opts.rules.loadAncestors(root);
  return fg.async(opts.patterns ?? ['**'], globOptions(root, opts, withTypes));
}

/** Streams entries under `root` that pass the filter (files, and other entries when asked). */
export function walk(root: string, opts: WalkOptions): AsyncIterable<WalkEntry> & { destroy(): void } {
  opts.rules.loadAncestors(root);
  const stream = fg.stream(opts.patterns ?? ['**'], globOptions(root, opts, true));
  return stream as unknown as AsyncIterable<WalkEntry> & { destroy(): void };
}
