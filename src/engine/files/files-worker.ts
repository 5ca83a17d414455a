// A files worker thread: diffs, big edits and legacy-encoding conversions the pool sends, one at a time.
import { parentPort } from 'node:worker_threads';
import { type CodecMessage, runCodecJob } from './codec-offload.js';
import { type DiffBytesMessage, runDiffBytesJob } from './diff-bytes.js';
import { computeDiff, type DiffJob } from './diff-compute.js';
import type { DiffReply } from './diff-pool.js';
import { runEditJob, type EditMessage, type EditReply } from './edit-offload.js';

export type FilesMessage =
  { kind: 'diff'; job: DiffJob } | EditMessage | CodecMessage | (DiffBytesMessage & { waitedMs?: number });

const port = parentPort!;
port.on('message', (m: FilesMessage) => {
  if (m.kind === 'edit') {
    const reply: EditReply = runEditJob(m);
    port.postMessage(reply);
    return;
  }
  if (m.kind === 'codec') {
    // A failure (an encoding iconv lacks) answers nothing usable: the caller converts on its loop.
    let reply;
    try {
      reply = runCodecJob(m);
    } catch {
      reply = {};
    }
    port.postMessage(reply, reply.bytes ? [reply.bytes.buffer as ArrayBuffer] : []);
    return;
  }
  let reply: DiffReply;
  try {
    reply = { diff: m.kind === 'diff-bytes' ? runDiffBytesJob(m, m.waitedMs) : computeDiff(m.job) };
  } catch (err) {
    reply = { error: String((err as Error)?.message ?? err) };
  }
  port.postMessage(reply);
});
