// Structured logs: one JSON line per call, never argument values or file contents.
import pino, { type Logger } from 'pino';

/**
 * A JSON logger on `destination`, or on stdout through an asynchronous buffered writer: a
 * synchronous write per call line costs a syscall on the hot path. `flushLogger` drains it.
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const dest = destination ?? pino.destination({ dest: 1, sync: false });
  return pino({ level, base: { service: 'facet' }, timestamp: pino.stdTimeFunctions.isoTime }, dest as never);
}

/** Writes out whatever the logger still buffers (before exit). */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}
export type { Logger };
