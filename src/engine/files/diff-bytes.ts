// The diff of a big file's old and new bytes, decoded and compared in the files worker: on the
// event loop, the old text of a 20 MB write cost a decode, a flattening copy and garbage-collection
// pauses of over 10 ms; here the main thread only hands the two buffers over.
import { computeDiff, DIFF_BUDGET, roughDiff, type FileDiff } from './diff-compute.js';
import { MAX_DIFF_INPUT_CHARS } from './diff.js';
import { decode, toLf, type TextEncoding } from './encoding.js';
import { filesPool, owned } from './worker-pool.js';

/** A side of the diff: the file's bytes, their encoding, and where the text starts (after a BOM). */
export interface TextBytes {
  bytes: Uint8Array;
  encoding: TextEncoding;
  bomLength: number;
}

export interface DiffBytesMessage {
  kind: 'diff-bytes';
  name: string;
  before: TextBytes;
  after: TextBytes;
}

const text = (t: TextBytes) => toLf(decode(t.bytes.subarray(t.bomLength), t.encoding));

/** Runs in the worker: what diffTexts gives for the two texts in LF form. */
export function runDiffBytesJob(m: DiffBytesMessage, waitedMs = 0): FileDiff {
  const before = text(m.before);
  const after = text(m.after);
  if (before.length + after.length > MAX_DIFF_INPUT_CHARS) return roughDiff(before, after, 'size', DIFF_BUDGET);
  return computeDiff({ name: m.name, newName: m.name, before, after, context: 3, budget: DIFF_BUDGET, waitedMs });
}

/** As in diff-pool: a worker this long past the diff's budget is taken for stuck. */
const GRACE_MS = 2000;

/**
 * The diff of the texts two buffers hold, computed in the worker; both buffers are handed over
 * (the caller must not use them after). A worker that failed gives the omitted diff of the
 * line counts the caller knows.
 */
export async function diffBytesOffLoop(
  name: string,
  before: TextBytes,
  after: TextBytes,
  lines: { oldLines: number; newLines: number },
): Promise<FileDiff> {
  const b = owned(before.bytes);
  const a = owned(after.bytes);
  const message: DiffBytesMessage = {
    kind: 'diff-bytes',
    name,
    before: { ...before, bytes: b },
    after: { ...after, bytes: a },
  };
  const transfer =
    b.buffer === a.buffer ? [b.buffer as ArrayBuffer] : [b.buffer as ArrayBuffer, a.buffer as ArrayBuffer];
  const reply = (await filesPool.run((waited) => ({
    message: { ...message, waitedMs: waited },
    transfer,
    limitMs: Math.max(0, DIFF_BUDGET.ms - waited) + GRACE_MS,
  }))) as { diff?: FileDiff } | undefined;
  return reply?.diff ?? roughDiff('', '', 'time', DIFF_BUDGET, lines);
}
