// Worker threads for work too big for the event loop (diffs, edits of big files). Workers
// start on the first task, serve one task at a time, keep the process alive only while
// busy, and are replaced when one fails or overruns its task's time limit.
import os from 'node:os';
import { type Transferable, Worker } from 'node:worker_threads';

/** What a task posts to its worker once one takes it. */
export interface Dispatch {
  message: unknown;
  transfer?: Transferable[];
  /** How long the worker may take before it is taken for stuck and replaced (none: no limit). */
  limitMs?: number;
}

interface Task {
  /** Called when a worker takes the task, with the time it waited for one. */
  start(waitedMs: number): Dispatch;
  /** The worker's reply, or undefined when it failed or overran. */
  settle(reply: unknown): void;
  queuedAt: number;
}

interface Slot {
  worker: Worker;
  task?: Task;
  /** The running task's kind (see answeredOf). */
  kind?: string;
  timer?: NodeJS.Timeout;
}

/** How long a dropped worker's task waits for the worker to stop at most. */
const DROP_WAIT_MS = 1000;

/** Two at most: this work is rare and short, and the cores are there for searches and commands. */
const POOL_SIZE = Math.max(1, Math.min(os.availableParallelism(), 2));

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private replies = 0;
  private readonly byKind = new Map<string, number>();

  constructor(private readonly script: URL) {}

  /** Tasks a worker answered so far: how a test sees that work ran off the event loop, without timing it. */
  get answered(): number {
    return this.replies;
  }

  /**
   * Tasks of one kind a worker answered so far (a message's `kind`, with its `op` when it has one:
   * 'diff', 'codec:decode'...): what work ran off the event loop, without timing it.
   */
  answeredOf(kind: string): number {
    return this.byKind.get(kind) ?? 0;
  }

  /**
   * The worker's reply to the task's message, or undefined when the worker failed or overran, or
   * `signal` aborted (a waiting task leaves the queue; a running one's worker is replaced); never rejects.
   */
  run(start: (waitedMs: number) => Dispatch, signal?: AbortSignal): Promise<unknown> {
    return new Promise((settle) => {
      if (signal?.aborted) return settle(undefined);
      const onAbort = () => {
        const waiting = this.queue.indexOf(task);
        if (waiting !== -1) {
          this.queue.splice(waiting, 1);
          settle(undefined);
        }
        const slot = this.slots.find((s) => s.task === task);
        if (slot) this.drop(slot);
      };
      const task: Task = {
        start,
        settle: (reply) => {
          signal?.removeEventListener('abort', onAbort);
          settle(reply);
        },
        queuedAt: Date.now(),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(task);
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < POOL_SIZE) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      const d = task.start(Date.now() - task.queuedAt);
      slot.task = task;
      const m = d.message as { kind?: string; op?: string } | undefined;
      slot.kind = m?.op === undefined ? m?.kind : `${m.kind}:${m.op}`;
      slot.worker.ref(); // busy: a task in progress keeps the process up
      if (d.limitMs !== undefined) slot.timer = setTimeout(() => this.drop(slot!), d.limitMs);
      slot.worker.postMessage(d.message, d.transfer);
    }
  }

  /** Ends the slot's task (with the reply, or undefined) and frees the slot for the next. */
  private finish(slot: Slot, reply?: unknown): void {
    const task = slot.task;
    clearTimeout(slot.timer);
    slot.task = undefined;
    slot.timer = undefined;
    slot.worker.unref(); // idle workers never hold the process
    if (reply !== undefined) {
      this.replies++;
      if (slot.kind) this.byKind.set(slot.kind, this.answeredOf(slot.kind) + 1);
    }
    slot.kind = undefined;
    task?.settle(reply);
    this.pump();
  }

  /**
   * Takes a failed or overrunning worker out of the pool; its task gets no reply, once the worker
   * has stopped: a task may use descriptors its caller closes when it settles, and a worker still
   * running could otherwise write through a number the process has given to another file. A
   * worker stuck in a system call does not hold its task past DROP_WAIT_MS (its next step is
   * interrupted before it reaches another call).
   */
  private drop(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i === -1) return;
    this.slots.splice(i, 1);
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(bound);
      this.finish(slot);
    };
    const bound = setTimeout(done, DROP_WAIT_MS);
    slot.worker.terminate().then(done, done);
  }

  private spawn(): Slot {
    // No inherited flags: options meant for the main script (--input-type, --eval...) break a worker.
    const worker = new Worker(this.script, { execArgv: [] });
    const slot: Slot = { worker };
    worker.on('message', (m: unknown) => this.finish(slot, m));
    worker.on('error', () => this.drop(slot));
    worker.on('exit', () => this.drop(slot));
    worker.unref(); // after the listeners (a 'message' listener refs the worker); ref'd while busy
    this.slots.push(slot);
    return slot;
  }
}

/** The files worker pool (diffs and big edits share its workers). */
/** Bytes whose memory is theirs alone (a view into a shared pool is copied), so they can be handed to a worker. */
export function owned(b: Uint8Array): Uint8Array {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : new Uint8Array(b);
}

export const filesPool = new WorkerPool(new URL('./files-worker.js', import.meta.url));
