// run_shell_command: every field printed ("(none)"/"(empty)" when absent), a foreground
// timeout with the output so far, long output cut to head and tail, managed background shells.
import type { RunOutcome } from '../../engine/index.js';
import { headTailSplit } from '../kit/text/fit.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { endsInBackground, sleepOfAtLeast, runsGitCommit } from '../kit/shell/command-text.js';
import { longRunSeconds, streamsCut, streamsRunHost, streamsTimeout } from '../kit/shell/run-streams.js';
import { signalNumber } from '../kit/shell/signals.js';
import { streamsInTurn } from '../kit/shell/plain-output.js';
import { type Call, defineTool, type Reply } from '../common/define.js';
import {
  badParams,
  cancelledReply,
  commandSummary,
  startInBackground,
  timedOutReply,
} from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { object } from '../gemini-family/schema.js';
import { reschemed } from './reschemed.js';

const ENV = { QWEN_CODE: '1', TERM: 'xterm-256color', PAGER: 'cat' };
const DEFAULT_TIMEOUT_MS = 120_000;
const MAX_TIMEOUT_MS = 600_000;
const MAX_CHARS = 25_000;
/**
 * How Qwen runs a foreground command: its environment and time limits, stdout apart from stderr, 1 MB kept and the rest
 * spilled to a file, the cwd not carried to the next call.
 */
const RUN = {
  workdirField: 'directory',
  env: ENV,
  defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
  maxTimeoutMs: MAX_TIMEOUT_MS,
  streams: 'separate',
  maxOutputBytes: 1024 * 1024,
  spillOverBytes: MAX_CHARS,
  persistCwd: false,
} as const;
/** The prefix of a background shell's id (Qwen's task ids). */
export const TASK_PREFIX = 'bg_';

const schema = object(
  { command: 'string', is_background: 'boolean', timeout: 'number', description: 'string', directory: 'string' },
  ['command'],
);
type Args = ArgsOf<typeof schema>;

/**
 * stdout then stderr, each cleaned (Qwen does not interleave them); over 25000 characters or 1000 lines, a fifth from
 * the head and the rest from the tail.
 */
function output(r: RunOutcome): string {
  const out = streamsInTurn(r);
  const cut = headTailSplit(out, MAX_CHARS, 1000, 0.2, streamsCut(r));
  if (!cut) return out;
  const where = r.spill
    ? `The full output has been saved to: ${r.spill.path}\nThat file is outside the workspace, so read_file cannot open it; read it with run_shell_command (for example tail or grep on it).`
    : 'The full output was not kept.';
  return `Tool output was too large and has been truncated.\n${where} Truncated part of the output:\n${cut.head}\n\n---\n... [CONTENT TRUNCATED] ...\n---\n\n${cut.tail}`;
}

async function background(c: Call, args: Args): Promise<Reply> {
  if (endsInBackground(args.command)) {
    throw badParams(
      'a background command must not end with a bare "&"; remove it, is_background: true already runs it in the background',
      'command',
    );
  }
  if (runsGitCommit(args.command))
    throw badParams('git commit cannot run in the background; run it in the foreground', 'command');
  const job = await startInBackground(c, args, args.directory, 'directory', ENV);
  const id = TASK_PREFIX + job.id;
  return {
    text: `Background shell started.\nid: ${id}\npid: ${job.pid}\noutput file: ${job.logPath}\nTo inspect its output run tail on that file with run_shell_command; to stop it call task_stop with task_id ${id}.`,
    host: { summary: `Background shell ${id}`, details: { task_id: id, pid: job.pid, log: job.logPath } },
  };
}

function finished(r: RunOutcome, args: Args, timeout: number): Reply {
  const out = output(r);
  const host = { summary: commandSummary(args), ...streamsRunHost(r, timeout) };
  // Failure.process carries what it printed, as every shape's timeout does.
  if (r.timedOut)
    return timedOutReply(
      `Command timed out after ${timeout}ms before it could complete.`,
      'timed out',
      out,
      streamsTimeout(r, timeout),
      host,
    );
  const fields = [
    `Command: ${args.command}`,
    `Directory: ${args.directory ?? '(root)'}`,
    `Output: ${out || '(empty)'}`,
    'Error: (none)',
    `Exit Code: ${r.exitCode ?? '(none)'}`,
    `Signal: ${signalNumber(r.signal) ?? '(none)'}`,
    `Process Group PGID: ${r.pid}`,
  ];
  const secs = longRunSeconds(r, timeout);
  const slow =
    secs === undefined
      ? ''
      : `\n\nNote: this foreground command ran for ${secs.toFixed(1)}s. If it may run this long again, pass \`is_background: true\` so it does not hold up the conversation.`;
  return { text: fields.join('\n') + slow, host };
}

export const runShellCommand01510 = defineTool<Args>({
  name: 'run_shell_command',
  fields: { path: 'directory' },
  summary: 'Run a bash command to completion (default 2-minute timeout) or as a managed background shell.',
  description: [
    'Runs `command` with bash -c in its own process group (in `directory`, absolute, or the workspace root), with',
    'QWEN_CODE=1, TERM=xterm-256color and PAGER=cat. The answer always lists Command, Directory, Output (stdout then',
    'stderr), Error, Exit Code, Signal and Process Group PGID, with "(none)" or "(empty)" where there is nothing.',
    'timeout is in milliseconds (default 120000, at most 600000); on expiry the process group is killed and the output',
    'so far returned. Output over 25000 characters or 1000 lines is cut to its head and tail. A leading "sleep N" of 2 s',
    'or more is refused: use is_background. is_background: true starts a managed background shell and returns its',
    'id (bg_...), pid and output file at once (no trailing "&"; git commit is not allowed there); stop it with task_stop.',
  ],
  schema,
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Run the unit tests',
      arguments: { command: 'node --test', description: 'Run tests', timeout: 300000 },
      expectedOutcome: 'Command/Directory/Output/... fields; Exit Code 0 when they pass.',
    },
    {
      description: 'Start a web server in the background',
      arguments: { command: 'npm run dev', is_background: true },
      expectedOutcome: 'Background shell started with its id and pid.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'A non-zero exit is not a failure: the fields carry the exit code (exitCode also in the host block).',
    'shell_execute_error (TIMEOUT): the command ran past `timeout`; it was killed with its process group.',
    'CANCELLED: the call was cancelled while the command ran; it was killed and "Command was cancelled by user before it could complete." comes back with the output so far.',
    'invalid_tool_params: empty command, timeout not a positive whole number or over 600000, relative directory, a',
    'foreground "sleep N" (N >= 2), a background command ending in "&", or git commit in the background.',
    "path_not_in_workspace: directory outside the workspace. policy_violation: refused by the server's command rules.",
    "Differences from Qwen Code: no approval prompts (the server's policy decides) and no co-author trailer on commits.",
  ],
  async call(args, c) {
    if (
      args.timeout !== undefined &&
      (!Number.isSafeInteger(args.timeout) || args.timeout < 1 || args.timeout > MAX_TIMEOUT_MS)
    ) {
      throw badParams(`timeout must be a positive whole number of milliseconds, at most ${MAX_TIMEOUT_MS}`, 'timeout', {
        timeout: args.timeout,
      });
    }
    if (args.directory !== undefined && !args.directory.startsWith('/')) {
      throw badParams(`directory must be an absolute path inside the workspace, not "${args.directory}"`, 'directory');
    }
    if (args.is_background) return background(c, args);
    const sleep = sleepOfAtLeast(args.command, 2);
    if (sleep) {
      const why = `Blocked: a foreground "sleep ${sleep}". Waiting this way blocks the conversation; run it in the background with is_background: true, or poll for the condition you wait for`;
      throw badParams(why, 'command');
    }
    const timeout = args.timeout ?? DEFAULT_TIMEOUT_MS;
    const r = await c.engine.shell.run(c, {
      ...RUN,
      command: args.command,
      workdir: args.directory,
      timeoutMs: timeout,
    });
    return finished(r, args, timeout);
  },
  // A run cancelled while it ran: what it printed so far, in Gemini CLI's and Qwen Code's words.
  errors: (err, args) => cancelledReply(err, commandSummary(args)),
});

/** 0.24.4 declares timeout as an integer from 1 to 600000 (the bounds 0.15.10 checked when the call ran). */
export const runShellCommand = reschemed(
  runShellCommand01510,
  object(
    {
      command: 'string',
      is_background: 'boolean',
      timeout: { type: 'integer', minimum: 1, maximum: MAX_TIMEOUT_MS },
      description: 'string',
      directory: 'string',
    },
    ['command'],
  ),
);
