// run_shell_command: Output / Exit Code / Signal / Background PIDs / Process Group PGID
// fields, a 5-minute inactivity timeout, command substitution refused, and is_background.
import { EngineError, type RunOutcome } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { hasCommandSubstitution } from '../kit/shell/command-text.js';
import { idleTimeoutFailure } from '../kit/shell/idle-timeout.js';
import { plainOutput } from '../kit/shell/plain-output.js';
import { plainParts } from '../kit/shell/plain-parts.js';
import { signalNumber } from '../kit/shell/signals.js';
import { orError } from '../kit/shell/run-failure.js';
import { waitMs } from '../kit/shell/pause.js';
import { type Call, defineTool, type Reply } from '../common/define.js';
import { cancelledReply, commandSummary, startInBackground, timedOutReply } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { untrusted } from './untrusted.js';
import { object } from '../gemini-family/schema.js';

const schema = object(
  { command: 'string', description: 'string', dir_path: 'string', is_background: 'boolean', delay_ms: 'integer' },
  ['command'],
);
type Args = ArgsOf<typeof schema>;

const ENV = { GEMINI_CLI: '1', TERM: 'xterm-256color', PAGER: 'cat', GIT_PAGER: 'cat' };
/** Gemini has no overall limit, only the inactivity one; a day bounds a forgotten command. */
const OVERALL_MS = 24 * 3600 * 1000;
const OUTPUT_THRESHOLD = 40_000;
/**
 * How Gemini runs a foreground command: its environment, no overall limit to speak of (only the inactivity one), stdout
 * and stderr merged, a fifth of 40000 bytes kept from the head and the rest spilled to a file, the cwd not carried to
 * the next call, processes left behind kept and reported.
 */
const RUN = {
  workdirField: 'dir_path',
  env: ENV,
  timeoutMs: OVERALL_MS,
  defaultTimeoutMs: OVERALL_MS,
  maxTimeoutMs: OVERALL_MS,
  streams: 'merged',
  maxOutputBytes: OUTPUT_THRESHOLD,
  headShare: 0.2,
  spillOverBytes: OUTPUT_THRESHOLD,
  persistCwd: false,
  reportBackground: true,
  keepBackground: true,
} as const;
const SUBSTITUTION_TEXT =
  'Command refused: it uses command substitution ($(), backticks, <() or >()) outside single quotes, which this tool blocks for safety. ' +
  'Run the inner command on its own first, then use its output in a second command.';

/** Output, then only the fields that apply, as Gemini reports a finished command. */
function fields(
  output: string,
  exitCode: number | null,
  signal: string | null,
  pid: number,
  background: number[] = [],
): string {
  const sig = signalNumber(signal);
  return [
    `Output: ${output || '(empty)'}`,
    ...(exitCode !== null && exitCode !== 0 ? [`Exit Code: ${exitCode}`] : []),
    ...(sig !== undefined ? [`Signal: ${sig}`] : []),
    ...(background.length > 0 ? [`Background PIDs: ${background.join(', ')}`] : []),
    `Process Group PGID: ${pid}`,
  ].join('\n');
}

/** The command's output, or Gemini's head/tail view (20% / 80%) when over 40000 characters. */
function shownOutput(r: RunOutcome): string {
  const { text, truncated, head, tail, omittedBytes } = plainParts(r.output);
  if (!truncated) return text;
  return `Output too large. Showing first ${head.length} and last ${tail.length} characters. For full output see: ${r.spill ? r.spill.path : '(not saved)'}\n${head}\n\n... [${omittedBytes} characters omitted] ...\n\n${tail}`;
}

/** A foreground run as Gemini reports it: cancelled, timed out without output, or its fields. */
async function runForeground(c: Call, args: Args): Promise<Reply> {
  const idleMs = c.config.shell.inactivityMs;
  const summary = commandSummary(args);
  const r = await c.engine.shell
    .run(c, { ...RUN, command: args.command, workdir: args.dir_path, idleTimeoutMs: idleMs })
    .catch((e: unknown) => cancelledReply(e, summary) ?? Promise.reject(orError(e)));
  if (!('pid' in r)) return r;
  const out = shownOutput(r);
  const details = {
    pid: r.pid,
    background_pids: r.backgroundPids,
    cwd: r.cwd,
    ...(r.spill ? { full_output: r.spill.path } : {}),
  };
  const host = { summary, exitCode: r.exitCode, signal: r.signal, truncated: r.output.truncated, details };
  if (!r.timedOut) return { text: untrusted(fields(out, r.exitCode, r.signal, r.pid, r.backgroundPids)), host };
  const message = `Command was automatically cancelled because it exceeded the timeout of ${(idleMs / 60_000).toFixed(1)} minutes without output.`;
  return timedOutReply(
    message,
    'was cancelled',
    out,
    idleTimeoutFailure(r, idleMs, { errorType: 'shell_execute_error' }),
    host,
  );
}

/** A background start: the PID and first output after delay_ms, or its fields when it already ended. */
async function runBackground(c: Call, args: Args): Promise<Reply> {
  const job = await startInBackground(c, args, args.dir_path, 'dir_path', ENV);
  const r = await c.engine.shell.output(c, job.id, {
    waitMs: waitMs(args.delay_ms, 200),
    until: 'exit',
    from: 'start',
  });
  const host = { summary: `Background PID ${job.pid}`, details: { pid: job.pid, job: job.id, log: job.logPath } };
  const out = plainOutput(r.text);
  if (r.job.status === 'running')
    return {
      text: untrusted(`Command is running in background. PID: ${job.pid}. Initial output:\n${out || '(empty)'}`),
      host,
    };
  return {
    text: untrusted(fields(out, r.job.exitCode, r.job.signal, job.pid)),
    host: { ...host, exitCode: r.job.exitCode, signal: r.job.signal },
  };
}

export const runShellCommand = defineTool<Args>({
  name: 'run_shell_command',
  fields: { path: 'dir_path' },
  summary:
    'Run a bash command (in dir_path, or the session directory) and get its output, exit code and background PIDs.',
  description: [
    'Runs `command` with bash -c in its own process group, with GEMINI_CLI=1, TERM=xterm-256color and PAGER=cat. stdout and',
    'stderr come back interleaved as "Output:", then "Exit Code:" when not 0, "Signal:" (a number) when killed, "Background',
    'PIDs:" for processes the command left running with &, and "Process Group PGID:". Output over 40000 characters is cut',
    'to its first fifth and last four fifths. A command silent for 5 minutes is cancelled. Command substitution ($(),',
    'backticks, <(), >()) outside single quotes is refused. is_background: true starts the command as a background',
    'process, waits delay_ms (default 200) and returns its PID and first output; follow it with read_background_output.',
    'Use quiet flags and avoid pagers and interactive programs.',
  ],
  schema,
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Run the tests',
      arguments: { command: 'npm test --silent', description: 'Run the test suite' },
      expectedOutcome: 'Output: the test report; Exit Code when a test fails.',
    },
    {
      description: 'Start a dev server in the background',
      arguments: { command: 'npm run dev', is_background: true, delay_ms: 1000 },
      expectedOutcome: 'Command is running in background. PID: ...',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'A non-zero exit is not a failure: the result carries "Exit Code: n" (and exitCode in the host block).',
    "policy_violation (SECURITY_POLICY_FAILED): command substitution outside single quotes, or the server's allow/deny rules refused a part of the line.",
    'invalid_tool_params: empty command. path_not_in_workspace: dir_path outside the workspace. search_path_not_found: dir_path missing.',
    'shell_execute_error (TIMEOUT): 5 minutes without output; the whole process group was killed and the output so far returned.',
    'CANCELLED: the call was cancelled while the command ran; it was killed and "Command was cancelled by user before it could complete." comes back with the output so far.',
    'Processes left running with & are kept until the session ends (then killed). The full-output file named after a cut lives on the server, outside the workspace.',
  ],
  async call(args, c) {
    if (hasCommandSubstitution(args.command)) {
      const failure = new EngineError('security_policy', 'command substitution is blocked', {
        field: 'command',
        facts: { errorType: 'policy_violation' },
      });
      return {
        text: SUBSTITUTION_TEXT,
        failure,
        host: { summary: 'Command substitution blocked', details: { error_type: 'policy_violation' } },
      };
    }
    return args.is_background ? runBackground(c, args) : runForeground(c, args);
  },
});
