// A finished command as a host shows it, and as a failure named by the command line: how it
// ended ("Timed out after N ms" or "Exited with code N"), exit code and signal, output
// sizes, how long it took and where it ran.
import { EngineError } from '../../../engine/index.js';
import type { HostContent } from '../../../engine/index.js';
import type { RunOutcome } from '../../../engine/index.js';
import type { Settled } from './settle.js';

/** The facts of run `r` reported with `exitCode`: `counts` (output sizes) and then the duration. */
export function runHost(
  r: RunOutcome,
  exitCode: number | null,
  truncated: boolean,
  counts: Record<string, number>,
): HostContent {
  return {
    summary: r.timedOut ? `Timed out after ${r.timeoutMs} ms` : `Exited with code ${exitCode}`,
    exitCode,
    signal: r.signal,
    truncated,
    counts: { ...counts, durationMs: Math.round(r.durationMs) },
    details: { cwd: r.cwd, timeoutMs: r.timeoutMs },
  };
}

/**
 * The facts of a settled run whose streams were merged; a cancelled one has only its exit code and whether its output
 * was cut.
 */
export function settledHost(s: Settled): HostContent {
  const r = s.run;
  if (!r) return { summary: 'Cancelled', exitCode: s.exitCode, truncated: s.output.truncated };
  return runHost(r, s.exitCode, r.output.truncated, {
    outputBytes: r.output.totalBytes,
    outputLines: r.output.totalLines,
  });
}

/** Why the command `label` failed (it timed out, or exited with a code other than 0), or undefined when it did not. */
export function endFailure(
  label: string,
  r: Pick<RunOutcome, 'timedOut' | 'timeoutMs' | 'signal'>,
  exitCode: number | null,
): EngineError | undefined {
  if (r.timedOut)
    return new EngineError('timeout', `${label}: ran past ${r.timeoutMs} ms and was killed`, {
      facts: { timeoutMs: r.timeoutMs },
    });
  if (exitCode !== 0)
    return new EngineError('process_failed', `${label}: exited with code ${exitCode}`, {
      facts: { exitCode, signal: r.signal },
    });
  return undefined;
}
