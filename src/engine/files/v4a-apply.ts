// One apply_patch file operation on disk: create a file from a V4A
// create diff, update one with a V4A update diff, or delete one. The new text is computed in
// memory first, then written in one atomic replacement, holding the file's lock, so a diff
// that does not apply leaves the file as it was. Unlike the reference editors, a create never
// replaces an existing file and a delete of a missing file fails.
import { promises as fsp } from 'node:fs';
import { currentChanges, sha256Hex } from '../audit.js';
import { engineFailure, fromSystemError, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';
import type { Session } from '../session.js';
import { diffTexts, type FileDiff } from './diff.js';
import { toLf } from './encoding.js';
import { withPathLocks } from './lock.js';
import { loadText, NEW_FILE_FORMAT, saveText } from './text-file.js';
import { applyV4A } from './v4a.js';

export interface DiffOperation {
  type: 'create_file' | 'update_file' | 'delete_file';
  path: string;
  /** The V4A diff (create_file and update_file). */
  diff?: string;
}

export interface DiffOperationResult {
  type: DiffOperation['type'];
  /** Real path of the file. */
  path: string;
  /** Relative to its root. */
  relative: string;
  diff: FileDiff;
  /** Bytes written (0 for a delete). */
  bytes: number;
}

export interface DiffOperationOptions {
  cwd?: string;
  signal?: AbortSignal;
  session?: Session;
}

export async function applyDiffOperation(
  scope: Scope,
  op: DiffOperation,
  opts: DiffOperationOptions = {},
): Promise<DiffOperationResult> {
  const resolved = await scope.resolve(op.path, opts.cwd, 'path');
  const relative = scope.relative(resolved.real);
  return withPathLocks([resolved.real], async () => {
    throwIfAborted(opts.signal, 'apply_patch');
    const loaded = await loadText(scope, resolved, { cwd: opts.cwd, field: 'path' });
    const done = async (text: string, before: string, bytes: number): Promise<DiffOperationResult> => ({
      type: op.type,
      path: resolved.real,
      relative,
      diff: await diffTexts(relative, toLf(before), toLf(text)),
      bytes,
    });
    if (op.type === 'create_file') {
      if (loaded.exists)
        throw engineFailure(
          'file_exists',
          `${op.path} already exists`,
          { path: op.path, operation: 'create' },
          { field: 'path' },
        );
      const text = applyV4A('', op.diff ?? '', 'create');
      const saved = await saveText(scope, loaded.resolved, text, NEW_FILE_FORMAT, {
        session: opts.session,
        signal: opts.signal,
      });
      return done(text, '', saved.bytes.length);
    }
    if (!loaded.exists)
      throw engineFailure('file_missing', `${op.path} does not exist`, { path: op.path }, { field: 'path' });
    if (op.type === 'delete_file') {
      // The entry goes: a link is removed, never the file it points to.
      const entry = await scope.entry(loaded.resolved, 'path');
      await fsp.unlink(entry).catch((err) => {
        throw fromSystemError(err, op.path, 'delete');
      });
      opts.session?.reads.delete(loaded.resolved.real);
      const changes = currentChanges();
      changes?.files.push({
        path: loaded.resolved.real,
        change: 'deleted',
        before: changes.hashes ? sha256Hex(loaded.bytes) : null,
        after: null,
        bytes: 0,
      });
      return done('', loaded.text, 0);
    }
    const text = applyV4A(loaded.text, op.diff ?? '', 'update');
    const saved = await saveText(scope, loaded.resolved, text, loaded, {
      mode: loaded.mode,
      session: opts.session,
      signal: opts.signal,
    });
    return done(text, loaded.text, saved.bytes.length);
  });
}
