// Qwen Code shell tools: run_shell_command (every field printed, "(none)"/"(empty)" when
// absent, foreground timeout, managed background shells) and task_stop for those shells.
import path from 'node:path';
import type { FacetConfig } from '../../config.js';
import { type Engine, EngineError, type RunOutcome } from '../../engine/index.js';
import type { HandlerContext, ToolDefinition, ToolResult } from '../../registry/types.js';
import { cancelledText, shapeError, signalNumber, stripAnsi, withErrorTypes } from '../common/gemini-family.js';
import { cancelledRun, orError } from '../common/process.js';
import { fail, ok } from '../common/result.js';
import { TAGS } from '../tags.js';
import { qwenErrors } from './errors.js';

const ENV = { QWEN_CODE: '1', TERM: 'xterm-256color', PAGER: 'cat' };
const DEFAULT_TIMEOUT_MS = 120_000;
const MAX_TIMEOUT_MS = 600_000;
const MAX_CHARS = 25_000;
const MAX_LINES = 1000;
const TASK_PREFIX = 'bg_';
const TAGS_SHELL = [TAGS.shell, TAGS.destructive];

/** A standalone "sleep N" (N >= 2 s) at the start of a line, alone or before more commands. */
const BLOCKING_SLEEP = /^\s*sleep\s+(\d+(?:\.\d+)?)\s*(?:$|;|&&|\|\||\n)/;

/** stdout then stderr, each cleaned; Qwen does not interleave them. */
function combined(r: RunOutcome): string {
  return [r.stdout.text, r.stderr.text]
    .map((s) => stripAnsi(s).trim())
    .filter((s) => s !== '')
    .join('\n');
}

/** Output over 25000 characters or 1000 lines: a fifth from the head and the rest from the tail, with where the whole is. */
function capped(out: string, r: RunOutcome): string {
  const lines = out.split('\n');
  if (out.length <= MAX_CHARS && lines.length <= MAX_LINES && !r.stdout.truncated && !r.stderr.truncated) return out;
  let head: string;
  let tail: string;
  if (lines.length > MAX_LINES) {
    head = lines.slice(0, MAX_LINES / 5).join('\n');
    tail = lines.slice(-(MAX_LINES - MAX_LINES / 5)).join('\n');
  } else {
    head = out.slice(0, MAX_CHARS / 5);
    tail = out.slice(-(MAX_CHARS - MAX_CHARS / 5));
  }
  if (head.length + tail.length > MAX_CHARS) {
    head = head.slice(0, MAX_CHARS / 5);
    tail = tail.slice(-(MAX_CHARS - MAX_CHARS / 5));
  }
  const where = r.spill
    ? `The full output has been saved to: ${r.spill.path}\nThat file is outside the workspace, so read_file cannot open it; read it with run_shell_command (for example tail or grep on it).`
    : 'The full output was not kept.';
  return `Tool output was too large and has been truncated.\n${where} Truncated part of the output:\n${head}\n\n---\n... [CONTENT TRUNCATED] ...\n---\n\n${tail}`;
}

interface RunArgs {
  command: string;
  is_background?: boolean;
  timeout?: number;
  description?: string;
  directory?: string;
}

function runTool(config: FacetConfig, facet: Engine): ToolDefinition<RunArgs> {
  const engine = facet.shell;
  return {
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
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        command: { type: 'string' },
        is_background: { type: 'boolean' },
        timeout: { type: 'number' },
        description: { type: 'string' },
        directory: { type: 'string' },
      },
      required: ['command'],
    },
    destructive: true,
    tags: TAGS_SHELL,
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
    ].join('\n'),
    async handler(args, ctx) {
      if (args.timeout !== undefined && (!Number.isSafeInteger(args.timeout) || args.timeout < 1 || args.timeout > MAX_TIMEOUT_MS)) {
        throw shapeError(
          'invalid_argument',
          `timeout must be a positive whole number of milliseconds, at most ${MAX_TIMEOUT_MS}`,
          'invalid_tool_params',
          { timeout: args.timeout },
          'timeout',
        );
      }
      if (args.directory !== undefined && !path.isAbsolute(args.directory)) {
        throw shapeError(
          'invalid_argument',
          `directory must be an absolute path inside the workspace, not "${args.directory}"`,
          'invalid_tool_params',
          {},
          'directory',
        );
      }
      if (args.is_background) return background(ctx, args);
      const sleep = BLOCKING_SLEEP.exec(args.command);
      if (sleep && Number(sleep[1]) >= 2) {
        throw shapeError(
          'invalid_argument',
          `Blocked: a foreground "sleep ${sleep[1]}". Waiting this way blocks the conversation; run it in the background with is_background: true, or poll for the condition you wait for`,
          'invalid_tool_params',
          {},
          'command',
        );
      }
      const timeout = args.timeout ?? DEFAULT_TIMEOUT_MS;
      const r = await engine
        .run(ctx, {
          command: args.command,
          workdir: args.directory,
          workdirField: 'directory',
          env: ENV,
          timeoutMs: timeout,
          defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
          maxTimeoutMs: MAX_TIMEOUT_MS,
          streams: 'separate',
          maxOutputBytes: 1024 * 1024,
          spillOverBytes: MAX_CHARS,
          persistCwd: false,
        })
        .catch(orError);
      if (r instanceof Error) {
        const c = cancelledRun(r);
        if (!c) throw r;
        return fail(cancelledText(c.text), c.err, { tool: 'run_shell_command', summary: args.description ?? args.command.slice(0, 120) });
      }
      const out = capped(combined(r), r);
      const host = {
        tool: 'run_shell_command',
        summary: args.description ?? args.command.slice(0, 120),
        exitCode: r.exitCode,
        signal: r.signal,
        truncated: r.stdout.truncated || r.stderr.truncated,
        details: { pid: r.pid, cwd: r.cwd, timeoutMs: timeout, durationMs: Math.round(r.durationMs), ...(r.spill ? { full_output: r.spill.path } : {}) },
      };
      if (r.timedOut) {
        const text = `Command timed out after ${timeout}ms before it could complete.${out ? ` Below is the output before it timed out:\n${out}` : ' There was no output before it timed out.'}`;
        // Failure.process carries what it printed, as every shape's timeout does.
        const err = new EngineError('timeout', `the command ran past ${timeout} ms`, {
          facts: { errorType: 'shell_execute_error', timeoutMs: timeout },
          process: {
            tool: 'bash',
            exitCode: r.exitCode ?? -1,
            signal: r.signal ?? '',
            output: r.stdout.text + r.stderr.text,
            outputTruncated: r.stdout.truncated || r.stderr.truncated,
            backend: 'execa',
          },
        });
        return fail(text, err, { ...host, details: { ...host.details, error_type: 'shell_execute_error' } });
      }
      const sig = signalNumber(r.signal);
      let text = [
        `Command: ${args.command}`,
        `Directory: ${args.directory ?? '(root)'}`,
        `Output: ${out || '(empty)'}`,
        'Error: (none)',
        `Exit Code: ${r.exitCode ?? '(none)'}`,
        `Signal: ${sig ?? '(none)'}`,
        `Process Group PGID: ${r.pid}`,
      ].join('\n');
      if (r.durationMs >= Math.max(1000, timeout / 2)) {
        text += `\n\nNote: this foreground command ran for ${(r.durationMs / 1000).toFixed(1)}s. If it may run this long again, pass \`is_background: true\` so it does not hold up the conversation.`;
      }
      return ok(text, host);
    },
  };

  async function background(ctx: HandlerContext, args: RunArgs): Promise<ToolResult> {
    if (/(?:^|[^&])&\s*$/.test(args.command)) {
      throw shapeError(
        'invalid_argument',
        'a background command must not end with a bare "&"; remove it, is_background: true already runs it in the background',
        'invalid_tool_params',
        {},
        'command',
      );
    }
    if (/\bgit\s+(?:-\S+\s+)*commit\b/.test(args.command)) {
      throw shapeError('invalid_argument', 'git commit cannot run in the background; run it in the foreground', 'invalid_tool_params', {}, 'command');
    }
    const job = await engine.start(ctx, { command: args.command, workdir: args.directory, workdirField: 'directory', env: ENV, description: args.description });
    const id = TASK_PREFIX + job.id;
    const text = `Background shell started.\nid: ${id}\npid: ${job.pid}\noutput file: ${job.logPath}\nTo inspect its output run tail on that file with run_shell_command; to stop it call task_stop with task_id ${id}.`;
    return ok(text, { tool: 'run_shell_command', summary: `Background shell ${id}`, details: { task_id: id, pid: job.pid, log: job.logPath } });
  }
}

function stopTool(config: FacetConfig, facet: Engine): ToolDefinition<{ task_id: string }> {
  const engine = facet.shell;
  return {
    name: 'task_stop',
    summary: 'Stop a background shell started with run_shell_command is_background, by its task id (bg_...).',
    description:
      'Kills the whole process group of the background shell `task_id` (as returned by run_shell_command with is_background: true): TERM first, then KILL after a short grace, so nothing it started survives. Reports the pid it stopped. Only shells of this session can be stopped, and a shell that has already exited is reported as such rather than stopped again. Not for foreground commands: those end with their own timeout.',
    inputSchema: { type: 'object', properties: { task_id: { type: 'string' } }, required: ['task_id'], additionalProperties: false },
    destructive: true,
    tags: TAGS_SHELL,
    examples: [
      {
        description: 'Stop a dev server',
        arguments: { task_id: 'bg_1a2b3c4d' },
        expectedOutcome: 'The task is stopped, or task_stop_not_found for an unknown id.',
      },
    ],
    // Not idempotent: Qwen Code answers a second stop with its task_stop_not_running error.
    idempotency: 'side_effecting',
    errorModes: [
      'task_stop_not_found (NOT_FOUND): no background shell with that id in this session.',
      'task_stop_not_running (PRECONDITION_FAILED): it has already exited; nothing to stop.',
    ].join('\n'),
    async handler(args, ctx) {
      const ref = args.task_id.startsWith(TASK_PREFIX) ? args.task_id.slice(TASK_PREFIX.length) : args.task_id;
      const job = engine.jobs(ctx).find((j) => j.id === ref);
      if (!job)
        throw shapeError(
          'not_found',
          `No background task with id ${args.task_id} in this session`,
          'task_stop_not_found',
          { task_id: args.task_id },
          'task_id',
        );
      if (job.status !== 'running') {
        throw shapeError(
          'precondition_failed',
          `Task ${args.task_id} is not running (it ended with ${job.exitCode !== null ? `exit code ${job.exitCode}` : (job.signal ?? job.status)})`,
          'task_stop_not_running',
          { task_id: args.task_id },
          'task_id',
        );
      }
      const s = await engine.stop(ctx, job.id);
      const text = `Stopped task ${args.task_id} (pid ${s.pid}).`;
      return ok(text, { tool: 'task_stop', summary: text, signal: s.signal, exitCode: s.exitCode, details: { task_id: args.task_id, status: s.status } });
    },
  };
}

export function qwenShellTools(config: FacetConfig, facet: Engine): ToolDefinition[] {
  return [
    withErrorTypes(runTool(config, facet), qwenErrors('run_shell_command')),
    withErrorTypes(stopTool(config, facet), qwenErrors('task_stop')),
  ] as ToolDefinition[];
}
