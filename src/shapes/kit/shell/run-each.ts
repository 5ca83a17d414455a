// Commands run one after another, each to completion in a fresh shell (OpenAI's shell tool):
// the heads of their stdout and stderr, in order, share one budget of characters, the rest
// dropped; after a command that timed out or could not start, the rest are not run.
import { type EngineError, isEngineError } from '../../../engine/index.js';
import type { RunOutcome } from '../../../engine/index.js';
import { HeadBudget } from './heads-in-turn.js';
import { endFailure } from './run-host.js';
import { shellExitCode } from './settle.js';

export interface EachEntry {
  stdout: string;
  stderr: string;
  timedOut: boolean;
  exitCode: number;
}

export interface EachRun {
  entries: EachEntry[];
  /** Characters were dropped (or the capture itself was cut). */
  truncated: boolean;
  /** The first command that did not exit 0 (timed out, failed, or could not start). */
  failure?: EngineError;
  /** Commands not run because one before them timed out or could not start. */
  skipped: number;
}

/**
 * Runs each of `commands` with `run`; a command that cannot start (refused by the policy, a
 * bad line) gets exit code 1 and `wordOf` its failure as stderr. Capture only heads.
 */
export async function runEach(
  run: (command: string) => Promise<RunOutcome>,
  commands: readonly string[],
  limit: number,
  wordOf: (err: EngineError) => string,
): Promise<EachRun> {
  const budget = new HeadBudget(limit);
  const entries: EachEntry[] = [];
  let failure: EngineError | undefined;
  for (const [i, command] of commands.entries()) {
    let r;
    try {
      r = await run(command);
    } catch (err) {
      if (!isEngineError(err) || err.kind === 'cancelled' || err.kind === 'internal') throw err;
      entries.push({ stdout: '', stderr: budget.keep(wordOf(err)), timedOut: false, exitCode: 1 });
      return { entries, truncated: budget.truncated, failure: failure ?? err, skipped: commands.length - i - 1 };
    }
    const stdout = budget.keep(r.stdout);
    const stderr = budget.keep(r.stderr);
    const exitCode = shellExitCode(r.exitCode, r.signal);
    entries.push({ stdout, stderr, timedOut: r.timedOut, exitCode });
    failure ??= endFailure(command, r, exitCode);
    if (r.timedOut) return { entries, truncated: budget.truncated, failure, skipped: commands.length - i - 1 };
  }
  return { entries, truncated: budget.truncated, failure, skipped: 0 };
}
