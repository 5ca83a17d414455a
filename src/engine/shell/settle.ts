// A command run to completion as a shell reports it: one exit code whatever ended it (its
// code, 128 + the number of the signal that killed it, a chosen code when its timeout did),
// the failure of a run that did not exit 0, and a cancelled call's partial output as an
// outcome rather than a throw, so a tool can show what the command printed before it stopped.
import { constants } from 'node:os';
import { EngineError } from '../errors.js';
import type { CapturedText } from './capture.js';
import type { RunOutcome } from './engine.js';

/** The exit code a shell would report: the code, or 128 + the number of the signal that ended it (-1 if unknown). */
export function shellExitCode(code: number | null, signal: string | null): number {
  if (code !== null) return code;
  const n = signal ? (constants.signals as Record<string, number>)[signal] : undefined;
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
    const output = err instanceof EngineError && err.kind === 'cancelled' ? (err.facts.output as CapturedText | undefined) : undefined;
    if (!output || typeof output.text !== 'string') throw err;
    const f = (err as EngineError).facts;
    const exitCode = shellExitCode((f.exitCode as number | null) ?? null, (f.signal as string | null) ?? null);
    return { exitCode, output, cancelled: true, durationMs: Number(f.durationMs ?? 0), failure: err as EngineError };
  }
  const exitCode = r.timedOut ? opts.timeoutExitCode : shellExitCode(r.exitCode, r.signal);
  const failure =
    r.timedOut || exitCode !== 0
      ? new EngineError(
          r.timedOut ? 'timeout' : 'process_failed',
          r.timedOut ? `the command ran past ${r.timeoutMs} ms and was killed` : `the command exited with code ${exitCode}`,
          {
            facts: { exitCode, signal: r.signal, timeoutMs: r.timeoutMs },
            process: { tool: 'bash', exitCode, signal: r.signal ?? '', output: opts.evidence(r.output), outputTruncated: r.output.truncated, backend: 'execa' },
          },
        )
      : undefined;
  return { exitCode, output: r.output, ...(r.timedOut ? { timedOutMs: r.timeoutMs } : {}), durationMs: r.durationMs, failure, run: r };
}
