// Commands run one after another, each to completion in a fresh shell (OpenAI's shell tool):
// the heads of their stdout and stderr, in order, share one budget of characters, the rest
// dropped; after a command that timed out or could not start, the rest are not run. An
// optional deadline bounds them all together: each command gets at most the time left, and
// none starts once it has passed.
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
  /** The deadline had passed before this command's turn: it never started (reported as a timeout). */
  unstarted?: boolean;
}

export interface EachRun {
  entries: EachEntry[];
  /** Characters were dropped (or the capture itself was cut). */
  truncated: boolean;
  /** The first command that did not exit 0 (timed out, failed, could not start); not one the deadline stopped. */
  failure?: EngineError;
  /** Commands not run because one before them timed out or could not start, or the deadline passed. */
  skipped: number;
  /** The deadline stopped the last entry's command (killed, as a timeout) or came before the next one started. */
  deadlinePassed?: boolean;
}

/**
 * Runs each of `commands` with `run`, which is told the milliseconds left before `deadline` (ms
 * since the epoch) and must not let its command run longer; a command that cannot start (refused
 * by the policy, a bad line) gets exit code 1 and `wordOf` its failure as stderr. Capture only heads.
 */
export async function runEach(
  run: (command: string, leftMs: number) => Promise<RunOutcome>,
  commands: readonly string[],
  limit: number,
  wordOf: (err: EngineError) => string,
  deadline = Infinity,
): Promise<EachRun> {
  const budget = new HeadBudget(limit);
  const entries: EachEntry[] = [];
  let failure: EngineError | undefined;
  for (const [i, command] of commands.entries()) {
    const left = deadline - Date.now();
    if (left <= 0) {
      entries.push({ stdout: '', stderr: '', timedOut: true, exitCode: 1, unstarted: true });
      return { entries, truncated: budget.truncated, failure, skipped: commands.length - i - 1, deadlinePassed: true };
    }
    let r;
    try {
      r = await run(command, left);
    } catch (err) {
      if (!isEngineError(err) || err.kind === 'cancelled' || err.kind === 'internal') throw err;
      entries.push({ stdout: '', stderr: budget.keep(wordOf(err)), timedOut: false, exitCode: 1 });
      return { entries, truncated: budget.truncated, failure: failure ?? err, skipped: commands.length - i - 1 };
    }
    const stdout = budget.keep(r.stdout);
    const stderr = budget.keep(r.stderr);
    const exitCode = shellExitCode(r.exitCode, r.signal);
    entries.push({ stdout, stderr, timedOut: r.timedOut, exitCode });
    const skipped = commands.length - i - 1;
    // Given all the time left and still running: the deadline stopped it, not its own timeout.
    if (r.timedOut && r.timeoutMs >= left)
      return { entries, truncated: budget.truncated, failure, skipped, deadlinePassed: true };
    failure ??= endFailure(command, r, exitCode);
    if (r.timedOut) return { entries, truncated: budget.truncated, failure, skipped };
  }
  return { entries, truncated: budget.truncated, failure, skipped: 0 };
}
