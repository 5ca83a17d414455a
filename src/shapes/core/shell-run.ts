// shell.run: a bash command to completion, with its exit status and output (head and tail kept).
import { NON_INTERACTIVE_ENV, type RunOutcome } from '../../engine/index.js';
import { ranOrCancelled } from '../kit/shell/run-or-cancelled.js';
import { runView } from '../kit/shell/run-view.js';
import {
  DEFAULT_OUTPUT_BYTES,
  DEFAULT_TIMEOUT_MS,
  envSchema,
  MAX_TIMEOUT_MS,
  POLICY_MODE,
  WORKDIR_MODE,
} from './shell-common.js';
import { type ArgsOf, defineTool, type Reply, TAGS } from './shared.js';

function runReply(r: RunOutcome): Reply {
  const { failure, summary, counts, ...view } = runView(r);
  const host = { summary, exitCode: r.exitCode, signal: r.signal, truncated: r.output.truncated, counts };
  return { ...view, host, ...(failure ? { failure, error: failure.message } : {}) };
}

const schema = {
  type: 'object',
  properties: {
    command: { type: 'string', minLength: 1, description: 'The bash command line.' },
    workdir: {
      type: 'string',
      description: 'Directory to run in, relative to the session directory; must be inside the roots.',
    },
    timeout_ms: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_TIMEOUT_MS,
      description: `Timeout in milliseconds (default ${DEFAULT_TIMEOUT_MS}).`,
    },
    stdin: { type: 'string', description: "Text written to the command's standard input." },
    env: envSchema,
    max_output_bytes: {
      type: 'integer',
      minimum: 256,
      maximum: 16 * 1024 * 1024,
      description: `Output bytes kept, head and tail (default ${DEFAULT_OUTPUT_BYTES}).`,
    },
    merge_streams: {
      type: 'boolean',
      description: 'Send stderr into stdout at the source, for an exact interleaving (default false).',
    },
    keep_cwd: { type: 'boolean', description: 'Let a cd hold for the next call (default true).' },
  },
  required: ['command'],
  additionalProperties: false,
} as const;

export const runTool = defineTool<ArgsOf<typeof schema>, Awaited<ReturnType<typeof ranOrCancelled>>>({
  name: 'shell.run',
  summary: 'Run a bash command to completion and get its exit status and output.',
  description: [
    'Runs `command` with bash -c in the session directory (or `workdir`), with stdin closed unless `stdin` is given.',
    'A `cd` holds for the next call of the session while it stays inside the roots; leaving them resets the directory to the first root (reported as cwdReset).',
    'The command and everything it started is killed (TERM, then KILL) on timeout or when the call is cancelled; processes left in the background are killed when the command ends.',
    `Output keeps its head and tail up to max_output_bytes (default ${DEFAULT_OUTPUT_BYTES}); a larger output is saved whole to a file named in the structured block.`,
    'The structured block has exitCode, signal, timedOut, stdout, stderr and byte counts. Use shell.start for servers, watchers and anything that runs long.',
  ],
  schema,
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Run the test suite',
      arguments: { command: 'npm test', timeout_ms: 300000 },
      expectedOutcome: 'The test output; exitCode 0 when the tests pass.',
    },
    {
      description: 'Show the status of a repository in a subdirectory',
      arguments: { command: 'git status --short', workdir: 'app' },
      expectedOutcome: 'One line per changed file.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'PROCESS_FAILED: the command exited non-zero or was killed by a signal; the output is still returned, and failure.process holds the exit code.',
    'TIMEOUT: the command ran past timeout_ms (or the call deadline) and was killed with everything it started; the output so far is returned.',
    'CANCELLED: the call was cancelled (or the server stopped while draining); the command was killed and the output so far is returned.',
    WORKDIR_MODE,
    'INVALID_ARGUMENT: the command is empty or its quotes/brackets do not close (it cannot be checked).',
    POLICY_MODE,
  ],
  call: (args, c) =>
    ranOrCancelled(
      c.engine.shell.run(c, {
        command: args.command,
        workdir: args.workdir,
        timeoutMs: args.timeout_ms,
        defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
        maxTimeoutMs: MAX_TIMEOUT_MS,
        input: args.stdin,
        env: { ...NON_INTERACTIVE_ENV, ...args.env },
        streams: args.merge_streams ? 'merged' : 'separate',
        maxOutputBytes: args.max_output_bytes ?? DEFAULT_OUTPUT_BYTES,
        spillOverBytes: args.max_output_bytes ?? DEFAULT_OUTPUT_BYTES,
        persistCwd: args.keep_cwd ?? true,
        reportBackground: true,
      }),
    ),
  // Cancelled: the output so far, as a timeout shows it.
  format: ({ run, cancelled: c }) =>
    run
      ? runReply(run)
      : { text: c.text || '(no output)', failure: c.err, error: c.err.message, host: { summary: c.err.message } },
});
