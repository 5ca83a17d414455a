// A finished command as a failure: timed out, killed by a signal, or a non-zero exit, with
// the output as the host's evidence (Failure.process). The message is the engine's; a shape
// words the model's text itself.
import { EngineError } from '../errors.js';
import type { CapturedText } from './capture.js';
import type { RunOutcome } from './engine.js';

/** What a command printed as one text: all of it, or its head and tail around "...". */
export const printed = (o: Pick<CapturedText, 'text' | 'head' | 'tail' | 'truncated'>): string => (o.truncated ? `${o.head}\n...\n${o.tail}` : o.text);

/** The failure of run `r` reported with `exitCode` (the shell's code for it), or undefined when it succeeded. */
export function commandFailure(r: RunOutcome, exitCode: number, evidence: { tool: string; backend: string }): EngineError | undefined {
  if (!r.timedOut && r.exitCode === 0) return undefined;
  const why = r.timedOut
    ? `the command ran past ${r.timeoutMs} ms and was killed`
    : r.signal
      ? `the command was killed by ${r.signal}`
      : `the command exited with code ${exitCode}`;
  return new EngineError(r.timedOut ? 'timeout' : 'process_failed', why, {
    facts: { exitCode: r.exitCode, signal: r.signal, timeoutMs: r.timeoutMs },
    process: { ...evidence, exitCode, signal: r.signal ?? '', output: printed(r.output), outputTruncated: r.output.truncated },
  });
}
