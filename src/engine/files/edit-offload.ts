// An edit of a big file in a worker thread: reading, decoding, matching, encoding, diffing,
// counting, writing and hashing 50 MB hold a thread for over 100 ms, so for big files they run
// off the event loop. The main thread keeps the path checks, the lock, the freshness check and
// the temporary file's life (opened, verified, renamed or removed): the worker reads the file and
// writes the new bytes through descriptors the main thread opened. The file's bytes never come to
// the main thread, where 50 MB buffers, counted as external memory, brought full collections.
import { readSync, writeSync } from 'node:fs';
import { abortError, EngineError, type EngineErrorInit, type ErrorKind } from '../errors.js';
import { checkDeadline } from './deadline.js';
import { computeDiff, countLines, DIFF_BUDGET, roughDiff, type FileDiff } from './diff-compute.js';
import { MAX_DIFF_INPUT_CHARS } from './diff.js';
import { computeEdit, type EditComputed, type EditJob } from './edit-compute.js';
import { detectEncoding } from './encoding.js';
import { sha256 } from './freshness.js';
import { looksBinary } from './kind.js';
import { binaryFile } from './text-file.js';
import { filesPool } from './worker-pool.js';

/**
 * Files bigger than this are edited in a worker (a MiB decodes, encodes and compares in under 2 ms; the hop costs about
 * as much).
 */
export const OFFLOAD_MIN_BYTES = 1024 * 1024;

/** What the worker needs besides the edits: where to read the file and where to write the new bytes. */
export interface FileEditJob extends Omit<EditJob, 'exists' | 'text' | 'bytes' | 'bomLength' | 'encoding' | 'bom'> {
  /** The opened file (a descriptor of this process) and its size. */
  source: { fd: number; size: number };
  /** The opened temporary file the new bytes go to. */
  target: number;
  /** The field a binary file is blamed on. */
  field: string;
  /** Also hash the file's bytes as read (the freshness check needs them when its mtime moved). */
  hashBefore: boolean;
  /** Send the new text back (the caller shows a snippet of it). */
  keepText: boolean;
}

export interface EditMessage {
  kind: 'edit';
  job: FileEditJob;
  /** The file's path relative to the roots (labels the diff). */
  relative: string;
}

/** The edit done: what was computed, without the texts and bytes, which stay in the worker unless asked for. */
export interface OffloadedEdit extends Omit<EditComputed, 'beforeLf' | 'afterLf' | 'bytes' | 'bytesAreAfterLf'> {
  diff: FileDiff;
  totalLines: number;
  /** The bytes written to the target, with their sha256; none when nothing changed. */
  written?: { length: number; sha256: string };
  /** The sha256 of the file as read, when asked. */
  before?: string;
  /** The new text with LF line endings, when asked (`keepText`). */
  afterLf?: string;
}

/** The worker's answer: the edit, or the edit's failure. */
export type EditReply =
  | { done: OffloadedEdit }
  | { failure: { kind: ErrorKind; message: string; init: EngineErrorInit } }
  | { crash: string };

/** Runs in the worker. */
export function runEditJob(m: EditMessage): EditReply {
  try {
    const { source, target, field, hashBefore, keepText, ...rest } = m.job;
    const bytes = readWhole(source.fd, source.size);
    const enc = detectEncoding(bytes, true);
    if (!enc.bom && looksBinary(bytes.subarray(0, 8192))) throw binaryFile(rest.input, field);
    const c = computeEdit({ ...rest, exists: true, bytes, ...enc });
    const { beforeLf, afterLf, bytes: out, bytesAreAfterLf: _, ...computed } = c;
    // As diffTexts would, on this thread: texts past the input cap only get their counts.
    const diff =
      beforeLf.length + afterLf.length > MAX_DIFF_INPUT_CHARS
        ? roughDiff(beforeLf, afterLf, 'size', DIFF_BUDGET)
        : computeDiff({
            name: m.relative,
            newName: m.relative,
            before: beforeLf,
            after: afterLf,
            context: 3,
            budget: DIFF_BUDGET,
          });
    if (out) writeWhole(target, out);
    return {
      done: {
        ...computed,
        diff,
        totalLines: countLines(afterLf),
        written: out && { length: out.length, sha256: sha256(out) },
        before: hashBefore ? sha256(bytes) : undefined,
        afterLf: keepText ? afterLf : undefined,
      },
    };
  } catch (err) {
    if (err instanceof EngineError) {
      return {
        failure: {
          kind: err.kind,
          message: err.message,
          init: { facts: err.facts as EngineErrorInit['facts'], field: err.field },
        },
      };
    }
    return { crash: String((err as Error)?.stack ?? err) };
  }
}

function readWhole(fd: number, size: number): Buffer {
  const buf = Buffer.allocUnsafe(size);
  let off = 0;
  while (off < size) {
    const n = readSync(fd, buf, off, size - off, off);
    if (n === 0) break;
    off += n;
  }
  return off === size ? buf : buf.subarray(0, off);
}

function writeWhole(fd: number, bytes: Uint8Array): void {
  for (let off = 0; off < bytes.length;) off += writeSync(fd, bytes, off, bytes.length - off);
}

/**
 * How long past its deadline a worker may go on (stuck where the edit's own clock checks do not reach) before it is
 * replaced.
 */
const OVERRUN_GRACE_MS = 1000;

/**
 * Runs the edit in a worker. Resolves undefined when the worker died (the caller redoes the edit
 * itself; the target may hold part of the bytes); rejects with the edit's own failure, with
 * timed_out once `job.rules.deadline` passed, and with the abort's error when `signal` fires. A
 * worker given up on has stopped before this settles, so the caller may close the descriptors.
 */
export async function offloadEdit(
  job: FileEditJob,
  relative: string,
  signal?: AbortSignal,
): Promise<OffloadedEdit | undefined> {
  const message: EditMessage = { kind: 'edit', job, relative };
  const deadline = job.rules.deadline;
  const reply = (await filesPool.run(
    () => ({
      message,
      limitMs: deadline === undefined ? undefined : Math.max(0, deadline - Date.now()) + OVERRUN_GRACE_MS,
    }),
    signal,
  )) as EditReply | undefined;
  if (signal?.aborted) throw abortError(signal, 'the edit');
  if (!reply) checkDeadline(deadline, 'the edit');
  if (!reply || 'crash' in reply) return undefined;
  if ('failure' in reply) throw new EngineError(reply.failure.kind, reply.failure.message, reply.failure.init);
  return reply.done;
}
