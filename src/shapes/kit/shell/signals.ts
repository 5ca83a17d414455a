// Signal numbers by name on this platform (SIGKILL is 9), for dialects that report a command
// killed by a signal as a number (Python's returncode is the negative signal number).
import { constants } from 'node:os';

export function signalNumber(name: string | null | undefined): number | undefined {
  if (!name) return undefined;
  return (constants.signals as Record<string, number | undefined>)[name];
}

/**
 * A signal as Python's returncode reports the process it ended: the negative number (-9 for SIGKILL), or the name when
 * unknown here.
 */
export function negativeSignal(name: string): string {
  const n = signalNumber(name);
  return n === undefined ? name : String(-n);
}
