// Atomic replacement of a file's bytes: a temporary file in the same directory, written,
// fsynced, given the old file's mode, then renamed over the target; the directory is
// fsynced after. A crash at any instant leaves the old bytes or the new, never a mix; the
// temporary file a crash leaves is removed by the next write into that directory.
import { constants as fsc, promises as fsp } from 'node:fs';
import path from 'node:path';
import { EngineError, engineFailure, fromSystemError, throwIfAborted } from '../errors.js';
import type { ResolvedPath, Scope } from '../scope.js';
import { claimTempPath, releaseTempPath, sweepStaleTemps } from './stale-temps.js';

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
}

/**
 * Writes `bytes` to `target` atomically; a failure removes the directories it created. The
 * bytes may come as a stream of chunks (an upload), written as they arrive.
 */
export async function atomicWrite(
  scope: Scope,
  target: ResolvedPath,
  bytes: Uint8Array | AsyncIterable<Uint8Array>,
  opts: AtomicWriteOptions = {},
): Promise<AtomicWriteResult> {
  throwIfAborted(opts.signal, 'write');
  const dir = path.dirname(target.real);
  const createdDirs = await ensureDir(scope, target, dir, opts.createParents ?? true);
  await sweepStaleTemps(dir);
  const tmp = claimTempPath(dir, path.basename(target.real));
  let fh: fsp.FileHandle | undefined;
  let mtimeMs = 0;
  let written = 0;
  try {
    fh = await fsp.open(tmp, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_EXCL | fsc.O_NOFOLLOW, opts.mode ?? 0o666);
    // The directory may have been swapped for a link since it was checked: verify where the file landed.
    scope.verifyOpened(fh.fd, { ...target, real: tmp });
    for await (const chunk of bytes instanceof Uint8Array ? [bytes] : bytes) {
      let off = 0;
      while (off < chunk.length) {
        const { bytesWritten } = await fh.write(chunk, off, chunk.length - off);
        off += bytesWritten;
      }
      written += chunk.length;
    }
    if (opts.mode !== undefined) await fh.chmod(opts.mode); // the umask may have narrowed it
    await fh.sync();
    mtimeMs = (await fh.stat()).mtimeMs;
    await fh.close();
    fh = undefined;
    throwIfAborted(opts.signal, 'write');
    await fsp.rename(tmp, target.real);
  } catch (err) {
    await fh?.close().catch(() => undefined);
    await fsp.unlink(tmp).catch(() => undefined);
    await removeDirs(createdDirs);
    throw err instanceof EngineError ? err : fromSystemError(err, target.input, 'write');
  } finally {
    releaseTempPath(tmp);
  }
  await syncDir(dir);
  return { mtimeMs, createdDirs, bytes: written };
}

/**
 * Makes sure the target's directory exists. Missing directories are made one level at a time
 * from the nearest existing one, and each is checked against the roots as soon as it exists,
 * so a parent swapped for a link cannot carry a whole `mkdir -p` out of the roots.
 */
async function ensureDir(scope: Scope, target: ResolvedPath, dir: string, create: boolean): Promise<string[]> {
  const st = await fsp.stat(dir).catch(() => undefined);
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

async function syncDir(dir: string): Promise<void> {
  try {
    const d = await fsp.open(dir, fsc.O_RDONLY | fsc.O_DIRECTORY);
    await d.sync().finally(() => d.close());
  } catch {
    // Some file systems refuse fsync on directories; the rename itself is still atomic.
  }
}
