// Facts of a finished run whose streams were kept apart: whether either was cut, and whether
// it ran long enough that a tool suggests running it in the background next time, and its
// timeout as a failure.
import type { EngineError } from '../../../engine/index.js';
import type { HostContent } from '../../../engine/index.js';
import type { RunOutcome } from '../../../engine/index.js';
import { processError } from './run-failure.js';

/** True when stdout or stderr was cut to the run's output limit. */
export const streamsCut = (r: Pick<RunOutcome, 'stdout' | 'stderr'>): boolean =>
  r.stdout.truncated || r.stderr.truncated;

/** The run's seconds when it took at least half its timeout (and at least a second), else undefined. */
export const longRunSeconds = (r: Pick<RunOutcome, 'durationMs'>, timeoutMs: number): number | undefined =>
  r.durationMs >= Math.max(1000, timeoutMs / 2) ? r.durationMs / 1000 : undefined;

/** A run past its timeout (`timeoutMs`) as a failure, with what it printed (stdout then stderr) as the evidence. */
export const streamsTimeout = (r: RunOutcome, timeoutMs: number): EngineError =>
  processError('timeout', `the command ran past ${timeoutMs} ms`, r, r.stdout.text + r.stderr.text, streamsCut(r));

/**
 * What a host is told of a finished run whose streams were kept apart: how it ended, whether a
 * stream was cut, and its pid, where it ran, its timeout, how long it took and the file
 * holding its whole output when that was saved (full_output).
 */
export const streamsRunHost = (r: RunOutcome, timeoutMs: number) => ({
  exitCode: r.exitCode,
  signal: r.signal,
  truncated: streamsCut(r),
  details: {
    pid: r.pid,
    cwd: r.cwd,
    timeoutMs,
    durationMs: Math.round(r.durationMs),
    ...(r.spill ? { full_output: r.spill.path } : {}),
  },
});

/**
 * The short form of the same: how the run ended, whether either stream was cut, and how long it took (whole
 * milliseconds).
 */
export const streamRunHost = (r: RunOutcome): HostContent & { truncated: boolean } => ({
  exitCode: r.exitCode,
  signal: r.signal,
  truncated: streamsCut(r),
  counts: { durationMs: Math.round(r.durationMs) },
});
