// What shell_command and the legacy shell share: the command run to completion (10 s by
// default), or the patch it carries applied, and what both report of it.
import type { HostContent } from '../../engine/index.js';
import type { PatchInvocation } from '../kit/files/patch-invocation.js';
import { settledHost } from '../kit/shell/run-host.js';
import { settleRun, type Settled } from '../kit/shell/settle.js';
import type { Call } from '../common/define.js';
import { bad } from './errors.js';
import { byteBudget, middle } from './output.js';
import { sentPatch } from './patch.js';

export const DEFAULT_TIMEOUT_MS = 10_000;
/** Set for every command, as Codex does: no colours, no pagers. */
export const EXEC_ENV = { NO_COLOR: '1', PAGER: 'cat', GIT_PAGER: 'cat', GH_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' };
/**
 * How both run: merged output, no colours or pagers, at most an hour (the reference sets no ceiling; this keeps a
 * forgotten call from holding a process for ever).
 */
const RUN = {
  defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
  maxTimeoutMs: 3_600_000,
  streams: 'merged' as const,
  env: { ...EXEC_ENV, TERM: 'dumb' },
};

export interface Ran extends Settled {
  host: HostContent;
}

/** Runs the command (or applies the patch it carries) and gathers what both tools report. */
export async function execute(
  c: Call,
  command: string | string[],
  patch: PatchInvocation | undefined,
  args: { workdir?: string; timeout_ms?: number; login?: boolean },
): Promise<Ran> {
  const budget = byteBudget(undefined);
  if (patch) {
    const { run, output, host } = await sentPatch(c, patch, args.workdir, budget);
    return { exitCode: run.exitCode, output, durationMs: run.durationSeconds * 1000, failure: run.error, host };
  }
  const { workdir, login, timeout_ms: timeoutMs } = args;
  if (timeoutMs !== undefined && !(timeoutMs > 0))
    throw bad('timeout_ms must be a positive number of milliseconds', 'timeout_ms', timeoutMs);
  const run = c.engine.shell.run(c, { command, workdir, login, timeoutMs, maxOutputBytes: budget, ...RUN });
  // A command killed by its timeout reports 124, as timeout(1) does.
  const ran = await settleRun(run, { timeoutExitCode: 124, evidence: middle });
  return { ...ran, host: settledHost(ran) };
}

/** What goes before the output of a command that did not end by itself. */
export const timeoutNote = (ran: Ran) =>
  ran.timedOutMs !== undefined
    ? `command timed out after ${ran.timedOutMs} milliseconds\n`
    : ran.cancelled
      ? 'command was cancelled before it finished\n'
      : '';

export const FAILURE_MODE =
  'A non-zero exit is reported as a failed call (PROCESS_FAILED) carrying the same text; a timeout (default 10000 ms) kills the command and everything it started, ' +
  'reports exit code 124 and puts "command timed out after N milliseconds" before the output (TIMEOUT). A call cancelled while the command runs kills it too ' +
  'and puts "command was cancelled before it finished" before the output so far (CANCELLED).';
