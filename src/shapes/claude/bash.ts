// Claude Code's Bash: one fresh bash per command with the working directory kept between calls
// (reset when it leaves the roots), timeouts in ms (default 2 minutes, at most 10), output over
// 30000 characters persisted to a file, "Exit code N" results, and background tasks.
import { engineFailure, NON_INTERACTIVE_ENV } from '../../engine/index.js';
import { presentLines } from '../kit/text/present-lines.js';
import { cancelledRun, printed, processError } from '../kit/shell/run-failure.js';
import { type CancelledRun, ranOrCancelled } from '../kit/shell/run-or-cancelled.js';
import { requestedTimeout } from '../kit/shell/timeout-arg.js';
import { runDetails } from '../kit/shell/run-details.js';
import { runExit } from '../kit/shell/run-exit.js';
import { spilledOutput } from '../kit/shell/run-saved.js';
import { startAnnounced } from '../kit/shell/announce.js';
import { runOrMove } from '../kit/shell/wait-or-move.js';
import { type Call, defineTool, errorTable, type Reply, type ToolTable } from '../common/define.js';
import { formatDuration } from '../common/render.js';
import { TAGS } from '../tags.js';
import { toolUseError } from './errors.js';
import { closed, PERSIST_LIMITS, persisted } from './render.js';

const BASH_DEFAULT_TIMEOUT_MS = 120_000;
const BASH_MAX_TIMEOUT_MS = 600_000;
/** Control characters other than tab and line breaks would be invisible to a person reviewing the command. */
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

const BOOL = { type: 'boolean' };

interface Args {
  command: string;
  timeout?: number;
  description?: string;
  run_in_background?: boolean;
  dangerouslyDisableSandbox?: boolean;
}

const RUN = {
  defaultTimeoutMs: BASH_DEFAULT_TIMEOUT_MS,
  maxTimeoutMs: BASH_MAX_TIMEOUT_MS,
  env: NON_INTERACTIVE_ENV,
  streams: 'merged' as const,
  spillOverBytes: PERSIST_LIMITS.bash,
  persistCwd: true,
};

/** Claude Code trims the blank lines around a command's output. */
const tidy = (s: string) => s.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();

async function background(a: Args, c: Call): Promise<Reply> {
  const job = await startAnnounced(
    c.engine.shell,
    c,
    { command: a.command, description: a.description, env: NON_INTERACTIVE_ENV },
    a.description,
  );
  return {
    text: `Command running in background with ID: ${job.id}. Output is being written to: ${job.logPath}. You will be notified when it finishes; to see its output before then, Read that file or call TaskOutput.`,
    host: { summary: a.description ?? a.command, details: { taskId: job.id, pid: job.pid, outputFile: job.logPath } },
  };
}

/** Bash as Claude Code 2.1.197 served it (background output through TaskOutput): claude@2.1.197 serves it. */
const TABLE_197 = {
  name: 'Bash',
  summary: 'Run a bash command (tests, builds, git, installs); run_in_background for long ones, then TaskOutput.',
  description: [
    'Runs command with bash in the working directory of the session, which persists between calls as long as it stays',
    'inside the roots (a cd out of them is undone and the output says so). Nothing else persists: each command gets a',
    'fresh shell, so exported variables are gone next time. timeout is in milliseconds: default 120000, at most 600000',
    '(larger values are lowered to it); on timeout the command and everything it started are killed. stdout and stderr',
    'come back together; a non-zero exit is an error starting "Exit code N". Output over 30000 characters is saved to a',
    'file and replaced by a preview naming that file (Read it for the rest). run_in_background returns a task id at',
    'once: follow it with TaskOutput, stop it with TaskStop; a notice is added to a later result when it ends.',
    'description is a short label for people. Prefer Read, Edit, Write, Grep and Glob over cat, sed, echo, grep and find.',
    "dangerouslyDisableSandbox is accepted and has no effect: the server's command policy always applies.",
  ],
  schema: closed(
    {
      command: 'string',
      timeout: { type: 'number' },
      description: 'string',
      run_in_background: BOOL,
      dangerouslyDisableSandbox: BOOL,
    },
    ['command'],
  ),
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Run the tests',
      arguments: { command: 'npm test', description: 'Run the test suite', timeout: 300000 },
      expectedOutcome: 'The test output; "Exit code N" first when they fail.',
    },
    {
      description: 'Start a watcher in the background',
      arguments: { command: 'npm run watch', run_in_background: true },
      expectedOutcome: 'Command running in background with ID: ...',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'PROCESS_FAILED: the command exited non-zero ("Exit code N" then its output; not wrapped).',
    'TIMEOUT: the command ran past its timeout and was killed ("Exit code 143 ... Command timed out after Ns"). Claude Code moves some timed-out commands to the background instead; here they are always killed.',
    'CANCELLED: the call was cancelled while the command ran; it was killed, and its output so far comes back followed by <error>Command was aborted before completion</error>.',
    'INVALID_ARGUMENT (<tool_use_error>): the command is empty or holds control characters.',
    "SECURITY_POLICY_FAILED: the server's allow/deny rules refuse a command of the line; when another toolbox owns it, routed_to names it.",
    'RESOURCE_EXHAUSTED: too many background tasks in this session; stop one with TaskStop.',
  ],
  errors: errorTable({
    control_characters: () =>
      toolUseError(
        'The command contains control characters that a person reviewing it could not see. Remove them and run it again.',
      ),
  }),
  async call(a: Args, c: Call): Promise<Reply> {
    if (CONTROL.test(a.command))
      throw engineFailure('control_characters', 'the command contains control characters', {}, { field: 'command' });
    if (a.run_in_background) return background(a, c);
    return foreground(a, c);
  },
} satisfies ToolTable<Args, Reply>;

export const bash197 = defineTool<Args>(TABLE_197);

/** A command whose call was cancelled: Claude Code marks the interruption after what it printed. */
const abortedReply = (cancelled: CancelledRun, summary: string): Reply => ({
  text: presentLines(tidy(cancelled.text), '<error>Command was aborted before completion</error>'),
  failure: cancelled.err,
  host: { summary },
});

/** A command run to its end (or its timeout) in the session's shell, in Claude Code's words. */
async function foreground(a: Args, c: Call): Promise<Reply> {
  const { run: r, cancelled } = await ranOrCancelled(
    c.engine.shell.run(c, { command: a.command, timeoutMs: requestedTimeout(a.timeout), ...RUN }),
  );
  const summary = a.description ?? a.command;
  if (cancelled) return abortedReply(cancelled, summary);
  const raw = tidy(printed(r.output));
  const shown = (await persisted(c, raw, PERSIST_LIMITS.bash, spilledOutput(r, c.session))).text;
  const reset = r.cwdReset ? `\nShell cwd was reset to ${r.cwdReset.resetTo}` : '';
  const host = { summary, exitCode: r.exitCode, signal: r.signal, truncated: raw !== shown, details: runDetails(r) };
  // The host's evidence is the output as printed (the model's text is tidied), as for a cancelled command.
  const { code, failure } = runExit(r, 143, { tool: 'bash', backend: 'bash' });
  if (!failure) return { text: (shown || '(Bash completed with no output)') + reset, host };
  const timedOut = r.timedOut ? `Command timed out after ${formatDuration(r.timeoutMs)}` : '';
  return { text: presentLines(`Exit code ${code}`, shown, timedOut) + reset, host, failure };
}

/** 2.1.285 on: a background command's timeout limits its run (default 10 minutes in -p, at most 2 hours). */
const BACKGROUND_DEFAULT_MS = 600_000;
const BACKGROUND_MAX_MS = 7_200_000;

/** How Claude Code 2.1.332 ends a background command's output file. */
export const outputTrailer = (end: { status: string; exitCode: number | null }) =>
  end.status === 'killed' || end.status === 'timed_out' || end.exitCode === null
    ? '[killed]'
    : `[exited with code ${end.exitCode}]`;

/** 2.1.332: the output is a file the model Reads (TaskOutput is gone); the end is a notification (notices.ts). */
async function background332(a: Args, c: Call): Promise<Reply> {
  const limit = requestedTimeout(a.timeout);
  const timeoutMs = limit === undefined ? BACKGROUND_DEFAULT_MS : Math.min(limit, BACKGROUND_MAX_MS);
  const job = await c.engine.shell.startNotified(
    c,
    { command: a.command, description: a.description, env: NON_INTERACTIVE_ENV, timeoutMs, logTrailer: outputTrailer },
    a.description ?? a.command,
  );
  return {
    text: `Command running in background with ID: ${job.id}. Output is being written to: ${job.logPath}. You will be notified when it completes. To check interim output, use Read on that file path.`,
    host: { summary: a.description ?? a.command, details: { taskId: job.id, pid: job.pid, outputFile: job.logPath } },
  };
}

/** Claude Code kills a timed-out foreground command that starts with sleep and moves any other to the background. */
const KILLED_ON_TIMEOUT = /^\s*sleep(?:\s|$)/;
/** The newest output shown with a moved command. */
const SO_FAR_BYTES = 64 * 1024;
/** What engine.shell.run keeps of an output by default. */
const RUN_KEPT_BYTES = 1024 * 1024;

/**
 * 2.1.309 on (observed in 2.1.332): a foreground command still running at its timeout goes on as a background
 * command (output file, notification, the background limit of 10 minutes) instead of being killed.
 */
async function foregroundOrMoved(a: Args, c: Call): Promise<Reply> {
  if (KILLED_ON_TIMEOUT.test(a.command)) return foreground(a, c);
  const waitMs = Math.min(requestedTimeout(a.timeout) ?? BASH_DEFAULT_TIMEOUT_MS, BASH_MAX_TIMEOUT_MS);
  const summary = a.description ?? a.command;
  const opts = {
    command: a.command,
    description: a.description,
    env: NON_INTERACTIVE_ENV,
    timeoutMs: waitMs + BACKGROUND_DEFAULT_MS,
    logTrailer: outputTrailer,
    reportCwd: true,
  };
  const run = await runOrMove(c, opts, waitMs, summary);
  if (run.cancelled) {
    const cancelled = cancelledRun(run.cancelled);
    if (!cancelled) throw run.cancelled;
    return abortedReply(cancelled, summary);
  }
  const { job, moved } = run;
  // A moved command shows its newest output; one that ended, as much as a run keeps (1 MiB, head and tail).
  const maxBytes = moved ? SO_FAR_BYTES : RUN_KEPT_BYTES;
  const read = await c.engine.shell.output(c, job.id, { from: 'start', maxBytes, budget: 'head_tail' });
  if (moved) {
    const soFar = tidy(read.text);
    const text = [
      soFar ? `${soFar}\n` : '',
      `Command did not complete within its ${Math.round(waitMs / 1000)}s timeout and was moved to the background (ID: ${job.id}). `,
      `Output is being written to: ${job.logPath}. You will be notified when it completes. If it is still running after `,
      '10m in the background, it will be stopped and you will be notified. It is running now: do not start a second copy ',
      'while it runs. If it is no longer needed, stop it with TaskStop.',
      read.job.outputBytes === 0
        ? ' No output had been read from it when it was moved. A program that buffers its output, or a pipe into one such as tail, can keep the output file empty until the command finishes.'
        : '',
      ' To check interim output, use Read on that file path.',
    ].join('');
    return { text, host: { summary, details: { taskId: job.id, pid: job.pid, outputFile: job.logPath } } };
  }
  // Ended within its timeout: the log without the line Claude Code ends the output file with.
  const trailer = `\n${outputTrailer(job)}\n`;
  const all = printed(read);
  const output = all.endsWith(trailer) ? all.slice(0, -trailer.length) : all;
  const raw = tidy(output);
  // The file a long output is saved to holds it as printed, as a run's spill does (the model's text is tidied).
  const saved = raw.length > PERSIST_LIMITS.bash ? await c.engine.files.spill(c, output, 0) : undefined;
  const shown = (await persisted(c, raw, PERSIST_LIMITS.bash, saved)).text;
  // As a run to its end: the directory it ended in is the session's next one.
  const cwdReset = job.finalCwd !== undefined ? await c.engine.shell.keepCwd(c, job.finalCwd) : undefined;
  const reset = cwdReset ? `\nShell cwd was reset to ${cwdReset.resetTo}` : '';
  const host = { summary, exitCode: job.exitCode, signal: job.signal, truncated: raw !== shown || read.truncated };
  if (job.exitCode === 0 && !job.signal) return { text: (shown || '(Bash completed with no output)') + reset, host };
  const code = job.exitCode ?? 143;
  const failure = processError(
    'process_failed',
    `the command exited with code ${code}`,
    { exitCode: job.exitCode, signal: job.signal, timeoutMs: waitMs },
    raw,
    read.truncated,
  );
  return { text: presentLines(`Exit code ${code}`, shown) + reset, host, failure };
}

/**
 * Claude Code 2.1.332's Bash: background output goes to a file the model Reads; timeout also limits a background run.
 */
export const bash = defineTool<Args>({
  ...TABLE_197,
  summary:
    'Run a bash command (tests, builds, git, installs); run_in_background for long ones, then Read its output file.',
  description: [
    ...TABLE_197.description.slice(0, 3),
    '(larger values are lowered to it); at the timeout a command starting with sleep is killed, any other moves to the',
    'background (as run_in_background, the result names its output file). stdout and stderr',
    TABLE_197.description[4]!,
    'file and replaced by a preview naming that file (Read it for the rest). run_in_background returns a task id and the',
    'path of its output file at once: Read that file for the output so far (it ends with "[exited with code N]" or',
    '"[killed]" once the command ended), stop it with TaskStop; a notification is added to a later result when it ends.',
    'With run_in_background, timeout limits how long it may run (default 600000, at most 7200000), then it is stopped.',
    ...TABLE_197.description.slice(7),
  ],
  errorModes: TABLE_197.errorModes.map((m) =>
    m.startsWith('TIMEOUT:')
      ? 'TIMEOUT: a command starting with sleep ran past its timeout and was killed ("Exit code 143 ... Command timed out after Ns"); any other is moved to the background instead (not an error): the result names its id and output file.'
      : m,
  ),
  examples: [
    TABLE_197.examples[0]!,
    {
      ...TABLE_197.examples[1]!,
      expectedOutcome: 'Command running in background with ID: ... Output is being written to: ...',
    },
  ],
  async call(a, c) {
    if (CONTROL.test(a.command))
      throw engineFailure('control_characters', 'the command contains control characters', {}, { field: 'command' });
    return a.run_in_background ? background332(a, c) : foregroundOrMoved(a, c);
  },
});
