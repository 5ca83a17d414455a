// Read-before-edit: what the session saw of each file (size, mtime, sha256), and the
// checks shapes turn on per vendor: read first, read whole, unchanged since.
import { createHash, hash } from 'node:crypto';
import type { ReadRecord, Session } from '../session.js';
import { engineFailure } from '../errors.js';

export interface FreshnessPolicy {
  /** An existing file must have been read in this session. */
  requireRead?: boolean;
  /** ...and that read must have covered the whole file (not a range or a cut view). */
  requireComplete?: boolean;
  /** ...and the file must be unchanged since (size and mtime, or same content when those moved). */
  requireUnchanged?: boolean;
}

export interface FileState {
  size: number;
  mtimeMs: number;
  /** The current bytes, when at hand: lets an mtime-only change pass when the content is the same. */
  bytes?: Uint8Array;
  /** ...or their sha256, when another thread read them. */
  sha256?: string;
}

export function sha256(bytes: Uint8Array): string {
  return hash('sha256', bytes, 'hex');
}

/**
 * True when the session already read `real` over the same range and the file has not changed
 * since (size and mtime): the "unchanged since your last read" answer some vendors give.
 */
export function unchangedSinceRead(
  session: Session | undefined,
  real: string,
  now: FileState,
  range: { offset?: number; limit?: number } = {},
): boolean {
  const rec = session?.reads.get(real);
  if (!rec || rec.size !== now.size || rec.mtimeMs !== now.mtimeMs) return false;
  return (rec.offset ?? 1) === (range.offset ?? 1) && rec.limit === range.limit;
}

export function recordRead(session: Session | undefined, real: string, rec: ReadRecord): void {
  session?.reads.set(real, rec);
}

/** Bytes hashed per turn of the event loop by sha256Yielding (about a millisecond's work). */
const HASH_SLICE = 1024 * 1024;

/**
 * sha256 (hex) of `bytes`, a slice at a time with a turn of the event loop between slices:
 * hashing 50 MB in one go held up every other call for ~30 ms.
 */
export async function sha256Yielding(bytes: Uint8Array): Promise<string> {
  if (bytes.length <= HASH_SLICE) return sha256(bytes);
  const h = createHash('sha256');
  for (let at = 0; at < bytes.length; at += HASH_SLICE) {
    h.update(bytes.subarray(at, at + HASH_SLICE));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return h.digest('hex');
}

/** Records the state just written (size, mtime, sha256): a successful write leaves the session's view current. */
export function recordWritten(session: Session, real: string, size: number, mtimeMs: number, hash: string): void {
  recordRead(session, real, { size, mtimeMs, hash, complete: true });
}

/** True when checkFreshness would compare the file's content (its size or mtime moved since the read). */
export function freshnessNeedsContent(
  session: Session | undefined,
  real: string,
  now: FileState,
  policy: FreshnessPolicy | undefined,
): boolean {
  const rec = policy?.requireUnchanged ? session?.reads.get(real) : undefined;
  return rec !== undefined && rec.hash !== '' && (rec.size !== now.size || rec.mtimeMs !== now.mtimeMs);
}

/**
 * Throws CONFLICT when the session's view of the file is not good enough to change it;
 * facts.condition names which check failed: not_read, partial_read, modified_since_read.
 */
export function checkFreshness(
  session: Session | undefined,
  real: string,
  display: string,
  now: FileState,
  policy: FreshnessPolicy | undefined,
): void {
  if (!policy || !session) return;
  const rec = session.reads.get(real);
  if (!rec) {
    if (policy.requireRead || policy.requireComplete || policy.requireUnchanged) {
      throw engineFailure('not_read', `${display} has not been read in this session`, { path: display });
    }
    return;
  }
  if (policy.requireComplete && !rec.complete) {
    throw engineFailure('partial_read', `${display} was only partly read in this session`, {
      path: display,
      offset: rec.offset,
      limit: rec.limit,
    });
  }
  if (policy.requireUnchanged && (rec.size !== now.size || rec.mtimeMs !== now.mtimeMs)) {
    const same = rec.hash !== '' && (now.sha256 ?? (now.bytes && sha256(now.bytes))) === rec.hash;
    if (!same) {
      throw engineFailure('modified_since_read', `${display} has changed since it was read`, {
        path: display,
        readSize: rec.size,
        readMtimeMs: rec.mtimeMs,
        size: now.size,
        mtimeMs: now.mtimeMs,
      });
    }
  }
}
