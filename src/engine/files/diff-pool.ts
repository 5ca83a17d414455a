// Worker threads for diffs, so that a large change never holds up the server's event loop.
// Workers start on the first large diff, serve one diff at a time, keep the process alive only
// while busy, and are replaced when one fails or overruns its diff's time budget.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { roughDiff, type DiffJob, type FileDiff } from './diff-compute.js';

export type DiffReply = { diff: FileDiff } | { error: string };

interface Task {
  job: DiffJob;
  resolve(d: FileDiff): void;
  /** When the task was queued: its time budget runs from then, waiting included. */
  queuedAt: number;
}

interface Slot {
  worker: Worker;
  task?: Task;
  timer?: NodeJS.Timeout;
}

/** Two at most: diffs are rare and short, and the cores are there for searches and commands. */
const POOL_SIZE = Math.max(1, Math.min(os.availableParallelism(), 2));
/**
 * The diff checks its time budget itself; a worker still busy this long after the budget is
 * taken for stuck (or starved of CPU) and replaced, and the diff reported as omitted.
 */
const GRACE_MS = 2000;

class DiffPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];

  /** The diff of the job; never rejects (a failed diff is an omitted one). */
  run(job: DiffJob): Promise<FileDiff> {
    return new Promise((resolve) => {
      this.queue.push({ job, resolve, queuedAt: Date.now() });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < POOL_SIZE) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      // Time spent waiting behind other diffs counts against the budget: many large writes at
      // once would otherwise each wait for every diff ahead of them, a budget's worth apiece.
      // One that waited it out only finds its changed region (a pass over the texts) and stops.
      const waited = Date.now() - task.queuedAt;
      const left = Math.max(0, task.job.budget.ms - waited);
      task.job = { ...task.job, waitedMs: waited };
      slot.task = task;
      slot.worker.ref(); // busy: a diff in progress keeps the process up
      slot.timer = setTimeout(() => this.drop(slot!, 'time'), left + GRACE_MS);
      slot.worker.postMessage(task.job);
    }
  }

  /** Ends the slot's task (with the reply, or an omitted diff) and frees the slot for the next. */
  private finish(slot: Slot, diff?: FileDiff): void {
    const task = slot.task;
    clearTimeout(slot.timer);
    slot.task = undefined;
    slot.timer = undefined;
    slot.worker.unref(); // idle workers never hold the process
    if (task) task.resolve(diff ?? roughDiff(task.job.before, task.job.after, 'time', task.job.budget));
    this.pump();
  }

  /** Takes a failed or overrunning worker out of the pool; its diff is reported as omitted. */
  private drop(slot: Slot, _why: string): void {
    const i = this.slots.indexOf(slot);
    if (i === -1) return;
    this.slots.splice(i, 1);
    void slot.worker.terminate();
    this.finish(slot);
  }

  private spawn(): Slot {
    // No inherited flags: options meant for the main script (--input-type, --eval...) break a worker.
    const worker = new Worker(new URL('./diff-worker.js', import.meta.url), { execArgv: [] });
    const slot: Slot = { worker };
    worker.on('message', (m: DiffReply) => this.finish(slot, 'diff' in m ? m.diff : undefined));
    worker.on('error', () => this.drop(slot, 'error'));
    worker.on('exit', () => this.drop(slot, 'exit'));
    worker.unref(); // after the listeners (a 'message' listener refs the worker); ref'd while busy
    this.slots.push(slot);
    return slot;
  }
}

export const diffPool = new DiffPool();
