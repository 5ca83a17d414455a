// A small pool of worker threads for the fallback grep: reading and scanning files is
// CPU-bound JavaScript, so it runs beside the server's event loop (which stays free for
// other calls) and on every core, as rg's threads do. Workers start on the first search,
// are shared by all searches, keep the process alive only while busy, and are replaced if one
// dies or is stuck.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FileHits } from './types.js';
import type { FileSearch } from './file-search.js';

/** Scan options as they cross to a worker: the regex as source and flags. */
export interface WireScan extends Omit<FileSearch, 'regex' | 'literal'> {
  source: string;
  flags: string;
  literal?: Uint8Array;
}

export interface Batch {
  files: string[];
  scan: WireScan;
  /** Shared flag: non-zero tells the worker to stop (cancelled, or the caller has enough). */
  stop: Int32Array;
}

export type BatchReply =
  { id: number; hits: Array<FileHits | null> } | { id: number; cancelled: true } | { id: number; error: string };

interface Pending {
  resolve(hits: Array<FileHits | null> | 'cancelled'): void;
  reject(err: Error): void;
  /** The batch as posted, kept to post it again elsewhere if its worker is replaced. */
  batch: Batch;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** One worker per core, at most four: past that the walk feeding them is the limit. */
export const POOL_SIZE = Math.max(1, Math.min(os.availableParallelism(), 4));
/** How long a worker may go on with a stopped search's batch before it is taken for stuck. */
const STUCK_MS = 1000;

const stopped = (p: Pending): boolean => Atomics.load(p.batch.stop, 0) !== 0;

class SearchPool {
  private readonly slots: Array<Slot | undefined> = [];
  private nextId = 1;

  /** Searches a batch of files in the least busy worker; 'cancelled' when the stop flag was raised. */
  run(batch: Batch): Promise<Array<FileHits | null> | 'cancelled'> {
    return new Promise((resolve, reject) => this.post({ resolve, reject, batch }));
  }

  private post(p: Pending): void {
    const slot = this.leastBusy();
    const id = this.nextId++;
    if (slot.pending.size === 0) slot.worker.ref(); // busy: a search in progress keeps the process up
    slot.pending.set(id, p);
    slot.worker.postMessage({ id, ...p.batch });
  }

  /**
   * Called once a search has raised its stop flag. Workers see the flag between files and
   * chunks, but not inside one regex run: a pattern that backtracks without end would keep
   * its worker forever. A worker still on that search's batches after STUCK_MS is replaced,
   * and the batches of other searches it held are posted again.
   */
  release(stop: Int32Array): void {
    const busyWith = (slot: Slot | undefined): boolean =>
      slot !== undefined && [...slot.pending.values()].some((p) => p.batch.stop === stop);
    if (!this.slots.some(busyWith)) return;
    setTimeout(() => {
      for (const [i, slot] of this.slots.entries()) {
        if (!busyWith(slot)) continue;
        const others = [...slot!.pending.values()].filter((p) => !stopped(p));
        slot!.pending.clear();
        this.slots[i] = undefined;
        void slot!.worker.terminate();
        for (const p of others) this.post(p);
      }
    }, STUCK_MS).unref();
  }

  /** The slot with the fewest batches, leaving aside those still busy with stopped searches. */
  private leastBusy(): Slot {
    let best: Slot | undefined;
    let bestScore = Infinity;
    for (let i = 0; i < POOL_SIZE; i++) {
      const s = (this.slots[i] ??= this.spawn(i));
      const draining = [...s.pending.values()].some(stopped);
      const score = s.pending.size + (draining ? POOL_SIZE * 1000 : 0);
      if (score < bestScore) {
        best = s;
        bestScore = score;
      }
    }
    return best!;
  }

  private spawn(i: number): Slot {
    // No inherited flags: options meant for the main script (--input-type, --eval...) break a worker.
    const worker = new Worker(new URL('./fallback-worker.js', import.meta.url), { execArgv: [] });
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (m: BatchReply) => {
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if (slot.pending.size === 0) slot.worker.unref(); // idle workers never hold the process
      if ('hits' in m) p.resolve(m.hits);
      else if ('cancelled' in m) p.resolve('cancelled');
      else p.reject(new Error(m.error));
    });
    const fail = (err: Error): void => {
      if (this.slots[i] === slot) this.slots[i] = undefined;
      for (const p of slot.pending.values()) p.reject(new Error(`a search worker stopped: ${err.message}`));
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    worker.unref(); // after the listeners (a 'message' listener refs the worker); ref'd while busy
    return slot;
  }
}

export const searchPool = new SearchPool();
