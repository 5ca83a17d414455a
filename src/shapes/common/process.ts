// The structured failure of a command that ran: exit code, signal and the output as the
// shape showed it, so the host gets Failure.process whatever the vendor's wording.
import { EngineError } from '../../engine/errors.js';
import type { RunOutcome } from '../../engine/shell/engine.js';

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
