// Work a call leaves for after its response: its log line, the next call's spare AbortSignal.
// A unary gRPC response is not out when the handler calls back: grpc-js sends the trailers from
// the data write's callback, and work done before then (in a microtask, or in a setImmediate the
// handler queued) adds to the call's latency (measured: 50 µs of work in a setImmediate added
// ~60 µs to fs.read's p50 at concurrency 1). Queued work runs when the transport says the
// response has gone: grpc-js emits 'cancelled' on a call once its trailers are handed to HTTP/2
// (see service.ts). Measured at c1 with real-time priority (bench/NOTES-hotpath.md): running it
// there, at once, gave fs.read a 4-9% lower p50 than running it before the answer, at about the
// same CPU; a setImmediate from there cost an extra turn of the loop, and a 1 ms timer an extra
// wake-up, each a few % more CPU. Without such a word (MCP), a fallback timer runs it. Nothing is dropped: the
// queue also runs when the process exits.
import { atExit } from '../engine/at-exit.js';

/** How long queued work waits at most when no transport says its response has gone, in ms. */
export const AFTER_RESPONSE_MS = 20;

const queue: Array<() => void> = [];
let timer: NodeJS.Timeout | undefined;

/** Runs `task` after the current call's response has gone out. `task` must not throw. */
export function afterResponse(task: () => void): void {
  queue.push(task);
  timer ??= setTimeout(onTimer, AFTER_RESPONSE_MS);
}

function onTimer(): void {
  timer = undefined;
  runQueued();
}

/** A response has gone out: queued work runs now. */
export function responseSent(): void {
  if (queue.length > 0) runQueued();
}

/**
 * Runs every queued task now, in the order queued. The fallback timer stays armed: clearing it
 * and arming a new one for every call cost more than its one run every 20 ms while calls come.
 */
export function runQueued(): void {
  // A task may queue another: it runs in this pass too.
  for (let i = 0; i < queue.length; i++) queue[i]!();
  queue.length = 0;
}

// Registered when this module loads, before the logger's own exit flush (made when a server
// starts), so lines still queued reach its buffer before that flush writes it out.
atExit(runQueued);
