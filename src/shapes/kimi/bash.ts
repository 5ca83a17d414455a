// Bash (Kimi Code 2.1.0): a fresh shell per call in `cwd` or the working directory, stdout and
// stderr merged. Every command runs as a task with a log: in the foreground the call waits up to
// its timeout (default 60 s, silently capped at 300 s) and, when the command is still running
// then, leaves it in the background (as Kimi Code does by default) instead of killing it.
// run_in_background starts a task at once (default 600 s, at most 86,400 s, or no limit).
import { engineFailure, EngineError, type JobSnapshot } from '../../engine/index.js';
import { runOrMove } from '../kit/shell/wait-or-move.js';
import { processError } from '../kit/shell/run-failure.js';
import { CappedText } from '../kit/text/capped.js';
import { type Call, defineTool, type Reply } from '../common/define.js';
import { namingShell } from '../common/shell-named.js';
import { TAGS } from '../tags.js';
import { codeFail, codeOk, startClock } from './errors.js';
import { BACKGROUND_DEFAULT_S, BACKGROUND_MAX_S, taskFacts, taskHost, taskIdOf, timeouts } from './task-words.js';

type Args = {
  command: string;
  cwd?: string;
  timeout?: number;
  description?: string;
  run_in_background?: boolean;
  disable_timeout?: boolean;
};

const FOREGROUND_DEFAULT_S = 60;
const FOREGROUND_MAX_S = 300;
/** Kimi Code's result limits: 50,000 characters, lines cut at 2,000. */
const MAX_CHARS = 50_000;
const MAX_LINE = 2_000;
/** The log read back for a foreground result (a bigger one shows its newest part). */
const READ_BACK_BYTES = 4 << 20;
const ENV = { GIT_TERMINAL_PROMPT: '0', PAGER: 'cat', GIT_PAGER: 'cat' };

const HUMAN_HINT = 'human_shell_hint: The task is visible in the background-task panel.';

function backgroundStarted(j: JobSnapshot): Reply {
  const lines = [
    `task_id: ${taskIdOf(j.id)}`,
    `pid: ${j.pid}`,
    `description: ${j.description ?? ''}`,
    'status: running',
    'automatic_notification: true',
    'next_step: The completion arrives automatically in a later turn — do NOT wait, poll, or call TaskOutput on it; continue with your current work.',
    'next_step: Use TaskStop only if the task must be cancelled.',
    HUMAN_HINT,
  ];
  return codeOk(lines.join('\n'), { ...taskHost(j), summary: `Started task ${taskIdOf(j.id)}` });
}

function detached(j: JobSnapshot): Reply {
  const lines = [
    `task_id: ${taskIdOf(j.id)}`,
    `pid: ${j.pid}`,
    `description: ${j.description ?? ''}`,
    'status: running',
    'automatic_notification: true',
    'next_step: The task now runs in the background. You will be automatically notified when it completes — do NOT wait, poll, or call TaskOutput on it; continue with your current work.',
    HUMAN_HINT,
  ];
  return codeOk(lines.join('\n'), { ...taskHost(j), summary: `Moved ${taskIdOf(j.id)} to the background` });
}

/** Output over Kimi Code's limits: lines cut, the whole kept in the task's log, and where to find it. */
function limited(output: string, j: JobSnapshot, bytes: number): { text: string; cut: boolean } {
  const long = output.split('\n').some((l) => l.length > MAX_LINE);
  if (output.length <= MAX_CHARS && !long) return { text: output, cut: false };
  const shown = new CappedText(MAX_CHARS, MAX_LINE).write(output).text;
  const id = taskIdOf(j.id);
  const note = [
    '[Per-line truncation occurred; the complete output was saved to a file.',
    `output_path: ${j.logPath}`,
    'next_step: Use Read with output_path to page through the saved output, or Grep to search it.]',
  ].join('\n');
  const ref = [
    'Command executed successfully.',
    `task_id: ${id}`,
    `output_size_bytes: ${bytes}`,
    `next_step: Use TaskOutput(task_id="${id}") to query the task output.`,
  ].join('\n');
  return { text: `${shown.endsWith('\n') ? shown : `${shown}\n`}${note}\n\n${ref}`, cut: true };
}

/** A foreground command that ended, in Kimi Code's words. */
async function ended(j: JobSnapshot, c: Call): Promise<Reply> {
  const read = await c.engine.shell.output(c, j.id, { from: 'start', maxBytes: READ_BACK_BYTES, budget: 'head_tail' });
  const bytes = read.job.outputBytes;
  const { text, cut } = limited(read.text, j, bytes);
  const host = { ...taskHost(j), truncated: cut || read.truncated, counts: { outputBytes: bytes } };
  if (j.exitCode === 0 && !j.signal) return codeOk(cut ? text : text || 'Command executed successfully.', host);
  const code = j.exitCode === null ? 'null' : String(j.exitCode);
  const body = text || `Process exited with code ${code}`;
  const message = `${body.endsWith('\n') ? body : `${body}\n`}Command failed with exit code: ${code}.`;
  const failure = processError(
    'process_failed',
    `the command exited with code ${code}`,
    { exitCode: j.exitCode, signal: j.signal, timeoutMs: 0 },
    read.text,
    read.truncated,
  );
  return codeFail(message, host, failure);
}

async function foreground(a: Args, c: Call): Promise<Reply> {
  const waitS = Math.min(a.timeout ?? FOREGROUND_DEFAULT_S, FOREGROUND_MAX_S);
  const facts = taskFacts(c);
  const opts = {
    command: a.command,
    workdir: a.cwd,
    workdirField: 'cwd',
    description: `Bash: ${a.command.slice(0, 60)}`,
    env: ENV,
    // Once moved to the background, the command has the background default to end.
    timeoutMs: (waitS + BACKGROUND_DEFAULT_S) * 1000,
  };
  const run = await runOrMove(c, opts, waitS * 1000);
  // The call was cancelled while the command ran: it is stopped, as Kimi Code stops it.
  if (run.cancelled instanceof EngineError && run.cancelled.kind === 'cancelled')
    return codeFail('Interrupted by user', {}, run.cancelled);
  if (run.cancelled) throw run.cancelled;
  const now = run.job;
  if (run.moved) {
    facts.tasks.add(now.id);
    facts.detached.add(now.id);
    return detached(now);
  }
  return ended(now, c);
}

async function background(a: Args, c: Call): Promise<Reply> {
  if ((a.description ?? '').trim() === '')
    throw engineFailure('no_description', 'a background task needs a description', {}, { field: 'description' });
  const seconds = a.disable_timeout ? undefined : Math.min(a.timeout ?? BACKGROUND_DEFAULT_S, BACKGROUND_MAX_S);
  const job = await c.engine.shell.startNotified(c, {
    command: a.command,
    workdir: a.cwd,
    workdirField: 'cwd',
    description: a.description,
    env: ENV,
    ...(seconds !== undefined ? { timeoutMs: seconds * 1000 } : {}),
  });
  timeouts(c).set(job.id, seconds === undefined ? 0 : seconds * 1000);
  taskFacts(c).tasks.add(job.id);
  return backgroundStarted(job);
}

export const bashTool = namingShell(
  defineTool<Args>({
    name: 'Bash',
    summary:
      'Run a {shell} command; a long one moves to the background on timeout, or starts there (run_in_background).',
    description: [
      'Runs a command with {shell} -c in a fresh process (cd and export do not carry over), in `cwd` or the working directory,',
      'with GIT_TERMINAL_PROMPT=0 and stdin closed; stdout and stderr come back merged. timeout is in seconds: in the',
      'foreground default 60 and at most 300 (larger values are lowered to it); a command still running then is moved to',
      'the background rather than killed, and the result gives its task_id. A non-zero exit is an error ending "Command',
      'failed with exit code: N.". run_in_background=true (with a description) starts a background task at once: timeout',
      'default 600, at most 86400, disable_timeout for none. You are notified when a background task ends; TaskList,',
      'TaskOutput, WaitFor and TaskStop manage tasks. Output over 50,000 characters or with lines over 2,000 is cut; the',
      "whole stays in the task's log (Read it with output_path). The result starts with the call's wall time.",
      'Prefer Read, Grep and Glob to shell equivalents for reading and searching files.',
    ],
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        command: { type: 'string', minLength: 1 },
        cwd: { type: 'string' },
        timeout: { default: 60, type: 'integer', exclusiveMinimum: 0, maximum: 9007199254740991 },
        description: { type: 'string' },
        run_in_background: { type: 'boolean' },
        disable_timeout: { type: 'boolean' },
      },
      required: ['command'],
      additionalProperties: false,
    },
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'Run the tests',
        arguments: { command: 'npm test', timeout: 300 },
        expectedOutcome: 'Wall time, then the output; a failure ends "Command failed with exit code: N."',
      },
      {
        description: 'Start a development server',
        arguments: { command: 'npm run dev', run_in_background: true, description: 'dev server' },
        expectedOutcome: 'task_id: bash-… and the other task lines; a notification follows when it ends.',
      },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      'PROCESS_FAILED: non-zero exit: the output (or "Process exited with code N") then "Command failed with exit code: N."',
      'INVALID_ARGUMENT: an empty command ("Command cannot be empty."); run_in_background without a description',
      '("description is required when run_in_background is true."); a cwd that is not a directory; unknown parameters.',
      'RESOURCE_EXHAUSTED: too many background tasks in this session (stop one with TaskStop).',
      "SECURITY_POLICY_FAILED: the server's allow/deny rules refuse a command of the line.",
      'A foreground timeout is not an error: the command goes on in the background and the result names its task.',
    ],
    async call(args, c) {
      startClock(c);
      if (args.command.trim() === '')
        throw engineFailure('empty_command', 'the command is empty', {}, { field: 'command' });
      return args.run_in_background ? background(args, c) : foreground(args, c);
    },
    errors(err) {
      if (err.condition === 'empty_command') return codeFail('Command cannot be empty.');
      if (err.condition === 'no_description')
        return codeFail('description is required when run_in_background is true.');
      return undefined;
    },
  }),
);
