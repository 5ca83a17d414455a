// A command run to completion as a shell reports it: one exit code whatever ended it (its
// code, 128 + the number of the signal that killed it, a chosen code when its timeout did),
// the failure of a run that did not exit 0, and a cancelled call's partial output as an
// outcome rather than a throw, so a tool can show what the command printed before it stopped.
import type { EngineError } from '../../../engine/index.js';
import type { CapturedText } from '../../../engine/index.js';
import type { RunOutcome } from '../../../engine/index.js';
import { cancelledRun, processError } from './run-failure.js';
import { signalNumber } from './signals.js';

/** The exit code a shell would report: the code, or 128 + the number of the signal that ended it (-1 if unknown). */
export function shellExitCode(code: number | null, signal: string | null): number {
  if (code !== null) return code;
  const n = signalNumber(signal);
  return n !== undefined ? 128 + n : -1;
}

export interface Settled {
  exitCode: number;
  output: CapturedText;
  durationMs: number;
  /** Set when the run was killed by its timeout: that timeout. */
  timedOutMs?: number;
  /** The call was cancelled while the command ran; output is what it printed until then. */
  cancelled?: boolean;
  /** Why the run counts as failed: timed out, cancelled, or a non-zero exit. */
  failure?: EngineError;
  /** The outcome of a run that ended by itself or by its timeout. */
  run?: RunOutcome;
}

export interface SettleOptions {
  /** The exit code reported for a run killed by its timeout (124, as timeout(1) does). */
  timeoutExitCode: number;
  /** The output as the failure's process evidence carries it (the tool's own cut). */
  evidence: (output: CapturedText) => string;
}

/** Waits for `run` and settles it; anything it throws other than a cancellation that kept output is rethrown. */
export async function settleRun(run: Promise<RunOutcome>, opts: SettleOptions): Promise<Settled> {
  let r: RunOutcome;
  try {
    r = await run;
  } catch (err) {
    const cancelled = cancelledRun(err);
    if (!cancelled) throw err;
    const f = cancelled.err.facts;
    const exitCode = shellExitCode((f.exitCode as number | null) ?? null, (f.signal as string | null) ?? null);
    return {
      exitCode,
      output: cancelled.output,
      cancelled: true,
      durationMs: Number(f.durationMs ?? 0),
      failure: cancelled.err,
    };
  }
  const exitCode = r.timedOut ? opts.timeoutExitCode : shellExitCode(r.exitCode, r.signal);
  const why = r.timedOut
    ? `the command ran past ${r.timeoutMs} ms and was killed`
    : `the command exited with code ${exitCode}`;
  const facts = { exitCode, signal: r.signal, timeoutMs: r.timeoutMs };
  const failure =
    r.timedOut || exitCode !== 0
      ? processError(r.timedOut ? 'timeout' : 'process_failed', why, facts, opts.evidence(r.output), r.output.truncated)
      : undefined;
  return {
    exitCode,
    output: r.output,
    ...(r.timedOut ? { timedOutMs: r.timeoutMs } : {}),
    durationMs: r.durationMs,
    failure,
    run: r,
  };
}

const COMMON_SIGNALS = new Set([
  'SIGHUP',
  'SIGINT',
  'SIGQUIT',
  'SIGABRT',
  'SIGKILL',
  'SIGSEGV',
  'SIGPIPE',
  'SIGALRM',
  'SIGTERM',
]);
/** The exit code a shell reports: the code, else 128 + the number of a common signal, else `fallback`. */
export const exitCodeOf = (code: number | null, signal: string | null, fallback: number): number =>
  code ?? (signal && COMMON_SIGNALS.has(signal) ? 128 + signalNumber(signal)! : fallback);
