// Opening one file for reading: resolved in scope, checked to be a regular file, with its
// size, mtime and mode; and what a path names without opening it. Apart from read.ts so the
// text-file and media readers can open files without importing the whole reader.
import { promises as fsp } from 'node:fs';
import { FdFile, SYNC_READ_MAX } from '../fd-file.js';
import { EngineError, engineFailure, fromSystemError } from '../errors.js';
import type { ResolvedPath, Scope } from '../scope.js';

/** An opened, verified, regular file. */
export interface OpenedFile {
  resolved: ResolvedPath;
  fh: FdFile;
  size: number;
  mtimeMs: number;
  mode: number;
}

/**
 * Opens an existing regular file for reading, checking the opened file is in scope. `target`
 * is the caller's path, or its resolution when the caller already has one (not resolved again).
 */
export async function openForRead(
  scope: Scope,
  target: string | ResolvedPath,
  cwd: string | undefined,
  field = 'path',
): Promise<OpenedFile> {
  const input = typeof target === 'string' ? target : target.input;
  const { resolved, file: fh } = await scope.openExisting(target, cwd, field);
  try {
    const st = fh.stat();
    if (st.isDirectory()) {
      throw engineFailure('is_directory', `${input} is a directory`, { path: input, isDirectory: true }, { field });
    }
    if (!st.isFile()) {
      throw engineFailure(
        'not_regular_file',
        `${input} is not a regular file`,
        { path: input, notRegular: true },
        { field },
      );
    }
    fh.sync = st.size <= SYNC_READ_MAX;
    fh.syncBudget = SYNC_READ_MAX;
    return { resolved, fh, size: st.size, mtimeMs: st.mtimeMs, mode: st.mode & 0o7777 };
  } catch (err) {
    await fh.close().catch(() => undefined);
    throw err instanceof EngineError ? err : fromSystemError(err, input, 'read');
  }
}

export interface FileStat {
  path: string;
  exists: boolean;
  isFile: boolean;
  isDirectory: boolean;
  size: number;
  mtimeMs: number;
}

/** Where `input` resolves inside the scope and what is there (no content read). */
export async function statFile(scope: Scope, input: string, cwd?: string): Promise<FileStat> {
  return statResolved(await scope.resolve(input, cwd));
}

/** What is at a path already resolved (no content read). */
export async function statResolved(resolved: ResolvedPath): Promise<FileStat> {
  const st = resolved.exists ? await fsp.stat(resolved.real).catch(() => undefined) : undefined;
  return {
    path: resolved.real,
    exists: st !== undefined,
    isFile: st?.isFile() ?? false,
    isDirectory: st?.isDirectory() ?? false,
    size: st?.size ?? 0,
    mtimeMs: st?.mtimeMs ?? 0,
  };
}

/** Reads all of an opened file (callers cap the size first). */
/** A whole file inside the scope, opened as every read opens files, refused over `maxBytes` (before it is read). */
export async function readScopedBytes(
  scope: Scope,
  target: string,
  opts: { field: string; maxBytes: number; tooLarge: (size: number) => Error },
): Promise<{ bytes: Buffer; real: string }> {
  const file = await openForRead(scope, target, undefined, opts.field);
  try {
    if (file.size > opts.maxBytes) throw opts.tooLarge(file.size);
    return { bytes: await readAll(file), real: file.resolved.real };
  } finally {
    await file.fh.close().catch(() => undefined);
  }
}

export async function readAll(f: OpenedFile): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(f.size);
  let off = 0;
  while (off < f.size) {
    const { bytesRead } = await f.fh.read(buf, off, f.size - off, off);
    if (bytesRead === 0) break;
    off += bytesRead;
  }
  return off === f.size ? buf : buf.subarray(0, off);
}
