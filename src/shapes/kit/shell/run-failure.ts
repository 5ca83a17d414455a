// A finished command as a failure: timed out, killed by a signal, or a non-zero exit, with
// the output as the host's evidence (Failure.process). The message is the engine's; a shape
// words the model's text itself. Also what a cancelled run printed before it was stopped.
import { EngineError } from '../../../engine/index.js';
import type { CapturedText } from '../../../engine/index.js';
import type { RunOutcome } from '../../../engine/index.js';
import { joinedCut } from '../text/joined-cut.js';

/** What a command printed as one text: all of it, or its head and tail around "...". */
export const printed = (o: Pick<CapturedText, 'text' | 'head' | 'tail' | 'truncated'>): string =>
  joinedCut(o, '\n...\n');

/** Why run `r` failed, its exit reported as `exitCode`. */
const whyFailed = (r: RunOutcome, exitCode: number | null): string =>
  r.timedOut
    ? `the command ran past ${r.timeoutMs} ms and was killed`
    : r.signal
      ? `the command was killed by ${r.signal}`
      : `the command exited with code ${exitCode}`;

/** The failure of run `r` reported with `exitCode` (the shell's code for it), or undefined when it succeeded. */
export function commandFailure(
  r: RunOutcome,
  exitCode: number,
  evidence: { tool: string; backend: string },
): EngineError | undefined {
  if (!r.timedOut && r.exitCode === 0) return undefined;
  return new EngineError(r.timedOut ? 'timeout' : 'process_failed', whyFailed(r, exitCode), {
    facts: { exitCode: r.exitCode, signal: r.signal, timeoutMs: r.timeoutMs },
    process: {
      ...evidence,
      exitCode,
      signal: r.signal ?? '',
      output: printed(r.output),
      outputTruncated: r.output.truncated,
    },
  });
}

/**
 * The structured failure of a command that ran (bash spawned through node:child_process): exit code, signal and the
 * output as the tool showed it.
 */
export function processError(
  kind: 'timeout' | 'process_failed',
  message: string,
  r: Pick<RunOutcome, 'exitCode' | 'signal' | 'timeoutMs'>,
  output: string,
  truncated: boolean,
): EngineError {
  return new EngineError(kind, message, {
    facts: { exitCode: r.exitCode, signal: r.signal, timeoutMs: r.timeoutMs },
    process: {
      tool: 'bash',
      exitCode: r.exitCode ?? -1,
      signal: r.signal ?? '',
      output,
      outputTruncated: truncated,
      backend: 'child_process',
    },
  });
}

/** The failure of a finished run, if it failed, with the output as the tool showed it. */
export function runFailure(r: RunOutcome, output: string, truncated: boolean): EngineError | undefined {
  if (!r.timedOut && r.exitCode === 0) return undefined;
  return processError(r.timedOut ? 'timeout' : 'process_failed', whyFailed(r, r.exitCode), r, output, truncated);
}

/**
 * When `err` is the cancellation of a run (the call was cancelled, or the server stopped it
 * while draining), what the command printed before it was stopped: the engine keeps it so
 * every shape can return it in its vendor's words. Undefined for any other error.
 */
export function cancelledRun(err: unknown): { err: EngineError; output: CapturedText; text: string } | undefined {
  if (!(err instanceof EngineError) || err.kind !== 'cancelled') return undefined;
  const output = err.facts.output as CapturedText | undefined;
  if (!output || typeof output.text !== 'string') return undefined;
  return { err, output, text: printed(output) };
}

/** For `engine.run(...).catch(orError)`: the outcome, or what it threw, to look at before rethrowing. */
export const orError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));
