// Gemini CLI shell tools: run_shell_command (Output/Exit Code/Signal/Background PIDs/PGID
// fields, inactivity timeout, command substitution refused, is_background) and the tools
// that list and read the background processes it started.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FacetConfig } from '../../config.js';
import { type Engine, abortError, EngineError, type JobSnapshot, type RunOutcome } from '../../engine/index.js';
import type { HandlerContext, ToolDefinition, ToolResult } from '../../registry/types.js';
import { cancelledText, shapeError, signalNumber, stripAnsi, withErrorTypes } from '../common/gemini-family.js';
import { cancelledRun, orError } from '../common/process.js';
import { fail, ok } from '../common/result.js';
import { TAGS } from '../tags.js';
import { geminiErrors } from './errors.js';

const ENV = { GEMINI_CLI: '1', TERM: 'xterm-256color', PAGER: 'cat', GIT_PAGER: 'cat' };
/** Gemini has no overall limit, only the inactivity one; a day bounds a forgotten command. */
const OVERALL_MS = 24 * 3600 * 1000;
const OUTPUT_THRESHOLD = 40_000;
const DEFAULT_DELAY_MS = 200;
const TAGS_SHELL = [TAGS.shell, TAGS.destructive];

const wrap = (s: string): string => `<untrusted_context>\n${s}\n</untrusted_context>`;
const clean = (s: string): string => stripAnsi(s).trim();

/** True when the line has $(), backticks, <() or >() outside single quotes (Gemini refuses these). */
export function hasCommandSubstitution(cmd: string): boolean {
  let single = false;
  let double = false;
  for (let i = 0; i < cmd.length; i++) {
    const c = cmd[i];
    if (single) {
      if (c === "'") single = false;
      continue;
    }
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === "'" && !double) single = true;
    else if (c === '"') double = !double;
    else if (c === '`') return true;
    else if (c === '$' && cmd[i + 1] === '(') return true;
    else if (!double && (c === '<' || c === '>') && cmd[i + 1] === '(') return true;
  }
  return false;
}

const SUBSTITUTION_TEXT =
  'Command refused: it uses command substitution ($(), backticks, <() or >()) outside single quotes, which this tool blocks for safety. ' +
  'Run the inner command on its own first, then use its output in a second command.';

/** Output, then only the fields that apply, as Gemini reports a finished command. */
function fields(output: string, exitCode: number | null, signal: string | null, pid: number, background: number[] = []): string {
  const lines = [`Output: ${output || '(empty)'}`];
  if (exitCode !== null && exitCode !== 0) lines.push(`Exit Code: ${exitCode}`);
  const sig = signalNumber(signal);
  if (sig !== undefined) lines.push(`Signal: ${sig}`);
  if (background.length > 0) lines.push(`Background PIDs: ${background.join(', ')}`);
  lines.push(`Process Group PGID: ${pid}`);
  return lines.join('\n');
}

/** The command's output, or Gemini's head/tail view (20% / 80%) when over 40000 characters. */
function shownOutput(r: RunOutcome): string {
  const o = r.output;
  if (!o.truncated) return clean(o.text);
  const head = stripAnsi(o.head);
  const tail = stripAnsi(o.tail);
  const where = r.spill ? r.spill.path : '(not saved)';
  return `Output too large. Showing first ${head.length} and last ${tail.length} characters. For full output see: ${where}\n${head}\n\n... [${o.omittedBytes} characters omitted] ...\n\n${tail}`;
}

interface RunArgs {
  command: string;
  description?: string;
  dir_path?: string;
  is_background?: boolean;
  delay_ms?: number;
}

function runTool(config: FacetConfig, facet: Engine): ToolDefinition<RunArgs> {
  const engine = facet.shell;
  const idleMs = config.shell.inactivityMs;
  return {
    name: 'run_shell_command',
    fields: { path: 'dir_path' },
    summary: 'Run a bash command (in dir_path, or the session directory) and get its output, exit code and background PIDs.',
    description: [
      'Runs `command` with bash -c in its own process group, with GEMINI_CLI=1, TERM=xterm-256color and PAGER=cat. stdout and',
      'stderr come back interleaved as "Output:", then "Exit Code:" when not 0, "Signal:" (a number) when killed, "Background',
      'PIDs:" for processes the command left running with &, and "Process Group PGID:". Output over 40000 characters is cut',
      'to its first fifth and last four fifths. A command silent for 5 minutes is cancelled. Command substitution ($(),',
      'backticks, <(), >()) outside single quotes is refused. is_background: true starts the command as a background',
      'process, waits delay_ms (default 200) and returns its PID and first output; follow it with read_background_output.',
      'Use quiet flags and avoid pagers and interactive programs.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        command: { type: 'string' },
        description: { type: 'string' },
        dir_path: { type: 'string' },
        is_background: { type: 'boolean' },
        delay_ms: { type: 'integer' },
      },
      required: ['command'],
    },
    destructive: true,
    tags: TAGS_SHELL,
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
    ].join('\n'),
    async handler(args, ctx) {
      if (hasCommandSubstitution(args.command)) {
        const err = new EngineError('security_policy', 'command substitution is blocked', { field: 'command', facts: { errorType: 'policy_violation' } });
        return fail(SUBSTITUTION_TEXT, err, {
          tool: 'run_shell_command',
          summary: 'Command substitution blocked',
          details: { error_type: 'policy_violation' },
        });
      }
      if (args.is_background) return runBackground(ctx, args);
      const r = await engine
        .run(ctx, {
          command: args.command,
          workdir: args.dir_path,
          workdirField: 'dir_path',
          env: ENV,
          timeoutMs: OVERALL_MS,
          defaultTimeoutMs: OVERALL_MS,
          maxTimeoutMs: OVERALL_MS,
          idleTimeoutMs: idleMs,
          streams: 'merged',
          maxOutputBytes: OUTPUT_THRESHOLD,
          headShare: 0.2,
          spillOverBytes: OUTPUT_THRESHOLD,
          persistCwd: false,
          reportBackground: true,
          keepBackground: true,
        })
        .catch(orError);
      if (r instanceof Error) {
        const c = cancelledRun(r);
        if (!c) throw r;
        return fail(cancelledText(c.text), c.err, { tool: 'run_shell_command', summary: args.description ?? args.command.slice(0, 120) });
      }
      const out = shownOutput(r);
      const host = {
        tool: 'run_shell_command',
        summary: args.description ?? args.command.slice(0, 120),
        exitCode: r.exitCode,
        signal: r.signal,
        truncated: r.output.truncated,
        details: { pid: r.pid, background_pids: r.backgroundPids, cwd: r.cwd, ...(r.spill ? { full_output: r.spill.path } : {}) },
      };
      if (r.timedOut) {
        const mins = (idleMs / 60_000).toFixed(1);
        const text = `Command was automatically cancelled because it exceeded the timeout of ${mins} minutes without output.${out ? ` Below is the output before it was cancelled:\n${out}` : ' There was no output before it was cancelled.'}`;
        // Failure.process carries what it printed, as every shape's timeout does.
        const err = new EngineError('timeout', `no output for ${idleMs} ms`, {
          facts: { errorType: 'shell_execute_error', idleTimeoutMs: idleMs },
          process: {
            tool: 'bash',
            exitCode: r.exitCode ?? -1,
            signal: r.signal ?? '',
            output: r.output.truncated ? `${r.output.head}\n...\n${r.output.tail}` : r.output.text,
            outputTruncated: r.output.truncated,
            backend: 'execa',
          },
        });
        return fail(text, err, { ...host, details: { ...host.details, error_type: 'shell_execute_error' } });
      }
      return ok(wrap(fields(out, r.exitCode, r.signal, r.pid, r.backgroundPids)), host);
    },
  };

  async function runBackground(ctx: HandlerContext, args: RunArgs): Promise<ToolResult> {
    const job = await engine.start(ctx, { command: args.command, workdir: args.dir_path, workdirField: 'dir_path', env: ENV, description: args.description });
    const delay = Math.min(Math.max(args.delay_ms ?? DEFAULT_DELAY_MS, 0), 600_000);
    const r = await engine.output(ctx, job.id, { waitMs: delay, until: 'exit', from: 'start' });
    const host = { tool: 'run_shell_command', summary: `Background PID ${job.pid}`, details: { pid: job.pid, job: job.id, log: job.logPath } };
    const out = clean(r.text);
    if (r.job.status === 'running') return ok(wrap(`Command is running in background. PID: ${job.pid}. Initial output:\n${out || '(empty)'}`), host);
    return ok(wrap(fields(out, r.job.exitCode, r.job.signal, job.pid)), { ...host, exitCode: r.job.exitCode, signal: r.job.signal });
  }
}

const STATUS: Record<JobSnapshot['status'], string> = { running: 'RUNNING', completed: 'EXITED', failed: 'EXITED', killed: 'KILLED', timed_out: 'KILLED' };

function listTool(config: FacetConfig, facet: Engine): ToolDefinition<Record<string, never>> {
  const engine = facet.shell;
  return {
    name: 'list_background_processes',
    summary: 'List the background processes started with run_shell_command in this session, with status and exit codes.',
    description: [
      'One line per background process of this session: "- [PID n] STATUS: `command`", with (Exit Code: n) and (Signal: n)',
      'once it ended; STATUS is RUNNING, EXITED, or KILLED (ended by a signal or a timeout). Limits: only processes started with run_shell_command',
      'is_background: true in this session are listed (not other sessions\', and not commands backgrounded with "&" inside a',
      'foreground run, whose PIDs that run reported under "Background PIDs"); at most 32 may run at once, and of the finished',
      'ones only the newest 32 are kept. It shows no output: to see what a process printed use read_background_output with',
      'its PID, and do not call this in a loop to wait for a process (read_background_output with delay_ms waits instead).',
    ].join(' '),
    inputSchema: { type: 'object', properties: {} },
    destructive: false,
    tags: [TAGS.shell, TAGS.readOnly],
    examples: [{ description: 'See what is running', arguments: {}, expectedOutcome: 'One line per process, or "No background processes found."' }],
    idempotency: 'idempotent',
    errorModes: 'None: a session without background processes gets "No background processes found."',
    async handler(_args, ctx) {
      const jobs = engine.jobs(ctx);
      if (jobs.length === 0) return ok('No background processes found.', { tool: 'list_background_processes', counts: { processes: 0 } });
      const lines = jobs.map((j) => {
        const sig = signalNumber(j.signal);
        // A process ended by a signal was killed, whoever sent it.
        return `- [PID ${j.pid}] ${sig !== undefined ? 'KILLED' : STATUS[j.status]}: \`${j.command}\`${j.exitCode !== null ? ` (Exit Code: ${j.exitCode})` : ''}${sig !== undefined ? ` (Signal: ${sig})` : ''}`;
      });
      return ok(lines.join('\n'), {
        tool: 'list_background_processes',
        counts: { processes: jobs.length },
        details: { processes: jobs.map((j) => ({ pid: j.pid, status: j.status, exitCode: j.exitCode, command: j.command })) },
      });
    },
  };
}

interface ReadArgs {
  pid: number;
  lines?: number;
  delay_ms?: number;
}

const TAIL_BYTES = 64 * 1024;

function readTool(config: FacetConfig, facet: Engine): ToolDefinition<ReadArgs> {
  const engine = facet.shell;
  return {
    name: 'read_background_output',
    summary: 'Read the last lines of output of a background process started in this session, by PID.',
    description: [
      'Returns the newest output (at most 64 KB, default the last 100 lines; `lines` sets how many) of a process started',
      'with run_shell_command is_background: true in this session. delay_ms waits first (for a server to print its port).',
      'The text starts "Showing last n of m lines:" when lines were left out, else "Full Log Output:".',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: { pid: { type: 'integer' }, lines: { type: 'integer', minimum: 1 }, delay_ms: { type: 'integer' } },
      required: ['pid'],
    },
    destructive: false,
    tags: [TAGS.shell, TAGS.readOnly],
    examples: [{ description: 'Last 20 lines of a server', arguments: { pid: 12345, lines: 20 }, expectedOutcome: 'Showing last 20 of N lines: ...' }],
    idempotency: 'idempotent',
    errorModes: 'execution_failed (NOT_FOUND): no background process with that PID was started in this session; list_background_processes shows them.',
    async handler(args, ctx) {
      const job = engine.jobs(ctx).find((j) => j.pid === args.pid);
      if (!job) {
        throw shapeError(
          'not_found',
          `no background process with PID ${args.pid} was started in this session (other sessions' processes cannot be read); call list_background_processes to see the PIDs you can read`,
          'execution_failed',
          { pid: args.pid },
          'pid',
        );
      }
      const delay = Math.min(Math.max(args.delay_ms ?? 0, 0), 600_000);
      if (delay > 0)
        await sleep(delay, undefined, { signal: ctx.signal }).catch(() => {
          throw abortError(ctx.signal, 'the wait');
        });
      const t = await engine.tail(ctx, job.id, TAIL_BYTES);
      const all = stripAnsi(t.text).replace(/\n$/, '');
      const lines = all === '' ? [] : all.split('\n');
      const want = args.lines ?? 100;
      const text =
        lines.length > want ? `Showing last ${want} of ${lines.length} lines:\n${lines.slice(-want).join('\n')}` : `Full Log Output:\n${lines.join('\n')}`;
      return ok(text, {
        tool: 'read_background_output',
        summary: `Output of PID ${job.pid}`,
        counts: { lines: Math.min(want, lines.length) },
        details: { status: t.job.status, exitCode: t.job.exitCode },
      });
    },
  };
}

export function geminiShellTools(config: FacetConfig, facet: Engine): ToolDefinition[] {
  return [
    withErrorTypes(runTool(config, facet), geminiErrors('run_shell_command')),
    withErrorTypes(listTool(config, facet), geminiErrors('list_background_processes')),
    withErrorTypes(readTool(config, facet), geminiErrors('read_background_output')),
  ] as ToolDefinition[];
}
