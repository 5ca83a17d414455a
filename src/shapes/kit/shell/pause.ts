// A wait a tool asks for (delay_ms: for a server to print its port), bounded, and ended as the
// engine's cancel or timeout when the call is.
import { setTimeout as sleep } from 'node:timers/promises';
import { abortError } from '../../../engine/index.js';

/** A requested wait in milliseconds: `fallback` when absent, never below 0 or above `max`. */
export const waitMs = (ms: number | undefined, fallback: number, max = 600_000): number =>
  Math.min(Math.max(ms ?? fallback, 0), max);

/** Waits `ms`; a call cancelled meanwhile fails as the engine's abort error for `what`. */
export async function pause(ms: number, signal: AbortSignal, what = 'the wait'): Promise<void> {
  if (ms > 0) await sleep(ms, undefined, { signal }).catch(() => Promise.reject(abortError(signal, what)));
}
