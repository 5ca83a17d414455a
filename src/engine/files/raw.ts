// Files as bytes, for transports that move whole files (an upload, a download, a listing, a
// delete) rather than text for a model: the same scope checks (real paths, links followed
// and checked), the same atomic writes and the same change record as the file tools, so a
// file put here is the file every tool reads.
import { createReadStream, promises as fsp } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { currentChanges, hashFile, recordedRemoval } from '../audit.js';
import { EngineError, engineFailure, fromSystemError } from '../errors.js';
import type { Scope } from '../scope.js';
import { atomicWrite } from './atomic.js';

export interface RawEntry {
  name: string;
  size: number;
  type: 'file' | 'directory';
  mtimeMs: number;
  /** Permission bits. */
  mode: number;
}

/** What a path names: a file to stream, or a directory's entries (sorted by name). */
export type RawTarget =
  | { kind: 'file'; real: string; size: number; mtimeMs: number; mode: number; stream: Readable }
  | { kind: 'directory'; real: string; entries: RawEntry[] };

/**
 * Opens a file for streaming, or lists a directory. A link in a listing shows as what it
 * points to; one that points outside the roots, or nowhere, is left out.
 */
export async function openRaw(scope: Scope, input: string, cwd: string): Promise<RawTarget> {
  const { resolved, file } = await scope.openExisting(input, cwd);
  const st = file.stat();
  if (st.isFile()) {
    // The stream owns the descriptor from here and closes it at its end, or when destroyed.
    const stream = createReadStream('', { fd: file.fd, autoClose: true });
    return { kind: 'file', real: resolved.real, size: st.size, mtimeMs: st.mtimeMs, mode: st.mode & 0o7777, stream };
  }
  await file.close();
  if (!st.isDirectory())
    throw engineFailure('not_regular_file', `${input} is not a regular file`, { path: input, notRegular: true });
  const names = (await fsp.readdir(resolved.real).catch((err) => Promise.reject(fromSystemError(err, input, 'list'))))
    .slice()
    .sort();
  const entries: RawEntry[] = [];
  for (const name of names) {
    const full = path.join(resolved.real, name);
    const lst = await fsp.lstat(full).catch(() => undefined);
    if (!lst) continue; // gone since the listing
    let st2 = lst;
    if (lst.isSymbolicLink()) {
      const target = await scope.resolve(full).catch(() => undefined);
      const followed = target?.exists ? await fsp.stat(target.real).catch(() => undefined) : undefined;
      if (!followed) continue;
      st2 = followed;
    }
    entries.push({
      name,
      size: st2.size,
      type: st2.isDirectory() ? 'directory' : 'file',
      mtimeMs: st2.mtimeMs,
      mode: st2.mode & 0o777,
    });
  }
  return { kind: 'directory', real: resolved.real, entries };
}

/**
 * Writes a whole file from a stream of chunks, atomically (temporary file, then rename), with
 * `mode`, creating missing parents. A directory at the path is refused; a failed or cut-off
 * upload leaves the old file as it was.
 */
export async function writeRaw(
  scope: Scope,
  input: string,
  cwd: string,
  body: AsyncIterable<Uint8Array>,
  opts: { mode: number; signal?: AbortSignal },
): Promise<{ real: string; bytes: number }> {
  const target = await scope.resolve(input, cwd);
  if (target.exists && (await fsp.stat(target.real).catch(() => undefined))?.isDirectory())
    throw engineFailure('is_directory', `${input} is a directory`, { path: input, isDirectory: true });
  const changes = currentChanges();
  const before = changes?.hashes ? await hashFile(target.real) : undefined;
  const { bytes } = await atomicWrite(scope, target, body, { mode: opts.mode, signal: opts.signal });
  if (changes) {
    const existed = before === undefined ? target.exists : before !== null;
    changes.files.push({
      path: target.real,
      change: existed ? 'modified' : 'created',
      before: before ?? null,
      after: changes.hashes ? await hashFile(target.real) : null,
      bytes,
    });
    changes.bytesWritten += bytes;
  }
  return { real: target.real, bytes };
}

const isLink = (p: string) =>
  fsp.lstat(p).then(
    (st) => st.isSymbolicLink(),
    () => false,
  );

/**
 * Removes a file, link (never what it points to) or directory. A directory with entries needs
 * `recursive` (directory_not_empty otherwise); a root is never removed itself: `recursive`
 * empties it (root_not_removed otherwise, as the sandboxd reference answers 409 there).
 */
export async function removeRaw(scope: Scope, input: string, cwd: string, recursive: boolean): Promise<void> {
  const resolved = await scope.resolve(input, cwd);
  // A root named itself ('.', '', 'sub/..') has its parent outside the roots, where scope.entry
  // refuses; a link that points at a root is an entry like any other.
  const root = scope.roots.includes(resolved.real) && !(await isLink(resolved.absolute));
  const entry = root ? resolved.real : await scope.entry(resolved);
  const st = await fsp.lstat(entry).catch((err) => Promise.reject(fromSystemError(err, input, 'delete')));
  const notEmpty = () =>
    engineFailure('directory_not_empty', `${input} is a directory with entries: remove it recursively`, {
      path: input,
    });
  try {
    if (root) {
      if (!recursive) {
        throw engineFailure(
          'root_not_removed',
          `${input} is a root of the workspace, which is never removed: remove it recursively to empty it`,
          { path: input },
        );
      }
      for (const name of await fsp.readdir(entry)) {
        const child = path.join(entry, name);
        await recordedRemoval(child, () => fsp.rm(child, { recursive: true, force: true }));
      }
      return;
    }
    if (!st.isDirectory()) return await recordedRemoval(entry, () => fsp.unlink(entry));
    if (recursive) return await recordedRemoval(entry, () => fsp.rm(entry, { recursive: true, force: true }));
    await recordedRemoval(entry, () => fsp.rmdir(entry));
  } catch (err) {
    if (err instanceof EngineError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') throw notEmpty();
    throw fromSystemError(err, input, 'delete');
  }
}
