// Kimi CLI shell tools: Shell (a fresh shell per call, stdout and stderr merged, 60 s by
// default, 300 s at most in the foreground) and its background tasks: TaskList, TaskOutput
// (key: value lines, then the newest 32 KiB of the log) and TaskStop.
import { constants as osConstants } from 'node:os';
import type { FacetConfig } from '../../config.js';
import { type Engine, EngineError, engineFailure, type JobSnapshot } from '../../engine/index.js';
import type { HandlerContext, ToolDefinition } from '../../registry/types.js';
import { cancelledRun, orError, runFailure } from '../common/process.js';
import { str } from '../common/str.js';
import { TAGS } from '../tags.js';
import { kimiMessage } from './errors.js';
import { framed, kimiFail, kimiOk, OutputBuilder } from './result.js';

const FOREGROUND_MAX_S = 300;
const BACKGROUND_MAX_S = 86_400;
const PREVIEW_BYTES = 32 << 10;
const CAPTURE_BYTES = 256 << 10;

/** Kimi CLI reports a command ended by a signal with the negative signal number (Python's returncode), e.g. -9 for SIGKILL. */
const signalExitCode = (signal: string): string => {
  const n = (osConstants.signals as Record<string, number | undefined>)[signal];
  return n === undefined ? signal : String(-n);
};

/** Why each stopped task was stopped (TaskStop's reason), per session. */
const reasons = (ctx: HandlerContext) => ctx.session.bag<Map<string, string>>('kimi.taskReasons', () => new Map());

const terminalReason = (j: JobSnapshot): string =>
  j.status === 'running' ? 'none' : j.status === 'killed' ? 'stopped' : j.status === 'timed_out' ? 'timed_out' : j.signal ? `signal ${j.signal}` : 'exited';

/** The summary lines of one task. */
function taskLines(j: JobSnapshot, ctx: HandlerContext): string[] {
  const lines = [`task_id: ${j.id}`, 'kind: bash', `status: ${j.status}`, `description: ${j.description ?? ''}`, `command: ${j.command}`];
  if (j.status !== 'running') lines.push(`exit_code: ${j.exitCode ?? (j.signal ? `none (${j.signal})` : 'none')}`);
  const reason = reasons(ctx).get(j.id);
  if (reason !== undefined) lines.push(`reason: ${reason}`);
  return lines;
}

const taskHost = (tool: string, j: JobSnapshot) => ({
  tool,
  exitCode: j.exitCode,
  signal: j.signal,
  details: { task: { id: j.id, status: j.status, command: j.command, description: j.description ?? '', pid: j.pid, logPath: j.logPath } },
});

const taskWords = (err: EngineError): string =>
  err.kind === 'not_found' && err.facts.job !== undefined
    ? `There is no background task \`${str(err.facts.job)}\` in this session; TaskList shows the tasks there are.`
    : kimiMessage(err);

interface ShellArgs {
  command: string;
  timeout?: number;
  run_in_background?: boolean;
  description?: string;
}

interface TaskListArgs {
  active_only?: boolean;
  limit?: number;
}

interface TaskOutputArgs {
  task_id: string;
  block?: boolean;
  timeout?: number;
}

interface TaskStopArgs {
  task_id: string;
  reason?: string;
}

export function kimiShellTools(config: FacetConfig, facet: Engine): ToolDefinition[] {
  const engine = facet.shell;
  const env = { GIT_TERMINAL_PROMPT: '0', SHELL: config.shell.path, PAGER: 'cat', GIT_PAGER: 'cat' };

  const shell: ToolDefinition<ShellArgs> = {
    name: 'Shell',
    summary: `Run a ${config.shell.path} command and get its output; or start it as a background task (run_in_background).`,
    description: [
      `Executes a command with ${config.shell.path} -c in the working directory, in a fresh process each time (a cd or`,
      'export does not carry over to the next call) with stdin closed. stdout and stderr are merged in the order',
      'they arrive. timeout is in seconds: default 60, at most 300 in the foreground; a background task may run',
      'up to 86400 s. Output is capped at 50,000 characters and 2,000 per line (the message says when it was',
      'cut). Exit code 0 succeeds; a non-zero exit or a timeout is an error that still carries the output.',
      'run_in_background starts the command as a task and returns its id at once (a description is then',
      'required); follow it with TaskOutput, list tasks with TaskList, stop one with TaskStop. Prefer Grep,',
      'Glob and ReadFile to shell equivalents for searching and reading files.',
    ].join(' '),
    inputSchema: {
      properties: {
        command: { type: 'string' },
        timeout: { default: 60, maximum: 86400, minimum: 1, type: 'integer' },
        run_in_background: { default: false, type: 'boolean' },
        description: { default: '', type: 'string' },
      },
      required: ['command'],
      type: 'object',
    },
    destructive: true,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'List the files of the working directory',
        arguments: { command: 'ls' },
        expectedOutcome: 'Command executed successfully, and the names.',
      },
      {
        description: 'Start a development server in the background',
        arguments: { command: 'npm run dev', run_in_background: true, description: 'dev server' },
        expectedOutcome: 'task_id and the other task lines.',
      },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      'PROCESS_FAILED: non-zero exit ("Command failed with exit code: N."); a command killed by a signal gets the negative signal number as N, as',
      'Kimi CLI reports it, and the signal named after it. The output follows the message.',
      'TIMEOUT: the command ran past its timeout and was killed with everything it started; the output so far follows.',
      'CANCELLED: the call was cancelled while the command ran; it was killed with everything it started and the output so far follows.',
      'INVALID_ARGUMENT: empty command; timeout over 300 s without run_in_background; run_in_background without a description.',
      'RESOURCE_EXHAUSTED: too many background tasks in this session (stop one with TaskStop).',
      "SECURITY_POLICY_FAILED: the server's allow/deny rules refuse a command of the line.",
    ].join('\n'),
    async handler(args, ctx) {
      const timeout = args.timeout ?? 60;
      return framed(
        { tool: 'Shell' },
        async () => {
          if (args.run_in_background) {
            if ((args.description ?? '').trim() === '') {
              throw engineFailure('no_description', 'a background task needs a description', {}, { field: 'description' });
            }
            const j = await engine.start(ctx, {
              command: args.command,
              description: args.description,
              timeoutMs: Math.min(timeout, BACKGROUND_MAX_S) * 1000,
              env,
            });
            const lines = [
              ...taskLines(j, ctx),
              'automatic_notification: false',
              'next_step: This server does not announce when the task ends. Call TaskOutput with this task_id (block=true to wait for it) to see its output; TaskStop stops it.',
            ];
            return kimiOk(`Background task ${j.id} started.`, lines.join('\n'), { ...taskHost('Shell', j), summary: `Started task ${j.id}` });
          }
          if (timeout > FOREGROUND_MAX_S) {
            throw engineFailure('foreground_timeout', `timeout ${timeout} is over ${FOREGROUND_MAX_S}`, { timeout }, { field: 'timeout' });
          }
          const r = await engine
            .run(ctx, {
              command: args.command,
              timeoutMs: timeout * 1000,
              maxTimeoutMs: FOREGROUND_MAX_S * 1000,
              streams: 'merged',
              env,
              input: '',
              maxOutputBytes: CAPTURE_BYTES,
              headShare: 0.95,
            })
            .catch(orError);
          if (r instanceof Error) {
            const c = cancelledRun(r);
            if (!c) throw r;
            const cut = new OutputBuilder();
            cut.write(c.text);
            return kimiFail(cut.message('Command was cancelled before it finished.', false), cut.text, c.err, { tool: 'Shell', truncated: cut.truncated });
          }
          const out = new OutputBuilder();
          out.write(r.output.truncated ? r.output.head + r.output.tail : r.output.text);
          const truncated = out.truncated || r.output.truncated;
          if (r.output.truncated) out.truncated = true;
          const host = {
            tool: 'Shell',
            exitCode: r.exitCode,
            signal: r.signal,
            truncated,
            counts: { outputBytes: r.output.totalBytes, durationMs: Math.round(r.durationMs) },
          };
          const failure = runFailure(r, out.text, truncated);
          if (!failure) return kimiOk(out.message('Command executed successfully.'), out.text, host);
          const message = r.timedOut
            ? `Command killed by timeout (${timeout}s)`
            : r.signal
              ? `Command failed with exit code: ${signalExitCode(r.signal)}. It was killed by ${r.signal}.`
              : `Command failed with exit code: ${r.exitCode}.`;
          return kimiFail(out.message(message, false), out.text, failure, host);
        },
        (err) => {
          if (err.condition === 'no_description') return 'A background task needs a short description; set description and call again.';
          if (err.condition === 'foreground_timeout') {
            return `A foreground command may run at most ${FOREGROUND_MAX_S} seconds; lower timeout, or set run_in_background=true for a longer task.`;
          }
          return kimiMessage(err);
        },
      );
    },
  };

  const taskList: ToolDefinition<TaskListArgs> = {
    name: 'TaskList',
    summary: 'List the background tasks of this session (running ones by default) with their ids and status.',
    description: [
      'Lists background tasks started by Shell with run_in_background, newest first: a count line',
      '(active_background_tasks, or background_tasks when active_only is false), then one numbered block per',
      'task with task_id, kind, status, description, command and, once finished, exit_code (and the reason',
      'when TaskStop stopped it). `[no tasks]` when there are none. limit: 1 to 100 (default 20).',
    ].join(' '),
    inputSchema: {
      properties: {
        active_only: { default: true, type: 'boolean' },
        limit: { default: 20, maximum: 100, minimum: 1, type: 'integer' },
      },
      type: 'object',
    },
    destructive: false,
    tags: [TAGS.shell, TAGS.readOnly],
    examples: [
      { description: 'Running tasks', arguments: {}, expectedOutcome: 'active_background_tasks: N and a block per task.' },
      {
        description: 'Every task, finished ones too',
        arguments: { active_only: false, limit: 50 },
        expectedOutcome: 'background_tasks: N and a block per task.',
      },
    ],
    idempotency: 'idempotent',
    errorModes: 'None in normal use; an expired session answers UNAVAILABLE.',
    async handler(args, ctx) {
      return framed(
        { tool: 'TaskList' },
        async () => {
          const active = args.active_only ?? true;
          const all = engine.jobs(ctx).filter((j) => !active || j.status === 'running');
          const shown = all.sort((a, b) => b.number - a.number).slice(0, args.limit ?? 20);
          const blocks = shown.map((j, i) => [`[${i + 1}]`, ...taskLines(j, ctx)].join('\n'));
          const text = [`${active ? 'active_background_tasks' : 'background_tasks'}: ${all.length}`, ...(blocks.length ? blocks : ['[no tasks]'])].join('\n\n');
          return kimiOk('', text, { tool: 'TaskList', counts: { tasks: all.length, shown: shown.length }, details: { tasks: shown.map((j) => j.id) } });
        },
        kimiMessage,
      );
    },
  };

  const taskOutput: ToolDefinition<TaskOutputArgs> = {
    name: 'TaskOutput',
    summary: "See a background task's status and the newest 32 KiB of its output; block=true waits for it to end.",
    description: [
      'Returns key: value lines about one task (retrieval_status success when it has ended, not_ready while it',
      'runs, timeout when block=true waited `timeout` seconds and it still runs; then task_id, kind, status,',
      'description, command, interrupted, timed_out, terminal_reason, exit_code, the log path and sizes) and,',
      'after an [output] line, the last 32 KiB of its merged output. Non-blocking by default; timeout 0 to',
      '3600 s (default 30) applies with block=true.',
    ].join(' '),
    inputSchema: {
      properties: {
        task_id: { type: 'string' },
        block: { default: false, type: 'boolean' },
        timeout: { default: 30, maximum: 3600, minimum: 0, type: 'integer' },
      },
      required: ['task_id'],
      type: 'object',
    },
    destructive: false,
    tags: [TAGS.shell, TAGS.readOnly],
    examples: [
      { description: 'Check a task without waiting', arguments: { task_id: 'a1b2c3d4' }, expectedOutcome: 'retrieval_status and the output so far.' },
      {
        description: 'Wait up to a minute for a task to finish',
        arguments: { task_id: 'a1b2c3d4', block: true, timeout: 60 },
        expectedOutcome: 'retrieval_status success with exit_code, or timeout.',
      },
    ],
    idempotency: 'idempotent',
    errorModes: 'NOT_FOUND: no task with that id in this session (TaskList shows them).',
    async handler(args, ctx) {
      return framed(
        { tool: 'TaskOutput' },
        async () => {
          let j = engine.job(ctx, args.task_id);
          if (args.block && j.status === 'running' && (args.timeout ?? 30) > 0) {
            j = (await engine.output(ctx, j.id, { from: 'start', waitMs: (args.timeout ?? 30) * 1000, until: 'exit', maxBytes: 1 })).job;
          }
          const tail = await engine.tail(ctx, j.id, PREVIEW_BYTES);
          j = tail.job;
          const retrieval = j.status !== 'running' ? 'success' : args.block ? 'timeout' : 'not_ready';
          const readable = ctx.scope.contains(j.logPath);
          const previewBytes = Buffer.byteLength(tail.text, 'utf8');
          const lines = [
            `retrieval_status: ${retrieval}`,
            ...taskLines(j, ctx).filter((l) => !l.startsWith('exit_code') && !l.startsWith('reason')),
            `interrupted: ${j.status === 'killed'}`,
            `timed_out: ${j.status === 'timed_out'}`,
            `terminal_reason: ${terminalReason(j)}`,
            ...taskLines(j, ctx).filter((l) => l.startsWith('exit_code') || l.startsWith('reason')),
            `output_path: ${j.logPath}`,
            `output_size_bytes: ${tail.totalBytes}`,
            `output_preview_bytes: ${previewBytes}`,
            `output_truncated: ${tail.truncated}`,
            `full_output_available: ${readable && tail.truncated}`,
            'full_output_tool: ReadFile',
            `full_output_hint: ${
              readable
                ? `ReadFile(path="${j.logPath}", line_offset=1, n_lines=300) reads the log from the start.`
                : 'The log is kept outside the workspace, so only this preview of the newest output can be shown.'
            }`,
            '[output]',
            (tail.truncated && readable ? `[Truncated. Full output: ${j.logPath}]\n` : tail.truncated ? `[Truncated: the last ${previewBytes} bytes]\n` : '') +
              tail.text,
          ];
          return kimiOk('', lines.join('\n'), { ...taskHost('TaskOutput', j), truncated: tail.truncated, counts: { outputBytes: tail.totalBytes } });
        },
        taskWords,
      );
    },
  };

  const taskStop: ToolDefinition<TaskStopArgs> = {
    name: 'TaskStop',
    summary: 'Stop a background task (its whole process group) by task_id.',
    description: [
      'Kills a background task and everything it started (TERM, then KILL). Stopping a task that already',
      'ended is harmless. The reason (default "Stopped by TaskStop") is kept and shown by TaskList and',
      'TaskOutput. Returns the task summary lines.',
    ].join(' '),
    inputSchema: {
      properties: {
        task_id: { type: 'string' },
        reason: { default: 'Stopped by TaskStop', type: 'string' },
      },
      required: ['task_id'],
      type: 'object',
    },
    destructive: true,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'Stop a dev server',
        arguments: { task_id: 'a1b2c3d4', reason: 'no longer needed' },
        expectedOutcome: 'Task stop requested, with the task lines.',
      },
    ],
    idempotency: 'idempotent',
    errorModes: 'NOT_FOUND: no task with that id in this session (TaskList shows them).',
    async handler(args, ctx) {
      return framed(
        { tool: 'TaskStop' },
        async () => {
          const before = engine.job(ctx, args.task_id);
          if (before.status === 'running') reasons(ctx).set(before.id, args.reason ?? 'Stopped by TaskStop');
          const j = await engine.stop(ctx, before.id);
          return kimiOk('Task stop requested.', taskLines(j, ctx).join('\n'), { ...taskHost('TaskStop', j), summary: `Stopped task ${j.id}` });
        },
        taskWords,
      );
    },
  };

  return [shell, taskList, taskOutput, taskStop];
}
