// Work a call leaves for after its response: its log line, the next call's spare AbortSignal.
// A unary gRPC response is not on the wire when the handler calls back: grpc-js sends the
// trailers from the data write's callback, and any work run before then (in a microtask, or
// in a setImmediate queued by the handler) adds to the call's latency (measured: 50 µs of work
// in a setImmediate added ~60 µs to fs.read's p50 at concurrency 1). Queued work runs once the
// transport says the response has gone (grpc-js emits 'cancelled' on a unary call when its
// trailers are sent, see service.ts), in the same wake-up; otherwise on a fallback timer. A
// timer for every call instead measured worse: an extra wake-up costs more than it saves.
// Nothing is dropped: the queue also runs when the process exits.
import { atExit } from '../engine/at-exit.js';

/** How long queued work waits at most when no transport says its response has gone, in ms. */
export const AFTER_RESPONSE_MS = 20;

const queue: Array<() => void> = [];
let timer: NodeJS.Timeout | undefined;
let immediate: NodeJS.Immediate | undefined;

/** Runs `task` after the current call's response has gone out. `task` must not throw. */
export function afterResponse(task: () => void): void {
  queue.push(task);
  timer ??= setTimeout(runQueued, AFTER_RESPONSE_MS);
}

/** A response has gone out: queued work runs on the next turn of the event loop. */
export function responseSent(): void {
  if (queue.length > 0) immediate ??= setImmediate(runQueued);
}

/** Runs every queued task now, in the order queued. */
export function runQueued(): void {
  if (timer) clearTimeout(timer);
  if (immediate) clearImmediate(immediate);
  timer = undefined;
  immediate = undefined;
  // A task may queue another: it runs in this pass too.
  for (let i = 0; i < queue.length; i++) queue[i]!();
  queue.length = 0;
}

// Registered when this module loads, before the logger's own exit flush (made when a server
// starts), so lines still queued reach its buffer before that flush writes it out.
atExit(runQueued);
