// Claude Code's Bash, TaskOutput and TaskStop: one fresh bash per command with the working
// directory kept between calls (reset when it leaves the roots), timeouts in ms (default 2
// minutes, at most 10), output over 30000 characters persisted to a file, "Exit code N"
// results, background tasks with their log file, retrieval texts and completion notices.
import type { FacetConfig } from '../../config.js';
import { type Engine, EngineError, engineFailure, type JobSnapshot, NON_INTERACTIVE_ENV, type ShellEngine } from '../../engine/index.js';
import type { HandlerContext, HandlerResult, ToolDefinition, ToolResult } from '../../registry/types.js';
import { cancelledRun, orError } from '../common/process.js';
import { fail, ok } from '../common/result.js';
import { TAGS } from '../tags.js';
import { claudeTool, formatDuration, markReadable, PERSIST_LIMITS, persistIfLarge, toolUseError } from './common.js';

export const BASH_DEFAULT_TIMEOUT_MS = 120_000;
export const BASH_MAX_TIMEOUT_MS = 600_000;
// Commands run non-interactively: pagers and credential prompts would hang them.
/** Control characters other than tab and line breaks would be invisible to a person reviewing the command. */
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGABRT: 6, SIGKILL: 9, SIGSEGV: 11, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15 };

// The background tasks Bash started in a session, and whether their end was reported.
interface TaskState {
  description?: string;
  notified: boolean;
}
const TASKS = 'claude.tasks';
const tasksOf = (ctx: HandlerContext) => ctx.session.bag(TASKS, () => new Map<string, TaskState>());

interface BashArgs {
  command: string;
  timeout?: number;
  description?: string;
  run_in_background?: boolean;
  dangerouslyDisableSandbox?: boolean;
}

/** Claude Code trims the blank lines around a command's output. */
const tidy = (s: string) => s.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();

const exitCodeOf = (code: number | null, signal: string | null, fallback: number) =>
  code ?? (signal && SIGNALS[signal] !== undefined ? 128 + SIGNALS[signal]! : fallback);

function bashTool(config: FacetConfig, engine: ShellEngine): ToolDefinition<BashArgs> {
  return claudeTool<BashArgs>({
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
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        command: { type: 'string' },
        timeout: { type: 'number' },
        description: { type: 'string' },
        run_in_background: { type: 'boolean' },
        dangerouslyDisableSandbox: { type: 'boolean' },
      },
      required: ['command'],
      additionalProperties: false,
    },
    destructive: true,
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
    ].join('\n'),
    async run(args, ctx) {
      if (CONTROL.test(args.command)) {
        throw engineFailure('control_characters', 'the command contains control characters', {}, { field: 'command' });
      }
      if (args.run_in_background) return startBackground(engine, args, ctx);
      const requested = args.timeout !== undefined && args.timeout > 0 ? args.timeout : BASH_DEFAULT_TIMEOUT_MS;
      const timeoutMs = Math.min(requested, BASH_MAX_TIMEOUT_MS);
      const r = await engine
        .run(ctx, {
          command: args.command,
          timeoutMs,
          maxTimeoutMs: BASH_MAX_TIMEOUT_MS,
          env: NON_INTERACTIVE_ENV,
          streams: 'merged',
          spillOverBytes: PERSIST_LIMITS.bash,
          persistCwd: true,
        })
        .catch(orError);
      if (r instanceof Error) {
        // Claude Code marks an interrupted command after what it printed.
        const c = cancelledRun(r);
        if (!c) throw r;
        const shown = tidy(c.text);
        return fail(`${shown ? `${shown}\n` : ''}<error>Command was aborted before completion</error>`, c.err, {
          tool: 'Bash',
          summary: args.description ?? args.command,
        });
      }
      const raw = tidy(r.output.truncated ? `${r.output.head}\n...\n${r.output.tail}` : r.output.text);
      if (r.spill) markReadable(ctx.session, r.spill.path);
      const shown = (await persistIfLarge(config, ctx, raw, PERSIST_LIMITS.bash, r.spill && { path: r.spill.path, bytes: r.output.totalBytes })).text;
      const reset = r.cwdReset ? `\nShell cwd was reset to ${r.cwdReset.resetTo}` : '';
      const host = {
        tool: 'Bash',
        summary: args.description ?? args.command,
        exitCode: r.exitCode,
        signal: r.signal,
        truncated: raw !== shown,
        details: {
          cwd: r.cwd,
          sessionCwd: r.sessionCwd,
          timeoutMs: r.timeoutMs,
          timedOut: r.timedOut,
          durationMs: Math.round(r.durationMs),
          ...(r.spill ? { fullOutputPath: r.spill.path } : {}),
        },
      };
      if (r.timedOut || r.exitCode !== 0) {
        const code = exitCodeOf(r.exitCode, r.signal, r.timedOut ? 143 : 1);
        const lines = [`Exit code ${code}`, ...(shown ? [shown] : []), ...(r.timedOut ? [`Command timed out after ${formatDuration(r.timeoutMs)}`] : [])];
        const text = lines.join('\n') + reset;
        const why = r.timedOut
          ? `the command ran past ${r.timeoutMs} ms and was killed`
          : r.signal
            ? `the command was killed by ${r.signal}`
            : `the command exited with code ${code}`;
        const err = new EngineError(r.timedOut ? 'timeout' : 'process_failed', why, {
          facts: { exitCode: r.exitCode, signal: r.signal, timeoutMs: r.timeoutMs },
          // The host's evidence is the output as printed (the model's text is tidied), as for a cancelled command.
          process: {
            tool: 'bash',
            exitCode: code,
            signal: r.signal ?? '',
            output: r.output.truncated ? `${r.output.head}\n...\n${r.output.tail}` : r.output.text,
            outputTruncated: r.output.truncated,
            backend: 'bash',
          },
        });
        return fail(text, err, host);
      }
      return ok((shown || '(Bash completed with no output)') + reset, host);
    },
    word: (err) =>
      err.condition === 'control_characters'
        ? toolUseError('The command contains control characters that a person reviewing it could not see. Remove them and run it again.')
        : undefined,
  });
}

async function startBackground(engine: ShellEngine, args: BashArgs, ctx: HandlerContext): Promise<ToolResult> {
  const job = await engine.start(ctx, { command: args.command, description: args.description, env: NON_INTERACTIVE_ENV });
  tasksOf(ctx).set(job.id, { description: args.description, notified: false });
  markReadable(ctx.session, job.logPath);
  return ok(
    `Command running in background with ID: ${job.id}. Output is being written to: ${job.logPath}. You will be notified when it finishes; to see its output before then, Read that file or call TaskOutput.`,
    { tool: 'Bash', summary: args.description ?? args.command, details: { taskId: job.id, pid: job.pid, outputFile: job.logPath } },
  );
}

/**
 * The command as Claude Code records it: a leading `cd <the task's directory> && ` (which models
 * often write out of habit) is left off, since the task ran there anyway.
 */
function recorded(j: JobSnapshot): string {
  for (const dir of [j.cwd, `"${j.cwd}"`, `'${j.cwd}'`]) {
    const prefix = `cd ${dir} && `;
    if (j.command.startsWith(prefix)) return j.command.slice(prefix.length);
  }
  return j.command;
}

/** Claude Code's task statuses. */
function taskStatus(j: JobSnapshot): 'running' | 'completed' | 'failed' | 'killed' {
  if (j.status === 'timed_out') return 'killed';
  return j.status;
}

function noTask(err: EngineError, id: string | undefined): string | undefined {
  if (err.kind === 'not_found')
    return toolUseError(`There is no task with ID ${id ?? ''} in this session. Task IDs come from Bash calls with run_in_background.`);
  return undefined;
}

interface TaskOutputArgs {
  task_id: string;
  block: boolean;
  timeout: number;
}

function taskOutputTool(config: FacetConfig, engine: ShellEngine): ToolDefinition<TaskOutputArgs> {
  return claudeTool<TaskOutputArgs>({
    name: 'TaskOutput',
    summary: 'Get the status, exit code and output of a background task started with Bash run_in_background.',
    description: [
      'Reports a background task by task_id: retrieval_status, task_id, task_type, status (running, completed, failed,',
      'killed), the exit code once it ended, and all of its output so far. block true waits up to timeout milliseconds',
      '(0 to 600000) for the task to end, then reports (retrieval_status timeout when it is still running); block false',
      'reports at once (not_ready while it runs). Output over 50000 characters is replaced by a preview naming the log file.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        task_id: { type: 'string' },
        block: { default: true, type: 'boolean' },
        timeout: { default: 30000, type: 'number', minimum: 0, maximum: 600000 },
      },
      required: ['task_id', 'block', 'timeout'],
      additionalProperties: false,
    },
    destructive: false,
    tags: [TAGS.shell, TAGS.readOnly],
    examples: [
      {
        description: 'Wait up to 30 s for a build task',
        arguments: { task_id: '1a2b3c4d', block: true, timeout: 30000 },
        expectedOutcome: '<retrieval_status>success</retrieval_status> ... <exit_code>0</exit_code> ...',
      },
    ],
    idempotency: 'idempotent',
    errorModes: [
      'NOT_FOUND (<tool_use_error>): no task with that id in this session (tasks belong to the facet-session that started them).',
      'CANCELLED / TIMEOUT: the call itself was cancelled or hit its deadline while waiting; the task keeps running.',
    ].join('\n'),
    word: (err, args) => noTask(err, args.task_id),
    async run(args, ctx) {
      const before = engine.job(ctx, args.task_id);
      const wait = args.block && before.status === 'running' ? Math.max(0, Math.floor(args.timeout)) : 0;
      const r = await engine.output(ctx, args.task_id, { from: 'start', waitMs: wait, until: 'exit', maxBytes: 1 << 20, budget: 'head_tail' });
      const j = r.job;
      const status = taskStatus(j);
      const retrieval = status !== 'running' ? 'success' : args.block ? 'timeout' : 'not_ready';
      const parts = [
        `<retrieval_status>${retrieval}</retrieval_status>`,
        `<task_id>${j.id}</task_id>`,
        '<task_type>local_bash</task_type>',
        `<status>${status}</status>`,
      ];
      if (j.exitCode !== null) parts.push(`<exit_code>${j.exitCode}</exit_code>`);
      const output = (r.truncated ? `${r.head}\n...\n${r.tail}` : r.text).trimEnd();
      if (output.trim() !== '') {
        const shown = await persistIfLarge(config, ctx, output, PERSIST_LIMITS.other, { path: j.logPath, bytes: j.outputBytes });
        parts.push(`<output>\n${shown.text}\n</output>`);
      }
      const task = tasksOf(ctx).get(j.id);
      if (task && status !== 'running') task.notified = true;
      return ok(parts.join('\n\n'), {
        tool: 'TaskOutput',
        summary: `Task ${j.id}: ${status}`,
        exitCode: j.exitCode,
        signal: j.signal,
        details: { taskId: j.id, status, retrievalStatus: retrieval, outputFile: j.logPath, outputBytes: j.outputBytes },
      });
    },
  });
}

interface TaskStopArgs {
  task_id?: string;
  shell_id?: string;
}

function taskStopTool(engine: ShellEngine): ToolDefinition<TaskStopArgs> {
  return claudeTool<TaskStopArgs>({
    name: 'TaskStop',
    summary: 'Stop a running background task (and every process it started) by its task id.',
    description: [
      'Kills the background task task_id with its whole process group (TERM, then KILL after a grace period) and returns',
      'a JSON object with message, task_id, task_type and command. shell_id is the older name of task_id and is still',
      'accepted; one of the two is required. Its output stays readable with TaskOutput. Stopping a task that already',
      'ended succeeds and says it had already stopped.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: { task_id: { type: 'string' }, shell_id: { type: 'string' } },
      additionalProperties: false,
    },
    destructive: true,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'Stop a dev server',
        arguments: { task_id: '1a2b3c4d' },
        expectedOutcome: '{"message":"Successfully stopped task: 1a2b3c4d (npm run dev)",...}',
      },
    ],
    idempotency: 'idempotent',
    errorModes: [
      'INVALID_ARGUMENT (<tool_use_error>): neither task_id nor shell_id was given.',
      'NOT_FOUND (<tool_use_error>): no task with that id in this session.',
      'Not an error: a task that already ended (stopped before, or finished by itself) is reported as already stopped, with the same fields and nothing signalled, so a repeat TaskStop is safe.',
    ].join('\n'),
    word(err, args) {
      if (err.field === 'task_id' && err.kind === 'invalid_argument')
        return toolUseError('task_id is required: give the ID Bash returned for the background task.');
      return noTask(err, args.task_id ?? args.shell_id);
    },
    async run(args, ctx) {
      const id = args.task_id ?? args.shell_id;
      if (id === undefined || id === '') throw new EngineError('invalid_argument', 'task_id is required', { field: 'task_id' });
      const before = engine.job(ctx, id);
      // Declared idempotent: a task that already ended (stopped before, or finished by itself)
      // is reported as such, successfully, with the same fields; nothing is signalled.
      if (before.status !== 'running') {
        const status = taskStatus(before);
        const command = recorded(before);
        const text = JSON.stringify({
          message: `Task ${before.id} (${command}) had already stopped (status: ${status}); nothing was done.`,
          task_id: before.id,
          task_type: 'local_bash',
          command,
        });
        return ok(text, {
          tool: 'TaskStop',
          summary: `Task ${before.id} had already stopped`,
          exitCode: before.exitCode,
          signal: before.signal,
          details: { taskId: before.id, status, alreadyStopped: true },
        });
      }
      const j = await engine.stop(ctx, id);
      const task = tasksOf(ctx).get(j.id);
      if (task) task.notified = true;
      const command = recorded(j);
      const text = JSON.stringify({ message: `Successfully stopped task: ${j.id} (${command})`, task_id: j.id, task_type: 'local_bash', command });
      return ok(text, {
        tool: 'TaskStop',
        summary: `Stopped task ${j.id}`,
        exitCode: j.exitCode,
        signal: j.signal,
        details: { taskId: j.id, status: taskStatus(j), alreadyStopped: false },
      });
    },
  });
}

/** The system-reminder Claude Code adds to a later result when a background task ended. */
function notice(j: JobSnapshot, t: TaskState): string {
  const label = t.description ?? recorded(j);
  const status = taskStatus(j);
  const summary =
    status === 'killed'
      ? `Background command "${label}" was stopped`
      : `Background command "${label}" ${status === 'completed' ? 'completed' : 'failed'} (exit code ${j.exitCode ?? exitCodeOf(null, j.signal, 1)})`;
  return [
    '<system-reminder>',
    '[SYSTEM NOTIFICATION - NOT USER INPUT] A background task you started has ended.',
    '<task-notification>',
    `<task-id>${j.id}</task-id>`,
    `<output-file>${j.logPath}</output-file>`,
    `<status>${status}</status>`,
    `<summary>${summary}</summary>`,
    '</task-notification>',
    '</system-reminder>',
  ].join('\n');
}

/** Appends the notices of background tasks that ended since the last result to this one. */
export function withTaskNotices(engine: ShellEngine, result: HandlerResult, ctx: HandlerContext): HandlerResult {
  const tasks = ctx.session.bag(TASKS, () => new Map<string, TaskState>());
  if (tasks.size === 0) return result;
  const notes: string[] = [];
  for (const [id, t] of tasks) {
    if (t.notified) continue;
    let j: JobSnapshot;
    try {
      j = engine.job(ctx, id);
    } catch {
      tasks.delete(id); // pruned with the session's old jobs
      continue;
    }
    if (j.status === 'running') continue;
    t.notified = true;
    notes.push(notice(j, t));
  }
  if (notes.length === 0) return result;
  if (!('content' in result)) return { ...result, text: `${result.text}\n\n${notes.join('\n')}` };
  const first = result.content[0];
  if (!first || !('text' in first)) return result;
  const text = `${first.text}\n\n${notes.join('\n')}`;
  return { ...result, content: [{ text }, ...result.content.slice(1)], ...(result.error !== undefined ? { error: text } : {}) };
}

export function shellTools(config: FacetConfig, facet: Engine): { tools: ToolDefinition[]; engine: ShellEngine } {
  const engine = facet.shell;
  return { tools: [bashTool(config, engine), taskOutputTool(config, engine), taskStopTool(engine)], engine };
}
