// Walking a directory tree with fast-glob while ignore rules prune it: fast-glob reads
// directories through our `readdir`, which loads each directory's ignore files from the
// entries it already has and drops ignored entries before fast-glob ever descends.
// Symbolic links are never followed (rg's default), so no link leads out of scope.
import fs, { type Dirent } from 'node:fs';
import type { Readable } from 'node:stream';
import path from 'node:path';
import type fg from 'fast-glob';
import { lazyModule } from '../lazy-module.js';
import type { GlobOverrides, TypeFilter } from './filters.js';
import type { IgnoreReason, IgnoreRules } from './ignore.js';

/** fast-glob and micromatch (~150 KB of code) are required at the first walk, not at start-up (issue 38). */
const glob = lazyModule<typeof fg>('fast-glob');

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
  /** Awaited before each directory is read: lets a slow consumer hold the walk back. */
  gate?: () => Promise<void> | undefined;
}

type ReaddirCb = (err: NodeJS.ErrnoException | null, entries: Dirent[]) => void;

/** A fast-glob `fs` adapter whose readdir applies `filter` below `root`. */
export function filteringFs(root: string, filter: WalkFilter): Partial<fg.FileSystemAdapter> {
  const readdir = (dir: string, optsOrCb: unknown, maybeCb?: ReaddirCb): void => {
    const cb = (typeof optsOrCb === 'function' ? optsOrCb : maybeCb) as ReaddirCb;
    // fast-glob hands over absolute paths joined from the (real, normalised) root.
    const abs = path.isAbsolute(dir) ? dir : path.resolve(root, dir);
    if (filter.stop?.()) return cb(null, []);
    const waiting = filter.gate?.();
    if (waiting) {
      waiting.then(
        () => readdir(dir, optsOrCb, maybeCb),
        (err: NodeJS.ErrnoException) => cb(err, []),
      );
      return;
    }
    fs.readdir(abs, { withFileTypes: true }, (err, entries) => {
      if (err) return cb(err, []);
      const finish = (): void => {
        let relDir: string | undefined;
        const leftOut = (why: IgnoreReason): false => {
          filter.counts?.set(why, (filter.counts.get(why) ?? 0) + 1);
          return false;
        };
        const kept = entries.filter((e) => {
          const isDir = e.isDirectory();
          // rg's order: a glob override decides outright (except over always-skipped names),
          // then file types, then ignore files and hiding.
          if (filter.overrides) {
            if (filter.rules.skips(e.name)) return leftOut('skipped');
            relDir ??= path.relative(root, abs).split(path.sep).join('/');
            const glob = filter.overrides.verdict(relDir ? `${relDir}/${e.name}` : e.name, isDir);
            if (glob === 'exclude') return false;
            if (glob === 'include') {
              // Extra ignore files (.geminiignore, .qwenignore) still apply, as the rg backend
              // filters its results through them after rg's own glob override.
              const why = filter.rules.reason(abs, e.name, isDir);
              return why === undefined || why === 'gitignore' || why === 'hidden' || why === 'skipped'
                ? true
                : leftOut(why);
            }
          }
          if (!isDir && filter.types?.active && filter.types.excludes(e.name)) return false;
          const why = filter.rules.reason(abs, e.name, isDir);
          if (why !== undefined) return leftOut(why);
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
    // fast-glob remembers every path it yields to drop duplicates, which only several
    // patterns can produce: one pattern walks without that ever-growing index.
    unique: (opts.patterns?.length ?? 1) > 1,
    fs: filteringFs(root, opts),
  };
}

/**
 * Every match under `root` at once: relative paths, or entries with their dirent when
 * `withTypes`. Faster than the stream; `opts.stop` winds it down early.
 */
export async function walkAll(root: string, opts: WalkOptions, withTypes: boolean): Promise<Array<string | fg.Entry>> {
  opts.rules.loadAncestors(root);
  return glob().async(opts.patterns ?? ['**'], globOptions(root, opts, withTypes));
}

/** Entries the walk may read ahead of its consumer before directory reads wait. */
const READ_AHEAD = 5000;

/**
 * Streams entries under `root` that pass the filter (files, and other entries when asked).
 * fast-glob's stream emits entries without regard to backpressure, so they are queued here
 * and directory reads wait while more than READ_AHEAD are queued: memory stays bounded
 * however slow the consumer is.
 */
export function walk(root: string, opts: WalkOptions): AsyncIterable<WalkEntry> & { destroy(): void } {
  opts.rules.loadAncestors(root);
  const queue: WalkEntry[] = [];
  let head = 0; // index of the next entry to hand out
  let ended = false;
  let failure: Error | undefined;
  let destroyed = false;
  let wakeConsumer: (() => void) | undefined;
  let resumeWalk: (() => void) | undefined;
  let held: Promise<void> | undefined;
  const queued = (): number => queue.length - head;
  const gate = (): Promise<void> | undefined => {
    if (destroyed || queued() <= READ_AHEAD) return undefined;
    held ??= new Promise<void>((resolve) => (resumeWalk = resolve));
    return held;
  };
  const letWalkOn = (): void => {
    const r = resumeWalk;
    resumeWalk = undefined;
    held = undefined;
    r?.();
  };
  const stop = (): boolean => destroyed || opts.stop?.() === true;
  const stream = glob().stream(opts.patterns ?? ['**'], globOptions(root, { ...opts, gate, stop }, true)) as Readable;
  const wake = (): void => {
    const w = wakeConsumer;
    wakeConsumer = undefined;
    w?.();
  };
  stream.on('data', (entry: WalkEntry) => {
    queue.push(entry);
    wake();
  });
  stream.once('end', () => {
    ended = true;
    wake();
  });
  stream.once('error', (err) => {
    failure = err;
    ended = true;
    wake();
  });
  const iterate = async function* (): AsyncGenerator<WalkEntry> {
    for (;;) {
      if (destroyed) return;
      if (queued() > 0) {
        const entry = queue[head++]!;
        if (head > 1024 && head * 2 > queue.length) {
          queue.splice(0, head);
          head = 0;
        }
        if (resumeWalk && queued() <= READ_AHEAD / 2) letWalkOn();
        yield entry;
        continue;
      }
      if (failure) throw failure;
      if (ended) return;
      await new Promise<void>((resolve) => (wakeConsumer = resolve));
    }
  };
  return Object.assign(iterate(), {
    destroy: () => {
      destroyed = true;
      stream.destroy();
      // Directory reads waiting at the gate must go on (and find nothing) for the walk to end.
      letWalkOn();
      wake();
    },
  });
}
