// Structured logs: one JSON line per call, never argument values or file contents.
import pino, { type Logger } from 'pino';
import { atExit } from '../engine/at-exit.js';

/** Bytes gathered before a write(2), and the longest a line waits for one. */
const BATCH_BYTES = 4096;
const FLUSH_MS = 250;

/**
 * A JSON logger on `destination`, or on stdout (`fd` 2: stderr, as MCP over stdio needs) written synchronously in
 * batches. Measured in
 * bench/foundation: an asynchronous writer hands every line to libuv's thread pool (~130 µs
 * of CPU per call at concurrency 1), and one write(2) per line cost ~40 µs per call in the
 * server under load; lines are therefore gathered up to 4 KiB and written together, and at
 * least every 250 ms so a quiet server's lines are not held back. A stalled stdout reader
 * still stalls the server, as with any synchronous logger. `fd` 2 writes them to stderr instead
 * (codefly plugin mode, whose stdout carries the handshake line alone).
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream, fd: 1 | 2 = 1): Logger {
  const options = { level, base: { service: 'facet' }, timestamp: isoTimestamp };
  if (destination) return pino(options, destination as never);
  const out = pino.destination({ dest: fd, sync: true, minLength: BATCH_BYTES, periodicFlush: FLUSH_MS });
  atExit(() => out.flushSync()); // lines still gathered when the process ends
  return pino(options, out);
}

// ISO-8601 times, formatted once per second: Date#toISOString measured ~5 µs per call line
// in the server under load; the millisecond part is appended to a cached prefix.
let cachedSecond = -1;
let cachedPrefix = '';

/** pino timestamp: `,"time":"2026-01-02T03:04:05.678Z"`. */
export function isoTimestamp(now = Date.now()): string {
  const second = Math.floor(now / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedPrefix = `,"time":"${new Date(second * 1000).toISOString().slice(0, 20)}`;
  }
  const ms = now - second * 1000;
  return `${cachedPrefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z"`;
}

/** Writes out whatever the logger still buffers (before exit). */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}
export type { Logger };
