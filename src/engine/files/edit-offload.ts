// An edit of a big file in a worker thread: decoding, matching, encoding, diffing and counting
// 50 MB hold a thread for over 100 ms, so for big files they run off the event loop. The
// main thread keeps the path checks, the lock, the freshness check and the write.
import { type Transferable } from 'node:worker_threads';
import { abortError, EngineError, type EngineErrorInit, type ErrorKind } from '../errors.js';
import { checkDeadline } from './deadline.js';
import { computeDiff, countLines, DIFF_BUDGET, roughDiff, type FileDiff } from './diff-compute.js';
import { MAX_DIFF_INPUT_CHARS } from './diff.js';
import { computeEdit, type EditComputed, type EditJob } from './edit-compute.js';
import { filesPool, owned } from './worker-pool.js';

/**
 * Files bigger than this are edited in a worker (a MiB decodes, encodes and compares in under 2 ms; the hop costs about
 * as much).
 */
export const OFFLOAD_MIN_BYTES = 1024 * 1024;

export interface EditMessage {
  kind: 'edit';
  job: EditJob;
  /** The file's path relative to the roots (labels the diff). */
  relative: string;
}

/** The worker's answer: the computed edit with its diff and line count, or the edit's failure. */
export type EditReply =
  | {
      done: Omit<EditComputed, 'beforeLf' | 'afterLf'> & {
        afterUtf16?: Uint8Array;
        diff: FileDiff;
        totalLines: number;
      };
      transfer?: Transferable[];
    }
  | { failure: { kind: ErrorKind; message: string; init: EngineErrorInit }; transfer?: undefined }
  | { crash: string; transfer?: undefined };

/** Runs in the worker. */
export function runEditJob(m: EditMessage): EditReply {
  try {
    const c = computeEdit(m.job);
    const { beforeLf, afterLf, ...rest } = c;
    // As diffTexts would, on this thread: texts past the input cap only get their counts.
    const job = {
      name: m.relative,
      newName: m.relative,
      before: beforeLf,
      after: afterLf,
      context: 3,
      budget: DIFF_BUDGET,
    };
    const diff =
      beforeLf.length + afterLf.length > MAX_DIFF_INPUT_CHARS
        ? roughDiff(beforeLf, afterLf, 'size', DIFF_BUDGET)
        : computeDiff(job);
    // The new text goes back as bytes: a 50 MB string is copied into the main thread's heap on
    // its event loop (tens of ms), a buffer is handed over. Usually the bytes written are the
    // text; otherwise it goes as UTF-16, which keeps every code unit.
    const afterUtf16 = c.bytesAreAfterLf ? undefined : owned(Buffer.from(afterLf, 'utf16le'));
    if (rest.bytes) rest.bytes = owned(rest.bytes);
    const transfer: Transferable[] = [];
    if (afterUtf16) transfer.push(afterUtf16.buffer as ArrayBuffer);
    if (rest.bytes) transfer.push(rest.bytes.buffer as ArrayBuffer);
    return { done: { ...rest, afterUtf16, diff, totalLines: countLines(afterLf) }, transfer };
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

export interface OffloadedEdit extends Omit<EditComputed, 'beforeLf' | 'afterLf'> {
  /**
   * The new text (LF line endings), still as UTF-16 bytes (or, without them, the UTF-8 `bytes`): decode it only when
   * needed.
   */
  afterUtf16?: Buffer;
  diff: FileDiff;
  totalLines: number;
}

/**
 * How long past its deadline a worker may go on (stuck where the edit's own clock checks do not reach) before it is
 * replaced.
 */
const OVERRUN_GRACE_MS = 1000;

/**
 * Runs the edit in a worker: its bytes are handed over (the caller must not use them after).
 * Resolves undefined when the worker died (the caller redoes the edit itself); rejects with the
 * edit's own failure, with timed_out once `job.rules.deadline` passed, and with the abort's
 * error when `signal` fires (the worker is then replaced: the edit changes nothing).
 */
export async function offloadEdit(
  job: EditJob & { bytes: Uint8Array },
  relative: string,
  signal?: AbortSignal,
): Promise<OffloadedEdit | undefined> {
  const bytes = owned(job.bytes);
  const message: EditMessage = { kind: 'edit', job: { ...job, bytes }, relative };
  const deadline = job.rules.deadline;
  const reply = (await filesPool.run(
    () => ({
      message,
      transfer: [bytes.buffer as ArrayBuffer],
      limitMs: deadline === undefined ? undefined : Math.max(0, deadline - Date.now()) + OVERRUN_GRACE_MS,
    }),
    signal,
  )) as EditReply | undefined;
  if (signal?.aborted) throw abortError(signal, 'the edit');
  if (!reply) checkDeadline(deadline, 'the edit');
  if (!reply || 'crash' in reply) return undefined;
  if ('failure' in reply) throw new EngineError(reply.failure.kind, reply.failure.message, reply.failure.init);
  const d = reply.done;
  const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
  return { ...d, bytes: d.bytes && buf(d.bytes), afterUtf16: d.afterUtf16 && buf(d.afterUtf16) };
}
