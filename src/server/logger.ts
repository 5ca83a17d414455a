// Structured logs: one JSON line per call, never argument values or file contents.
import pino, { type Logger } from 'pino';

/**
 * A JSON logger on `destination`, or on stdout with one synchronous write per line (pino's
 * default). Measured in bench/foundation: an asynchronous writer hands every line to libuv's
 * thread pool, which cost ~130 µs of CPU per call at concurrency 1; a direct write(2) costs a
 * few µs. The price is that a stalled stdout reader stalls the server, as with any sync logger.
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const dest = destination ?? pino.destination({ dest: 1, sync: true });
  return pino({ level, base: { service: 'facet' }, timestamp: isoTimestamp }, dest as never);
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
