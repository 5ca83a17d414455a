// Structured logs: one JSON line per call, never argument values or file contents.
import { pino, type Logger } from 'pino';

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino({ level, base: { service: 'facet' }, timestamp: pino.stdTimeFunctions.isoTime }, destination as never);
}
export type { Logger };
