// Diffs in the files worker pool, so that a large change never holds up the server's event loop.
import { roughDiff, type DiffJob, type FileDiff } from './diff-compute.js';
import { filesPool } from './worker-pool.js';

export type DiffReply = { diff: FileDiff } | { error: string };

/**
 * The diff checks its time budget itself; a worker still busy this long after the budget is
 * taken for stuck (or starved of CPU) and replaced, and the diff reported as omitted.
 */
const GRACE_MS = 2000;

/** The diff of the job; never rejects (a failed diff is an omitted one). */
async function runDiff(job: DiffJob): Promise<FileDiff> {
  const reply = (await filesPool.run((waited) => {
    // Time spent waiting behind other work counts against the budget: many large writes at
    // once would otherwise each wait for every diff ahead of them, a budget's worth apiece.
    // One that waited it out only finds its changed region (a pass over the texts) and stops.
    const left = Math.max(0, job.budget.ms - waited);
    return { message: { kind: 'diff', job: { ...job, waitedMs: waited } }, limitMs: left + GRACE_MS };
  })) as DiffReply | undefined;
  return reply && 'diff' in reply ? reply.diff : roughDiff(job.before, job.after, 'time', job.budget);
}

export const diffPool = { run: runDiff };
