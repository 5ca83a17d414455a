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
  return pino({ level, base: { service: 'facet' }, timestamp: pino.stdTimeFunctions.isoTime }, dest as never);
}

/** Writes out whatever the logger still buffers (before exit). */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}
export type { Logger };
