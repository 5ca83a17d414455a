// The structured failure of a command that ran: exit code, signal and the output as the
// shape showed it, so the host gets Failure.process whatever the vendor's wording.
import { type CapturedText, EngineError, type RunOutcome } from '../../engine/index.js';

export function processError(kind: 'timeout' | 'process_failed', message: string, r: RunOutcome, output: string, truncated: boolean): EngineError {
  return new EngineError(kind, message, {
    facts: { exitCode: r.exitCode, signal: r.signal, timeoutMs: r.timeoutMs },
    process: { tool: 'bash', exitCode: r.exitCode ?? -1, signal: r.signal ?? '', output, outputTruncated: truncated, backend: 'execa' },
  });
}

/** The failure of a finished run, if it failed: timed out, killed by a signal, or a non-zero exit. */
export function runFailure(r: RunOutcome, output: string, truncated: boolean): EngineError | undefined {
  if (r.timedOut) return processError('timeout', `the command ran past ${r.timeoutMs} ms and was killed`, r, output, truncated);
  if (r.exitCode === 0) return undefined;
  const why = r.signal ? `the command was killed by ${r.signal}` : `the command exited with code ${r.exitCode}`;
  return processError('process_failed', why, r, output, truncated);
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
  return { err, output, text: output.truncated ? `${output.head}\n...\n${output.tail}` : output.text };
}

/** For `engine.run(...).catch(orError)`: the outcome, or what it threw, to look at before rethrowing. */
export const orError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));
