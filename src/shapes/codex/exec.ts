// exec_command and write_stdin (Codex "unified exec"): a command starts as a process of the
// session; the call waits up to yield_time_ms and returns what it printed, with the exit code
// if it ended or a session id to poll or type into with write_stdin if it still runs.
import { randomBytes, randomInt } from 'node:crypto';
import { constants } from 'node:os';
import type { FacetConfig } from '../../config.js';
import { type Engine, EngineError, engineFailure, type JobRead, type Session } from '../../engine/index.js';
import type { HandlerContext, JsonSchema, ToolDefinition, ToolResult } from '../../registry/types.js';
import { fail, ok, type HostBlock } from '../common/result.js';
import { TAGS } from '../tags.js';
import { additionalPermissionsSchema, APPROVAL_MODE, checkApproval, sandboxPermissionsSchema, type ApprovalArgs } from './approval.js';
import { patchFromScript } from './intercept.js';
import { patchHost, runPatch } from './patch.js';
import { approxTokens, byteBudget, cutText, withWarning, type CutOutput } from './truncate.js';

// Yield bounds of the reference: a call waits at least 250 ms and at most 30 s; an empty
// write_stdin (a poll) waits 5 s to 5 min.
const MIN_YIELD_MS = 250;
const MAX_YIELD_MS = 30_000;
const MIN_POLL_MS = 5_000;
const MAX_POLL_MS = 300_000;
const EXEC_YIELD_MS = 10_000;
const WRITE_YIELD_MS = 250;

/** Set for every command, as Codex does: no colours, no pagers. */
const EXEC_ENV = { NO_COLOR: '1', PAGER: 'cat', GIT_PAGER: 'cat', GH_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Codex numbers its processes with ids of its own; they map to the session's jobs. */
function processIds(session: Session): Map<number, string> {
  return session.bag('codex.exec.ids', () => new Map<number, string>());
}

function newProcessId(ids: Map<number, string>): number {
  for (;;) {
    const id = randomInt(1000, 100_000);
    if (!ids.has(id)) return id;
  }
}

/** The exit code a shell would report: the code, or 128 + the number of the signal that ended it. */
export function exitCodeOf(code: number | null, signal: string | null): number {
  if (code !== null) return code;
  const n = signal ? (constants.signals as Record<string, number>)[signal] : undefined;
  return n !== undefined ? 128 + n : -1;
}

/** One exec/write_stdin answer, as Codex's tool output carries it. */
interface ExecOutput {
  wallSeconds: number;
  exitCode?: number;
  sessionId?: number;
  output: CutOutput;
}

function execText(o: ExecOutput, chunkId: string): string {
  const lines = [`Chunk ID: ${chunkId}`, `Wall time: ${o.wallSeconds.toFixed(4)} seconds`];
  if (o.exitCode !== undefined) lines.push(`Process exited with code ${o.exitCode}`);
  if (o.sessionId !== undefined) lines.push(`Process running with session ID ${o.sessionId}`);
  lines.push(`Original token count: ${approxTokens(o.output.totalBytes)}`, 'Output:', withWarning(o.output));
  return lines.join('\n');
}

function execResult(tool: string, o: ExecOutput, extra: Record<string, unknown> = {}, failure?: EngineError): ToolResult {
  const chunkId = randomBytes(3).toString('hex');
  const structured = {
    chunk_id: chunkId,
    wall_time_seconds: o.wallSeconds,
    ...(o.exitCode !== undefined ? { exit_code: o.exitCode } : {}),
    ...(o.sessionId !== undefined ? { session_id: o.sessionId } : {}),
    original_token_count: approxTokens(o.output.totalBytes),
    output: withWarning(o.output),
  };
  const text = execText(o, chunkId);
  const host: HostBlock = {
    tool,
    summary: o.sessionId !== undefined ? `Still running as session ${o.sessionId}` : `Exited with code ${o.exitCode}`,
    exitCode: o.exitCode ?? null,
    truncated: o.output.truncated,
    counts: { outputBytes: o.output.totalBytes, outputLines: o.output.totalLines },
    details: { ...extra, ...(o.sessionId !== undefined ? { sessionId: o.sessionId } : {}) },
  };
  return failure ? fail(text, failure, host, [{ structured }]) : ok(text, host, [{ structured }]);
}

function readOutput(r: JobRead): CutOutput {
  return { text: r.text, head: r.head, tail: r.tail, truncated: r.truncated, omittedBytes: r.omittedBytes, totalBytes: r.rangeBytes, totalLines: r.rangeLines };
}

const OUTPUT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    chunk_id: { type: 'string' },
    wall_time_seconds: { type: 'number' },
    exit_code: { type: 'number' },
    session_id: { type: 'number' },
    original_token_count: { type: 'number' },
    output: { type: 'string' },
  },
  required: ['wall_time_seconds', 'output'],
};

const BUDGET_MODE =
  'Output over max_output_tokens (default 10000; a token is counted as 4 bytes) keeps its first and last halves with "…N tokens truncated…" between, ' +
  'after a "Warning: truncated output (original token count: N)" header and the total line count.';

interface ExecArgs extends ApprovalArgs {
  cmd: string;
  workdir?: string;
  shell?: string;
  login?: boolean;
  tty?: boolean;
  yield_time_ms?: number;
  max_output_tokens?: number;
  environment_id?: string;
  ingress?: number;
}

interface WriteArgs {
  session_id: number;
  chars?: string;
  yield_time_ms?: number;
  max_output_tokens?: number;
}

function checkTokens(v: number | undefined): void {
  if (v !== undefined && (!Number.isFinite(v) || v < 0)) {
    throw new EngineError('invalid_argument', 'max_output_tokens must be a number of tokens, 0 or more', { field: 'max_output_tokens', facts: { value: v } });
  }
}

export function execTools(config: FacetConfig, facet: Engine): ToolDefinition[] {
  const engine = facet.shell;

  const exec: ToolDefinition<ExecArgs> = {
    name: 'exec_command',
    fields: { command: 'cmd' },
    summary: 'Run a shell command; get its output and exit code, or a session id to poll or type into if it keeps running.',
    description: [
      'Runs `cmd` with bash -lc (or `shell` -lc; -c with login: false) in `workdir` (default: the session directory; must be inside the roots).',
      `The call waits up to yield_time_ms (default ${EXEC_YIELD_MS}, between ${MIN_YIELD_MS} and ${MAX_YIELD_MS}) for the command to finish.`,
      'The answer lists "Chunk ID", "Wall time: <s> seconds", then "Process exited with code N" if it finished,',
      'or "Process running with session ID N" if not (use write_stdin with that id to read more, or to type into it),',
      'then "Original token count" and "Output:" with what it printed (stdout and stderr together) during the call.',
      BUDGET_MODE,
      '`tty: true` runs it on a pseudo-terminal with stdin open (needed for write_stdin input, REPLs, prompts); without tty stdin is closed.',
      "The command runs in a login shell (bash -lc) unless login is false; the user's profile is read on a tty only, as in a terminal. A command that is an apply_patch heredoc is applied as a patch instead of being run.",
      'Running processes end with the session; there is no other time limit, so stop servers yourself (write_stdin "\\u0003" on a tty).',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        additional_permissions: additionalPermissionsSchema,
        cmd: { type: 'string' },
        environment_id: { type: 'string' },
        ingress: { type: 'integer' },
        justification: { type: 'string' },
        login: { type: 'boolean' },
        max_output_tokens: { type: 'number' },
        prefix_rule: { type: 'array', items: { type: 'string' } },
        sandbox_permissions: sandboxPermissionsSchema,
        shell: { type: 'string' },
        tty: { type: 'boolean' },
        workdir: { type: 'string' },
        yield_time_ms: { type: 'number' },
      },
      required: ['cmd'],
      additionalProperties: false,
    },
    outputSchema: OUTPUT_SCHEMA,
    destructive: true,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'List the files of the project',
        arguments: { cmd: 'ls -a', workdir: '.' },
        expectedOutcome: 'Process exited with code 0 and the listing.',
      },
      {
        description: 'Start a Python prompt to type into',
        arguments: { cmd: 'python3 -i', tty: true, yield_time_ms: 1000 },
        expectedOutcome: 'Process running with session ID N.',
      },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      'A command that exits non-zero is not an error: read "Process exited with code N" and the output.',
      BUDGET_MODE,
      APPROVAL_MODE,
      "NOT_FOUND / PERMISSION_DENIED: workdir missing or outside the roots. SECURITY_POLICY: the server's command rules refuse the command (the message names the rule).",
      'RESOURCE_EXHAUSTED: the session already has the maximum number of running processes; end one first.',
      'environment_id and ingress are accepted and ignored (one environment). justification and prefix_rule are ignored (no approvals).',
    ].join('\n'),
    async handler(args, ctx) {
      const started = performance.now();
      checkApproval(args);
      checkTokens(args.max_output_tokens);
      const budget = byteBudget(args.max_output_tokens);
      const wall = () => (performance.now() - started) / 1000;
      const intercepted = patchFromScript(args.cmd);
      if (intercepted) {
        const run = await runPatch(ctx, intercepted.patch, await patchDir(ctx, await engine.resolveCwd(ctx, args.workdir), intercepted.cd));
        return execResult(
          'exec_command',
          { wallSeconds: wall(), exitCode: run.exitCode, output: cutText(run.output, budget) },
          { patch: patchHost('exec_command', run) },
          run.error,
        );
      }
      // As in Codex, the command runs in a login shell (`bash -lc`) unless login is false.
      const login = args.login !== false;
      const command = args.shell ? [args.shell, login ? '-lc' : '-c', args.cmd] : args.cmd;
      const job = await engine.start(ctx, {
        command,
        workdir: args.workdir,
        login: args.shell ? undefined : login,
        // A terminal session is what Codex gives the user: its login shell reads the profile.
        startupFiles: args.tty === true,
        tty: args.tty === true,
        stdin: args.tty === true,
        description: 'exec_command',
        env: args.tty ? EXEC_ENV : { ...EXEC_ENV, TERM: 'dumb' },
      });
      const waitMs = clamp(args.yield_time_ms ?? EXEC_YIELD_MS, MIN_YIELD_MS, MAX_YIELD_MS);
      const r = await engine.output(ctx, job.id, { waitMs, until: 'exit', maxBytes: budget, budget: 'head_tail' });
      const extra = { jobId: job.id, pid: job.pid, ...(job.ttyFallback ? { ttyFallback: job.ttyFallback } : {}) };
      if (r.job.status !== 'running') {
        return execResult('exec_command', { wallSeconds: wall(), exitCode: exitCodeOf(r.job.exitCode, r.job.signal), output: readOutput(r) }, extra);
      }
      const ids = processIds(ctx.session);
      const sessionId = newProcessId(ids);
      ids.set(sessionId, job.id);
      return execResult('exec_command', { wallSeconds: wall(), sessionId, output: readOutput(r) }, extra);
    },
  };

  const write: ToolDefinition<WriteArgs> = {
    name: 'write_stdin',
    summary: 'Type into, or poll, a command exec_command left running, and read what it printed since.',
    description: [
      'Writes `chars` to the process with `session_id` (from "Process running with session ID N"), then waits up to',
      `yield_time_ms (default ${WRITE_YIELD_MS}, between ${MIN_YIELD_MS} and ${MAX_YIELD_MS}) and returns the output printed since the last read,`,
      'in the same form as exec_command. Empty or absent chars only polls; a poll waits at least 5 s (at most 5 min) unless the process ends first.',
      'Send "\\n" (or "\\r" on a tty) to submit a line and "\\u0003" for Ctrl-C. Typing needs a process started with tty: true.',
      'Once the answer says "Process exited with code N" the session id is gone.',
      BUDGET_MODE,
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        chars: { type: 'string' },
        max_output_tokens: { type: 'number' },
        session_id: { type: 'number' },
        yield_time_ms: { type: 'number' },
      },
      required: ['session_id'],
      additionalProperties: false,
    },
    outputSchema: OUTPUT_SCHEMA,
    destructive: true,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'Evaluate an expression in a Python prompt started with tty',
        arguments: { session_id: 41234, chars: '1 + 1\n', yield_time_ms: 1000 },
        expectedOutcome: 'The output 2, process still running.',
      },
      {
        description: 'Wait for more output of a long build',
        arguments: { session_id: 41234, yield_time_ms: 30000 },
        expectedOutcome: 'New output, and the exit code once it finished.',
      },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      'NOT_FOUND: no running process has that session id in this session (it exited and was reported, or never existed); start it again with exec_command.',
      'PRECONDITION_FAILED: chars sent to a process started without tty, whose stdin is closed; run it again with exec_command tty: true.',
      BUDGET_MODE,
    ].join('\n'),
    async handler(args, ctx) {
      const started = performance.now();
      checkTokens(args.max_output_tokens);
      const ids = processIds(ctx.session);
      const jobId = ids.get(args.session_id);
      if (jobId === undefined) {
        throw engineFailure(
          'unknown_process',
          `no running process has session id ${args.session_id}; it may have exited already — start it again with exec_command`,
          { sessionId: args.session_id, known: [...ids.keys()] },
          { field: 'session_id' },
        );
      }
      const chars = args.chars ?? '';
      const job = engine.job(ctx, jobId);
      if (chars !== '' && !job.interactive) {
        throw engineFailure(
          'stdin_closed',
          `process ${args.session_id} has its stdin closed (started without tty); run it again with exec_command and tty: true to type into it`,
          { sessionId: args.session_id },
          { field: 'chars' },
        );
      }
      const waitMs =
        chars === ''
          ? clamp(args.yield_time_ms ?? WRITE_YIELD_MS, MIN_POLL_MS, MAX_POLL_MS)
          : clamp(args.yield_time_ms ?? WRITE_YIELD_MS, MIN_YIELD_MS, MAX_YIELD_MS);
      const read = { waitMs, until: 'exit' as const, maxBytes: byteBudget(args.max_output_tokens), budget: 'head_tail' as const };
      // A process that ended since the last call cannot be typed into: report its last output and exit instead.
      const r = job.status === 'running' ? await engine.write(ctx, jobId, chars, read) : await engine.output(ctx, jobId, read);
      const wallSeconds = (performance.now() - started) / 1000;
      const extra = { jobId, pid: r.job.pid };
      if (r.job.status !== 'running') {
        ids.delete(args.session_id);
        return execResult('write_stdin', { wallSeconds, exitCode: exitCodeOf(r.job.exitCode, r.job.signal), output: readOutput(r) }, extra);
      }
      return execResult('write_stdin', { wallSeconds, sessionId: args.session_id, output: readOutput(r) }, extra);
    },
  };

  return [exec, write];
}

/** Where the relative paths of an intercepted patch start: the workdir, or the script's `cd DIR` from there. */
export async function patchDir(ctx: HandlerContext, base: string, cd: string | undefined): Promise<string> {
  if (cd === undefined) return base;
  const r = await ctx.scope.resolve(cd, base, 'cmd');
  if (!r.exists) throw new EngineError('not_found', `the directory ${cd} does not exist`, { field: 'cmd', facts: { path: cd, resolved: r.real } });
  return r.real;
}
