// core shape: shell tools (shell.*) over the shell engine. Full engine power, no vendor
// quirks: a finished command's output with its exit status, background and interactive
// jobs addressed by id, and structured blocks for the host.
import type { FacetConfig } from '../../config.js';
import { type Engine, EngineError, type JobRead, type JobSnapshot, NON_INTERACTIVE_ENV, type RunOutcome } from '../../engine/index.js';
import type { ContentItem, ToolDefinition, ContentResult as ToolResult } from '../../registry/types.js';
import { cancelledRun, orError } from '../common/process.js';
import { TAGS } from '../tags.js';

// Commands run non-interactively: pagers and credential prompts would hang them.
const DEFAULT_TIMEOUT_MS = 120_000;
const MAX_TIMEOUT_MS = 600_000;
const DEFAULT_OUTPUT_BYTES = 100_000;

const POLICY_MODE =
  'SECURITY_POLICY: a command of the line (each part of a && b; c | d, $(...), bash -c, env/sudo prefixes...) is refused by the ' +
  "server's allow/deny rules; the message names the rule. When another toolbox owns the program, the response has canonical_routed " +
  'and routed_to: use that toolbox instead.';

const WORKDIR_MODE = 'PERMISSION_DENIED: workdir is outside the roots. NOT_FOUND: workdir does not exist.';

const envSchema = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description: 'Extra environment variables for the command (FACET_* are ignored).',
};

interface RunArgs {
  command: string;
  workdir?: string;
  timeout_ms?: number;
  stdin?: string;
  env?: Record<string, string>;
  max_output_bytes?: number;
  merge_streams?: boolean;
  keep_cwd?: boolean;
}

interface StartArgs {
  command: string;
  workdir?: string;
  description?: string;
  stdin?: boolean;
  tty?: boolean;
  timeout_ms?: number;
  wait_ms?: number;
  env?: Record<string, string>;
}

interface OutputArgs {
  id: string;
  offset?: number;
  from_start?: boolean;
  wait_ms?: number;
  until?: 'output' | 'exit';
  max_bytes?: number;
}

interface WriteArgs {
  id: string;
  chars: string;
  wait_ms?: number;
  until?: 'output' | 'exit';
  max_bytes?: number;
}

export function shellTools(config: FacetConfig, facet: Engine): ToolDefinition[] {
  const engine = facet.shell;

  const run: ToolDefinition<RunArgs> = {
    name: 'shell.run',
    summary: 'Run a bash command to completion and get its exit status and output.',
    description: [
      'Runs `command` with bash -c in the session directory (or `workdir`), with stdin closed unless `stdin` is given.',
      'A `cd` holds for the next call of the session while it stays inside the roots; leaving them resets the directory to the first root (reported as cwdReset).',
      'The command and everything it started is killed (TERM, then KILL) on timeout or when the call is cancelled; processes left in the background are killed when the command ends.',
      `Output keeps its head and tail up to max_output_bytes (default ${DEFAULT_OUTPUT_BYTES}); a larger output is saved whole to a file named in the structured block.`,
      'The structured block has exitCode, signal, timedOut, stdout, stderr and byte counts. Use shell.start for servers, watchers and anything that runs long.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        command: { type: 'string', minLength: 1, description: 'The bash command line.' },
        workdir: { type: 'string', description: 'Directory to run in, relative to the session directory; must be inside the roots.' },
        timeout_ms: { type: 'integer', minimum: 1, maximum: MAX_TIMEOUT_MS, description: `Timeout in milliseconds (default ${DEFAULT_TIMEOUT_MS}).` },
        stdin: { type: 'string', description: "Text written to the command's standard input." },
        env: envSchema,
        max_output_bytes: {
          type: 'integer',
          minimum: 256,
          maximum: 16 * 1024 * 1024,
          description: `Output bytes kept, head and tail (default ${DEFAULT_OUTPUT_BYTES}).`,
        },
        merge_streams: { type: 'boolean', description: 'Send stderr into stdout at the source, for an exact interleaving (default false).' },
        keep_cwd: { type: 'boolean', description: 'Let a cd hold for the next call (default true).' },
      },
      required: ['command'],
      additionalProperties: false,
    },
    destructive: true,
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
    ].join('\n'),
    async handler(args, ctx) {
      const r = await engine
        .run(ctx, {
          command: args.command,
          workdir: args.workdir,
          timeoutMs: args.timeout_ms,
          defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
          maxTimeoutMs: MAX_TIMEOUT_MS,
          input: args.stdin,
          env: { ...NON_INTERACTIVE_ENV, ...args.env },
          maxOutputBytes: args.max_output_bytes ?? DEFAULT_OUTPUT_BYTES,
          spillOverBytes: args.max_output_bytes ?? DEFAULT_OUTPUT_BYTES,
          streams: args.merge_streams ? 'merged' : 'separate',
          persistCwd: args.keep_cwd ?? true,
          reportBackground: true,
        })
        .catch(orError);
      if (r instanceof Error) {
        // Cancelled: the output so far, as a timeout shows it.
        const c = cancelledRun(r);
        if (!c) throw r;
        return { content: [{ text: c.text || '(no output)' }], failure: c.err };
      }
      return runResult(r);
    },
  };

  const start: ToolDefinition<StartArgs> = {
    name: 'shell.start',
    summary: 'Start a long-running or interactive command in the background and get a job id at once.',
    description: [
      'Starts `command` with bash -c as a job of this session and returns its id without waiting (or after `wait_ms`, with the first output).',
      'stdout and stderr go, in order, to a bounded log read with shell.output. `stdin: true` keeps input open for shell.write; `tty: true` runs it on a pseudo-terminal',
      '(for programs that need one; falls back to pipes, stated in ttyFallback, when no terminal support is available).',
      'Jobs are killed with their whole process group by shell.stop, by timeout_ms, and when the session ends or the server stops.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        command: { type: 'string', minLength: 1, description: 'The bash command line.' },
        workdir: { type: 'string', description: 'Directory to run in, relative to the session directory; must be inside the roots.' },
        description: { type: 'string', maxLength: 200, description: 'A short label shown in shell.jobs.' },
        stdin: { type: 'boolean', description: 'Keep standard input open for shell.write (default false).' },
        tty: { type: 'boolean', description: 'Run on a pseudo-terminal (implies stdin; default false).' },
        timeout_ms: { type: 'integer', minimum: 1, maximum: 7 * 24 * 3600 * 1000, description: 'Kill the job after this long (default: never).' },
        wait_ms: { type: 'integer', minimum: 0, maximum: 60000, description: 'Wait this long for first output or exit before returning (default 0).' },
        env: envSchema,
      },
      required: ['command'],
      additionalProperties: false,
    },
    destructive: true,
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
      'With tty: true and no terminal support on the server, the job runs on pipes and ttyFallback says why.',
      POLICY_MODE,
    ].join('\n'),
    async handler(args, ctx) {
      const job = await engine.start(ctx, {
        command: args.command,
        workdir: args.workdir,
        description: args.description,
        stdin: args.stdin,
        tty: args.tty,
        timeoutMs: args.timeout_ms,
        env: { ...NON_INTERACTIVE_ENV, ...args.env },
      });
      if (!args.wait_ms) return { content: [{ text: `Started job ${job.id} (pid ${job.pid}).` }, { structured: { job: jobBlock(job) } }] };
      const r = await engine.output(ctx, job.id, { waitMs: args.wait_ms, until: 'output' });
      return readResult(r, `Started job ${job.id} (pid ${job.pid}).`);
    },
  };

  const jobs: ToolDefinition<{ running_only?: boolean }> = {
    name: 'shell.jobs',
    summary: 'List the background jobs of this session with their status and exit codes.',
    description:
      'One line per job started with shell.start in this session: id, status (running, completed, failed, killed, timed_out), exit code, pid and command; the structured block carries the same fields. Finished jobs stay listed until the session holds more than its job limit, oldest first out. To read what a job printed, use shell.output; to end one, shell.stop.',
    inputSchema: {
      type: 'object',
      properties: { running_only: { type: 'boolean', description: 'Only jobs still running (default false).' } },
      additionalProperties: false,
    },
    destructive: false,
    tags: [TAGS.shell, TAGS.readOnly],
    examples: [{ description: 'List every job', arguments: {}, expectedOutcome: 'One line per job, or "no jobs".' }],
    idempotency: 'idempotent',
    errorModes: 'None beyond the usual: an empty session lists no jobs.',
    async handler(args, ctx) {
      const list = engine.jobs(ctx).filter((j) => !args.running_only || j.status === 'running');
      const lines = list.map(
        (j) =>
          `${j.id}  ${j.status}${j.exitCode !== null ? ` (exit ${j.exitCode})` : j.signal ? ` (${j.signal})` : ''}  pid ${j.pid}  ${j.description ? `${j.description}: ` : ''}${j.command}`,
      );
      return { content: [{ text: lines.length > 0 ? lines.join('\n') : 'no jobs' }, { structured: { jobs: list.map(jobBlock) } }] };
    },
  };

  const output: ToolDefinition<OutputArgs> = {
    name: 'shell.output',
    summary: 'Read the new output of a background job, optionally waiting for more output or for its exit.',
    description: [
      "Returns the job's output since the previous read (or from `offset`, or from the start with from_start), at most max_bytes",
      '(the rest stays for the next read; hasMore says so). `wait_ms` waits first: until any new output (until: "output", default) or until the job exits (until: "exit").',
      "The structured block has the job's status and exit code and the next offset.",
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', minLength: 1, description: 'Job id from shell.start (its number or pid work too).' },
        offset: { type: 'integer', minimum: 0, description: 'Byte offset to read from (default: where the last read stopped).' },
        from_start: { type: 'boolean', description: 'Read from the beginning of the log (default false).' },
        wait_ms: { type: 'integer', minimum: 0, maximum: MAX_TIMEOUT_MS, description: 'How long to wait for output or exit first (default 0).' },
        until: { type: 'string', enum: ['output', 'exit'], description: 'What ends the wait early (default "output").' },
        max_bytes: { type: 'integer', minimum: 256, maximum: 16 * 1024 * 1024, description: 'Bytes returned at most (default 100000).' },
      },
      required: ['id'],
      additionalProperties: false,
    },
    destructive: false,
    tags: [TAGS.shell, TAGS.readOnly],
    examples: [
      {
        description: 'Wait up to 30 s for a build job to finish',
        arguments: { id: '1f2e3d4c', wait_ms: 30000, until: 'exit' },
        expectedOutcome: 'The output since the last read and the exit code.',
      },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      'NOT_FOUND: no job with that id in this session (sessions are named by the facet-session metadata).',
      'CANCELLED: the call was cancelled while waiting; the job keeps running.',
    ].join('\n'),
    async handler(args, ctx) {
      const r = await engine.output(ctx, args.id, {
        from: args.offset ?? (args.from_start ? 'start' : 'last'),
        waitMs: args.wait_ms,
        until: args.until,
        maxBytes: args.max_bytes ?? DEFAULT_OUTPUT_BYTES,
        budget: 'head',
      });
      return readResult(r);
    },
  };

  const stop: ToolDefinition<{ id: string }> = {
    name: 'shell.stop',
    summary: 'Stop a background job and everything it started.',
    description:
      "Sends TERM to the job's whole process group, then KILL after a grace period, so no child or grandchild it started survives. Its output stays readable with shell.output. Stopping a finished job changes nothing and reports how it ended. An interactive session started by shell.start with stdin is stopped the same way.",
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', minLength: 1, description: 'Job id from shell.start.' } },
      required: ['id'],
      additionalProperties: false,
    },
    destructive: true,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [{ description: 'Stop the dev server', arguments: { id: '1f2e3d4c' }, expectedOutcome: 'The job, now killed.' }],
    idempotency: 'idempotent',
    errorModes:
      'NOT_FOUND: no job with that id in this session. A job that already ended is not an error: the call succeeds, says so and changes nothing (alreadyEnded true), so a repeat stop is safe.',
    async handler(args, ctx) {
      // A repeat stop (or a stop of a job that ended by itself) is not an error: the job is
      // stopped either way, which is what the caller wanted; the text says nothing was done.
      const before = engine.job(ctx, args.id);
      if (before.status !== 'running') {
        return {
          content: [
            { text: `Job ${before.id} had already ended (${before.status}); nothing to stop.` },
            { structured: { job: jobBlock(before), alreadyEnded: true } },
          ],
        };
      }
      const job = await engine.stop(ctx, args.id);
      return { content: [{ text: `Job ${job.id} is ${job.status}.` }, { structured: { job: jobBlock(job), alreadyEnded: false } }] };
    },
  };

  const write: ToolDefinition<WriteArgs> = {
    name: 'shell.write',
    summary: 'Type characters into an interactive job and read what it printed back.',
    description: [
      'Writes `chars` to the standard input of a job started with stdin or tty (use "\\n" or, on a terminal, "\\r" to submit a line; "\\u0003" is Ctrl-C),',
      'then waits up to wait_ms (default 250) or until the job exits (or, with until: "output", until it prints), and returns the output since the last read. Empty chars only polls.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', minLength: 1, description: 'Job id from shell.start.' },
        chars: { type: 'string', description: 'Characters to write (may be empty to poll).' },
        wait_ms: { type: 'integer', minimum: 0, maximum: MAX_TIMEOUT_MS, description: 'How long to collect output (default 250).' },
        until: {
          type: 'string',
          enum: ['output', 'exit'],
          description: 'Return at the first output ("output") or collect for all of wait_ms unless the job exits ("exit", default).',
        },
        max_bytes: { type: 'integer', minimum: 256, maximum: 16 * 1024 * 1024, description: 'Bytes returned at most, head and tail (default 100000).' },
      },
      required: ['id', 'chars'],
      additionalProperties: false,
    },
    destructive: true,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'Evaluate an expression in a Python prompt',
        arguments: { id: '1f2e3d4c', chars: '1+1\n', wait_ms: 500 },
        expectedOutcome: "The prompt's answer, 2.",
      },
    ],
    idempotency: 'side_effecting',
    errorModes: ['NOT_FOUND: no job with that id in this session.', 'PRECONDITION_FAILED: the job was started without stdin/tty, or has already exited.'].join(
      '\n',
    ),
    async handler(args, ctx) {
      const r = await engine.write(ctx, args.id, args.chars, {
        waitMs: args.wait_ms ?? 250,
        until: args.until ?? 'exit',
        maxBytes: args.max_bytes ?? DEFAULT_OUTPUT_BYTES,
        budget: 'head_tail',
      });
      return readResult(r);
    },
  };

  return [run, start, jobs, output, stop, write];
}

function omitted(n: number): string {
  return `\n[... ${n} bytes omitted ...]\n`;
}

function runResult(r: RunOutcome): ToolResult {
  const o = r.output;
  let text = o.truncated ? o.head + omitted(o.omittedBytes) + o.tail : o.text;
  if (text === '') text = '(no output)';
  if (r.cwdReset) text += `\n(the working directory left the roots and was reset to ${r.cwdReset.resetTo})`;
  const structured: Record<string, unknown> = {
    exitCode: r.exitCode,
    signal: r.signal,
    timedOut: r.timedOut,
    durationMs: Math.round(r.durationMs),
    stdout: r.stdout.truncated ? r.stdout.head + omitted(r.stdout.omittedBytes) + r.stdout.tail : r.stdout.text,
    stderr: r.stderr.truncated ? r.stderr.head + omitted(r.stderr.omittedBytes) + r.stderr.tail : r.stderr.text,
    outputBytes: o.totalBytes,
    outputLines: o.totalLines,
    truncated: o.truncated,
    cwd: r.cwd,
    sessionCwd: r.sessionCwd,
    ...(r.cwdReset ? { cwdReset: r.cwdReset } : {}),
    ...(r.spill ? { fullOutputPath: r.spill.path, fullOutputBytes: r.spill.bytes, fullOutputTruncated: r.spill.truncated } : {}),
    ...(r.backgroundPids.length > 0 ? { backgroundPids: r.backgroundPids } : {}),
  };
  const content: ContentItem[] = [{ text }, { structured }];
  if (r.timedOut) {
    return { content, failure: processFailure('timeout', `the command ran past ${r.timeoutMs} ms and was killed`, r) };
  }
  if (r.exitCode !== 0) {
    const why = r.signal ? `the command was killed by ${r.signal}` : `the command exited with code ${r.exitCode}`;
    return { content, failure: processFailure('process_failed', why, r) };
  }
  return { content };
}

function processFailure(kind: 'timeout' | 'process_failed', message: string, r: RunOutcome): EngineError {
  const o = r.output;
  return new EngineError(kind, message, {
    facts: { exitCode: r.exitCode, signal: r.signal, timeoutMs: r.timeoutMs },
    process: {
      tool: 'bash',
      exitCode: r.exitCode ?? -1,
      signal: r.signal ?? '',
      output: o.truncated ? o.head + omitted(o.omittedBytes) + o.tail : o.text,
      outputTruncated: o.truncated,
      backend: 'execa',
    },
  });
}

function jobBlock(j: JobSnapshot): Record<string, unknown> {
  return { ...j };
}

function readResult(r: JobRead, prefix?: string): ToolResult {
  let text = r.truncated && r.tail !== '' ? r.head + omitted(r.omittedBytes) + r.tail : r.text;
  const j = r.job;
  const status = j.status === 'running' ? 'running' : `${j.status}${j.exitCode !== null ? `, exit code ${j.exitCode}` : j.signal ? `, ${j.signal}` : ''}`;
  if (text === '') text = '(no new output)';
  const lines = [...(prefix ? [prefix] : []), text, `[job ${j.id}: ${status}${r.hasMore ? '; more output: read again' : ''}]`];
  return {
    content: [
      { text: lines.join('\n') },
      {
        structured: {
          job: jobBlock(j),
          fromOffset: r.fromOffset,
          nextOffset: r.toOffset,
          bytes: r.rangeBytes,
          lines: r.rangeLines,
          truncated: r.truncated,
          hasMore: r.hasMore,
        },
      },
    ],
  };
}
