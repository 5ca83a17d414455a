// A files worker thread: diffs and big edits the pool sends, one at a time.
import { parentPort } from 'node:worker_threads';
import { computeDiff, type DiffJob } from './diff-compute.js';
import type { DiffReply } from './diff-pool.js';
import { runEditJob, type EditMessage, type EditReply } from './edit-offload.js';

export type FilesMessage = { kind: 'diff'; job: DiffJob } | EditMessage;

const port = parentPort!;
port.on('message', (m: FilesMessage) => {
  if (m.kind === 'edit') {
    const reply: EditReply = runEditJob(m);
    port.postMessage(reply, reply.transfer);
    return;
  }
  let reply: DiffReply;
  try {
    reply = { diff: computeDiff(m.job) };
  } catch (err) {
    reply = { error: String((err as Error)?.message ?? err) };
  }
  port.postMessage(reply);
});
