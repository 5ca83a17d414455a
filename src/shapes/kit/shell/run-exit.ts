// How a finished run ended, as a shell reports it: its exit code (128 + a common signal's
// number, or `timeoutExitCode` when its timeout killed it) and, unless it exited 0, its failure.
import type { EngineError } from '../../../engine/index.js';
import type { RunOutcome } from '../../../engine/index.js';
import { commandFailure } from './run-failure.js';
import { exitCodeOf } from './settle.js';

export function runExit(
  r: RunOutcome,
  timeoutExitCode: number,
  evidence: { tool: string; backend: string },
): { code: number; failure?: EngineError } {
  const code = exitCodeOf(r.exitCode, r.signal, r.timedOut ? timeoutExitCode : 1);
  return { code, failure: commandFailure(r, code, evidence) };
}
