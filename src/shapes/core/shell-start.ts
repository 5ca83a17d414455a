// shell.start: a command started as a background job of the session; its id at once, or after wait_ms with the first
// output.
import { NON_INTERACTIVE_ENV } from '../../engine/index.js';
import { envSchema, jobHost, POLICY_MODE, readReply, ttyNote, WORKDIR_MODE } from './shell-common.js';
import { type ArgsOf, defineTool, type Reply, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    command: { type: 'string', minLength: 1, description: 'The bash command line.' },
    workdir: {
      type: 'string',
      description: 'Directory to run in, relative to the session directory; must be inside the roots.',
    },
    description: { type: 'string', maxLength: 200, description: 'A short label shown in shell.jobs.' },
    stdin: { type: 'boolean', description: 'Keep standard input open for shell.write (default false).' },
    tty: { type: 'boolean', description: 'Run on a pseudo-terminal (implies stdin; default false).' },
    timeout_ms: {
      type: 'integer',
      minimum: 1,
      maximum: 7 * 24 * 3600 * 1000,
      description: 'Kill the job after this long (default: never).',
    },
    wait_ms: {
      type: 'integer',
      minimum: 0,
      maximum: 60000,
      description: 'Wait this long for first output or exit before returning (default 0).',
    },
    env: envSchema,
  },
  required: ['command'],
  additionalProperties: false,
} as const;

export const startTool = defineTool<ArgsOf<typeof schema>>({
  name: 'shell.start',
  summary: 'Start a long-running or interactive command in the background and get a job id at once.',
  description: [
    'Starts `command` with bash -c as a job of this session and returns its id without waiting (or after `wait_ms`, with the first output).',
    'stdout and stderr go, in order, to a bounded log read with shell.output. `stdin: true` keeps input open for shell.write; `tty: true` runs it on a pseudo-terminal',
    '(for programs that need one; falls back to pipes, stated in ttyFallback, when no terminal support is available).',
    'Jobs are killed with their whole process group by shell.stop, by timeout_ms, and when the session ends or the server stops.',
  ],
  schema,
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Start a development server',
      arguments: { command: 'npm run dev', description: 'dev server', wait_ms: 2000 },
      expectedOutcome: 'A job id and the first lines the server printed.',
    },
    {
      description: 'Open an interactive Python prompt',
      arguments: { command: 'python3 -i', tty: true },
      expectedOutcome: 'A job id to use with shell.write.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'RESOURCE_EXHAUSTED: the session already runs the maximum number of jobs; stop one first.',
    WORKDIR_MODE,
    'INVALID_ARGUMENT: the command is empty or cannot be parsed.',
    'With tty: true and no terminal support on the server, the job runs on pipes: every answer about it says so in a note, and ttyFallback says why.',
    POLICY_MODE,
  ],
  async call(args, c): Promise<Reply> {
    const { command, workdir, description, stdin, tty } = args;
    const job = await c.engine.shell.start(c, {
      command,
      workdir,
      description,
      stdin,
      tty,
      timeoutMs: args.timeout_ms,
      env: { ...NON_INTERACTIVE_ENV, ...args.env },
    });
    const started = `Started job ${job.id} (pid ${job.pid}).`;
    const note = ttyNote(job);
    if (!args.wait_ms)
      return { text: note ? `${started}\n${note}` : started, data: { job: { ...job } }, host: jobHost(job, started) };
    // readReply says the note under the first line.
    return readReply(await c.engine.shell.output(c, job.id, { waitMs: args.wait_ms, until: 'output' }), started);
  },
});
