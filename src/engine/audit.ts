// The engine's own record of what one call changed: files created, modified, moved and
// deleted (with content hashes before and after) and commands run. The server's audit log
// and metrics read it, so their facts are what the engine did, not what the arguments asked.
// The record travels with the call through AsyncLocalStorage: every write path and command
// finds it without each engine function and shape passing one more option along. No record
// is active unless the server observes calls (--audit-log, --metrics-listen), so the store
// costs nothing otherwise.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { openRegular } from './regular-file.js';

export type FileChangeKind = 'created' | 'modified' | 'deleted' | 'moved';

export interface FileChange {
  /** Real path of the file. */
  path: string;
  change: FileChangeKind;
  /** sha256 (hex) of the content before; null when there was no file (or hashing is off). */
  before: string | null;
  /** sha256 (hex) of the content after; null when there is none. */
  after: string | null;
  /** Where a moved file went (on the `moved` entry of its old path). */
  to?: string;
  /** Where a file came from when a move wrote it. */
  from?: string;
  /** Bytes written. */
  bytes: number;
}

export interface CommandRecord {
  /** The command line (an argv joined with spaces). */
  command: string;
  cwd: string;
  /** null while it still runs (a background job) or when a signal ended it. */
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  timedOut?: boolean;
  /** Started as a background job (its end is not part of this call). */
  job?: string;
}

export class ChangeRecord {
  readonly files: FileChange[] = [];
  readonly commands: CommandRecord[] = [];
  bytesWritten = 0;

  /** @param hashes compute content hashes (the audit log wants them; metrics alone do not). */
  constructor(readonly hashes: boolean) {}

  /** A mark to roll back to when an all-or-none operation undoes what it wrote. */
  mark(): { files: number; bytes: number } {
    return { files: this.files.length, bytes: this.bytesWritten };
  }

  rollback(m: { files: number; bytes: number }): void {
    this.files.length = m.files;
    this.bytesWritten = m.bytes;
  }
}

const store = new AsyncLocalStorage<ChangeRecord>();

/** Runs `fn` with `record` collecting what the engine changes during it. */
export function recordChanges<T>(record: ChangeRecord, fn: () => Promise<T>): Promise<T> {
  return store.run(record, fn);
}

/** The record of the call running now, if the server observes calls. */
export function currentChanges(): ChangeRecord | undefined {
  return store.getStore();
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** sha256 of a file's content, streamed (files may be large); null when there is no regular file. */
export async function hashFile(file: string): Promise<string | null> {
  const opened = await openRegular(file).catch(() => undefined);
  if (!opened) return null;
  return new Promise((resolve) => {
    const h = createHash('sha256');
    opened.handle
      .createReadStream()
      .on('data', (c) => h.update(c))
      .on('end', () => resolve(h.digest('hex')))
      .on('error', () => resolve(null));
  });
}

/**
 * Runs `write`, which leaves `text` in `file`, and records it in the call's record when there is
 * one (for writers that do not go through saveBytes: the memory directory).
 */
export async function recordedWrite(file: string, text: string, write: () => Promise<void>): Promise<void> {
  const changes = currentChanges();
  if (!changes) return write();
  const before = await hashFile(file); // null: there was no file
  await write();
  const bytes = Buffer.from(text);
  changes.files.push({
    path: file,
    change: before === null ? 'created' : 'modified',
    before: changes.hashes ? before : null,
    after: changes.hashes ? sha256Hex(bytes) : null,
    bytes: bytes.length,
  });
  changes.bytesWritten += bytes.length;
}

/** Records that `file` was deleted, or moved to `to` (its content hash taken first), around `change`. */
export async function recordedRemoval(file: string, change: () => Promise<void>, to?: string): Promise<void> {
  const changes = currentChanges();
  if (!changes) return change();
  const before = changes.hashes ? await hashFile(file) : null;
  await change();
  if (to === undefined) changes.files.push({ path: file, change: 'deleted', before, after: null, bytes: 0 });
  else {
    changes.files.push({ path: to, change: 'created', before: null, after: before, bytes: 0, from: file });
    changes.files.push({ path: file, change: 'moved', to, before, after: null, bytes: 0 });
  }
}
