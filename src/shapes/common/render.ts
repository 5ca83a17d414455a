// Rendering several vendors share: head…omitted…tail, timeouts, exit codes and signals.
// Each helper appends its functions at the end under a comment naming its shape.
import { constants } from 'node:os';

// ---- codex

/** The exit code a shell would report: the code, or 128 + the number of the signal that ended it (-1 if unknown). */
export function shellExitCode(code: number | null, signal: string | null): number {
  if (code !== null) return code;
  const n = signal ? (constants.signals as Record<string, number>)[signal] : undefined;
  return n !== undefined ? 128 + n : -1;
}
