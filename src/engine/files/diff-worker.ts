// A diff worker thread: computes the diffs the pool sends, one at a time, within their budgets.
import { parentPort } from 'node:worker_threads';
import { computeDiff, type DiffJob } from './diff-compute.js';
import type { DiffReply } from './diff-pool.js';

const port = parentPort!;
port.on('message', (job: DiffJob) => {
  let reply: DiffReply;
  try {
    reply = { diff: computeDiff(job) };
  } catch (err) {
    reply = { error: String((err as Error)?.message ?? err) };
  }
  port.postMessage(reply);
});
