// Atomic replacement of a file's bytes: a temporary file in the same directory, written,
// fsynced, given the old file's mode, then renamed over the target. A crash at any instant
// leaves the old bytes or the new, never a mix; the temporary file a crash leaves is removed by
// the next write into that directory.
//
// The directory is not fsynced after the rename (issue 38). That fsync only makes the rename
// durable before the call answers; without it the rename reaches the disk with the file
// system's next commit (ext4: within 5 s), so a host crash in that window brings the old file
// back whole, never a torn one. A host crash ends the agent's session too, editors and the MCP
// filesystem server do not fsync the directory either, and it cost ~100 µs of CPU (an open, a
// thread-pool round trip and a close) of a ~1 ms edit.
import {
  closeSync,
  fchmodSync,
  fstatSync,
  fsync,
  constants as fsc,
  openSync,
  lstatSync,
  promises as fsp,
  rename,
  renameSync,
  statSync,
  type Stats,
  unlinkSync,
  write,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { EngineError, engineFailure, fromSystemError, throwIfAborted } from '../errors.js';
import type { ResolvedPath, Scope } from '../scope.js';
import { claimTempPath, redrawTempSerial, releaseTempPath, sweepStaleTemps } from './stale-temps.js';

const fsyncAsync = promisify(fsync);
const renameAsync = promisify(rename);
const writeAsync = promisify(write) as (
  fd: number,
  buffer: Uint8Array,
  offset: number,
  length: number,
) => Promise<{ bytesWritten: number }>;
/** Writes below this size run inline; larger slices go through the thread pool. */
const INLINE_WRITE = 256 * 1024;

export interface AtomicWriteOptions {
  /** Permission bits for the file (an existing file's mode is passed to keep it). */
  mode?: number;
  /** Create missing parent directories (default true). */
  createParents?: boolean;
  signal?: AbortSignal;
}

export interface AtomicWriteResult {
  mtimeMs: number;
  /** Directories this write created, outermost first (a caller undoing the write removes them). */
  createdDirs: string[];
  /** Bytes written. */
  bytes: number;
  /** The writer had nothing to write: the temporary file was removed and the target left as it was. */
  abandoned?: boolean;
}

/**
 * Fills the opened temporary file itself (a worker thread writes a big edit's bytes, so they never
 * reach this thread): resolves the number of bytes written, or false to leave the target as it was.
 */
export type TempWriter = (fd: number) => Promise<number | false>;

/**
 * Writes `bytes` to `target` atomically; a failure removes the directories it created. The
 * bytes may come as a stream of chunks (an upload), written as they arrive, or be written by
 * a TempWriter.
 */
export async function atomicWrite(
  scope: Scope,
  target: ResolvedPath,
  bytes: Uint8Array | AsyncIterable<Uint8Array> | TempWriter,
  opts: AtomicWriteOptions = {},
): Promise<AtomicWriteResult> {
  throwIfAborted(opts.signal, 'write');
  const dir = path.dirname(target.real);
  const createdDirs = await ensureDir(scope, target, dir, opts.createParents ?? true);
  await sweepStaleTemps(dir);
  let tmp = claimTempPath(dir, path.basename(target.real));
  // Opens, small writes, chmod, fstat, close and rename run inline: each costs a few µs as a
  // syscall against ~25 µs of CPU as a promise through the thread pool, and a small edit made a
  // dozen of them (issue 38). What can block (fsync, a large write) stays off the event loop.
  let fd: number | undefined;
  let mtimeMs = 0;
  let written = 0;
  try {
    for (let tries = 1; fd === undefined; tries++) {
      try {
        fd = openSync(tmp, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_EXCL | fsc.O_NOFOLLOW, opts.mode ?? 0o666);
      } catch (err) {
        // The name is taken (by a file or link someone put there): draw anew, a few times.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries === 3) throw err;
        releaseTempPath(tmp);
        redrawTempSerial();
        tmp = claimTempPath(dir, path.basename(target.real));
      }
    }
    // The directory may have been swapped for a link since it was checked: verify where the file landed.
    scope.verifyOpened(fd, { ...target, real: tmp });
    const n = typeof bytes === 'function' ? await bytes(fd) : await writeChunks(fd, bytes);
    if (n === false) {
      closeSync(fd);
      fd = undefined;
      unlinkSync(tmp);
      await removeDirs(createdDirs);
      return { mtimeMs: 0, createdDirs: [], bytes: 0, abandoned: true };
    }
    written = n;
    if (opts.mode !== undefined) fchmodSync(fd, opts.mode); // the umask may have narrowed it
    await fsyncAsync(fd);
    mtimeMs = fstatSync(fd).mtimeMs;
    closeSync(fd);
    fd = undefined;
    throwIfAborted(opts.signal, 'write');
    // Renaming over a big file frees its blocks inside the call (~14 ms for 50 MB on ext4): that
    // one goes through the thread pool. A small file's rename stays inline (a few µs).
    if (written >= INLINE_WRITE || replacedSize(target) >= INLINE_WRITE) await renameAsync(tmp, target.real);
    else renameSync(tmp, target.real);
  } catch (err) {
    if (fd !== undefined) closeQuietly(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // never created, or already renamed
    }
    await removeDirs(createdDirs);
    throw err instanceof EngineError ? err : fromSystemError(err, target.input, 'write');
  } finally {
    releaseTempPath(tmp);
  }
  return { mtimeMs, createdDirs, bytes: written };
}

/** Writes the bytes (or the chunks as they arrive) to `fd`; the number written. */
async function writeChunks(fd: number, bytes: Uint8Array | AsyncIterable<Uint8Array>): Promise<number> {
  let written = 0;
  for await (const chunk of bytes instanceof Uint8Array ? [bytes] : bytes) {
    let off = 0;
    while (off < chunk.length) {
      const n = Math.min(chunk.length - off, INLINE_WRITE);
      // The tail of a big chunk too goes through the pool: with many dirty pages, the kernel
      // can make any write wait (a 20 MB write's last slice held the loop for ~10 ms).
      off +=
        chunk.length < INLINE_WRITE ? writeSync(fd, chunk, off, n) : (await writeAsync(fd, chunk, off, n)).bytesWritten;
    }
    written += chunk.length;
  }
  return written;
}

/** The size of the file a write replaces (0 when there is none). */
function replacedSize(target: ResolvedPath): number {
  if (!target.exists) return 0;
  return lstatSync(target.real, { throwIfNoEntry: false })?.size ?? 0;
}

/**
 * Makes sure the target's directory exists. Missing directories are made one level at a time
 * from the nearest existing one, and each is checked against the roots as soon as it exists,
 * so a parent swapped for a link cannot carry a whole `mkdir -p` out of the roots.
 */
async function ensureDir(scope: Scope, target: ResolvedPath, dir: string, create: boolean): Promise<string[]> {
  let st: Stats | undefined;
  try {
    st = statSync(dir);
  } catch {
    st = undefined;
  }
  if (st?.isDirectory()) return [];
  if (st) throw notADirectory(target, dir);
  if (!create) {
    throw engineFailure(
      'parent_missing',
      `the directory of ${target.input} does not exist`,
      { path: target.input, parent: dir },
      { field: 'path' },
    );
  }
  const missing: string[] = [];
  let at = dir;
  while ((await fsp.lstat(at).catch(() => undefined)) === undefined && path.dirname(at) !== at) {
    missing.unshift(path.basename(at));
    at = path.dirname(at);
  }
  if (!(await fsp.stat(at).catch(() => undefined))?.isDirectory()) throw notADirectory(target, at);
  const created: string[] = [];
  try {
    let parent = await fsp.realpath(at);
    if (!scope.contains(parent)) throw scope.outside(target.input, parent);
    for (const name of missing) {
      const next = path.join(parent, name);
      await fsp.mkdir(next).then(
        () => created.push(next),
        (err: NodeJS.ErrnoException) => {
          if (err.code !== 'EEXIST') throw fromSystemError(err, target.input, 'mkdir');
        },
      );
      parent = await fsp.realpath(next);
      if (!scope.contains(parent)) throw scope.outside(target.input, parent);
    }
  } catch (err) {
    await removeDirs(created);
    throw err instanceof EngineError ? err : fromSystemError(err, target.input, 'mkdir');
  }
  return created;
}

function notADirectory(target: ResolvedPath, parent: string): EngineError {
  return engineFailure(
    'parent_not_directory',
    `the parent of ${target.input} is not a directory`,
    { path: target.input, parent },
    { field: 'path' },
  );
}

/** Removes directories a failed write created, innermost first; one that is no longer empty stays. */
export async function removeDirs(created: readonly string[]): Promise<void> {
  for (const d of [...created].reverse()) await fsp.rmdir(d).catch(() => undefined);
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // closed already
  }
}
