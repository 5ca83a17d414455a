// shell_command (a command string run to completion, freeform text result) and the legacy
// `shell` (an argv run with execvp, JSON result). Both wait for the end, 10 s by default.
import type { FacetConfig } from '../../config.js';
import { type Engine, EngineError, type RunOutcome } from '../../engine/index.js';
import type { HandlerContext, ToolDefinition, ToolResult } from '../../registry/types.js';
import { cancelledRun, orError } from '../common/process.js';
import { fail, ok, type HostBlock } from '../common/result.js';
import { TAGS } from '../tags.js';
import { additionalPermissionsSchema, APPROVAL_MODE, checkApproval, sandboxPermissionsSchema, type ApprovalArgs } from './approval.js';
import { exitCodeOf, patchDir } from './exec.js';
import { patchFromArgv, patchFromScript, type PatchInvocation } from './intercept.js';
import { patchHost, runPatch, structuredOutput } from './patch.js';
import { byteBudget, cutText, lineCount, middle, withWarning, type CutOutput } from './truncate.js';

const DEFAULT_TIMEOUT_MS = 10_000;
/** The reference sets no ceiling; an hour keeps a forgotten call from holding a process for ever. */
const MAX_TIMEOUT_MS = 3_600_000;
/** Exit code reported for a command killed by its timeout (as `timeout(1)` does). */
const TIMEOUT_EXIT_CODE = 124;
const ENV = { NO_COLOR: '1', TERM: 'dumb', PAGER: 'cat', GIT_PAGER: 'cat', GH_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' };

interface Ran {
  exitCode: number;
  output: CutOutput;
  timedOutMs?: number;
  /** The call was cancelled while the command ran; output is what it printed until then. */
  cancelled?: boolean;
  durationMs: number;
  failure?: EngineError;
  host: HostBlock;
}

const runExitCode = (r: RunOutcome) => (r.timedOut ? TIMEOUT_EXIT_CODE : exitCodeOf(r.exitCode, r.signal));

/** Runs the command (or applies the patch it carries) and gathers what both tools report. */
async function execute(
  config: FacetConfig,
  facet: Engine,
  ctx: HandlerContext,
  tool: string,
  command: string | string[],
  patch: PatchInvocation | undefined,
  args: { workdir?: string; timeout_ms?: number; login?: boolean },
): Promise<Ran> {
  const engine = facet.shell;
  const budget = byteBudget(undefined);
  if (patch) {
    const run = await runPatch(ctx, patch.patch, await patchDir(ctx, await engine.resolveCwd(ctx, args.workdir), patch.cd));
    return {
      exitCode: run.exitCode,
      output: cutText(run.output, budget),
      durationMs: run.durationSeconds * 1000,
      failure: run.error,
      host: patchHost(tool, run),
    };
  }
  if (args.timeout_ms !== undefined && !(args.timeout_ms > 0)) {
    throw new EngineError('invalid_argument', 'timeout_ms must be a positive number of milliseconds', {
      field: 'timeout_ms',
      facts: { value: args.timeout_ms },
    });
  }
  const r = await engine
    .run(ctx, {
      command,
      workdir: args.workdir,
      login: args.login,
      timeoutMs: args.timeout_ms,
      defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
      maxTimeoutMs: MAX_TIMEOUT_MS,
      streams: 'merged',
      maxOutputBytes: budget,
      env: ENV,
    })
    .catch(orError);
  if (r instanceof Error) {
    const c = cancelledRun(r);
    if (!c) throw r;
    const exitCode = exitCodeOf((c.err.facts.exitCode as number | null) ?? null, (c.err.facts.signal as string | null) ?? null);
    return {
      exitCode,
      output: c.output,
      cancelled: true,
      durationMs: Number(c.err.facts.durationMs ?? 0),
      failure: c.err,
      host: { tool, summary: 'Cancelled', exitCode, truncated: c.output.truncated },
    };
  }
  const exitCode = runExitCode(r);
  const failure =
    r.timedOut || exitCode !== 0
      ? new EngineError(
          r.timedOut ? 'timeout' : 'process_failed',
          r.timedOut ? `the command ran past ${r.timeoutMs} ms and was killed` : `the command exited with code ${exitCode}`,
          {
            facts: { exitCode, signal: r.signal, timeoutMs: r.timeoutMs },
            process: { tool: 'bash', exitCode, signal: r.signal ?? '', output: middle(r.output), outputTruncated: r.output.truncated, backend: 'execa' },
          },
        )
      : undefined;
  return {
    exitCode,
    output: r.output,
    ...(r.timedOut ? { timedOutMs: r.timeoutMs } : {}),
    durationMs: r.durationMs,
    failure,
    host: {
      tool,
      summary: r.timedOut ? `Timed out after ${r.timeoutMs} ms` : `Exited with code ${exitCode}`,
      exitCode,
      signal: r.signal,
      truncated: r.output.truncated,
      counts: { outputBytes: r.output.totalBytes, outputLines: r.output.totalLines, durationMs: Math.round(r.durationMs) },
      details: { cwd: r.cwd, timeoutMs: r.timeoutMs },
    },
  };
}

const timeoutNote = (ran: Ran) =>
  ran.timedOutMs !== undefined ? `command timed out after ${ran.timedOutMs} milliseconds\n` : ran.cancelled ? 'command was cancelled before it finished\n' : '';

function result(text: string, ran: Ran): ToolResult {
  return ran.failure ? fail(text, ran.failure, ran.host) : ok(text, ran.host);
}

const FAILURE_MODE =
  'A non-zero exit is reported as a failed call (PROCESS_FAILED) carrying the same text; a timeout (default 10000 ms) kills the command and everything it started, ' +
  'reports exit code 124 and puts "command timed out after N milliseconds" before the output (TIMEOUT). A call cancelled while the command runs kills it too ' +
  'and puts "command was cancelled before it finished" before the output so far (CANCELLED).';
const BUDGET_NOTE =
  'Output (stdout and stderr together) over 10000 tokens (40000 bytes) keeps its first and last 20000 bytes with "…N tokens truncated…" between.';

interface ShellCommandArgs extends ApprovalArgs {
  command: string;
  workdir?: string;
  timeout_ms?: number;
  login?: boolean;
}

interface ShellArgs extends ApprovalArgs {
  command: string[];
  workdir?: string;
  timeout_ms?: number;
}

export function shellTools(config: FacetConfig, facet: Engine): ToolDefinition[] {
  const shellCommand: ToolDefinition<ShellCommandArgs> = {
    name: 'shell_command',
    summary: 'Run a shell command to completion and get its exit code and output; set workdir instead of using cd.',
    description: [
      'Runs `command` with bash -lc (a login shell; login: false for bash -c) in `workdir` (default: the session directory; must be inside the roots) and waits for it to end,',
      `at most timeout_ms (default ${DEFAULT_TIMEOUT_MS}). Stdin is closed; nothing persists between calls (a cd does not carry over).`,
      'The answer is text: "Exit code: N", "Wall time: S seconds" (one decimal), "Total output lines: N" when cutting the output changed its line count, then "Output:" and the output.',
      BUDGET_NOTE,
      'A command that is an apply_patch heredoc is applied as a patch instead.',
      'For servers, watchers or anything interactive use exec_command.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        additional_permissions: additionalPermissionsSchema,
        command: { type: 'string' },
        justification: { type: 'string' },
        login: { type: 'boolean' },
        prefix_rule: { type: 'array', items: { type: 'string' } },
        sandbox_permissions: sandboxPermissionsSchema,
        timeout_ms: { type: 'number' },
        workdir: { type: 'string' },
      },
      required: ['command'],
      additionalProperties: false,
    },
    destructive: true,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'Show the files of the session directory',
        arguments: { command: 'ls -a', workdir: '.' },
        expectedOutcome: 'Exit code: 0 and the listing.',
      },
      {
        description: 'Run the test suite with more time',
        arguments: { command: 'npm test', workdir: '.', timeout_ms: 120000 },
        expectedOutcome: 'The test output and its exit code.',
      },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      FAILURE_MODE,
      BUDGET_NOTE,
      APPROVAL_MODE,
      "NOT_FOUND / PERMISSION_DENIED: workdir missing or outside the roots. SECURITY_POLICY: the server's command rules refuse the command.",
    ].join('\n'),
    async handler(args, ctx) {
      checkApproval(args);
      // As in Codex, the command runs in a login shell (`bash -lc`) unless login is false.
      const ran = await execute(config, facet, ctx, 'shell_command', args.command, patchFromScript(args.command), { ...args, login: args.login !== false });
      const lines = [`Exit code: ${ran.exitCode}`, `Wall time: ${(ran.durationMs / 1000).toFixed(1)} seconds`];
      const shown = middle(ran.output);
      // Codex names the original line count only when cutting changed it (a cut inside one long line does not).
      if (ran.output.truncated && lineCount(shown) !== ran.output.totalLines) lines.push(`Total output lines: ${ran.output.totalLines}`);
      lines.push('Output:', timeoutNote(ran) + shown);
      return result(lines.join('\n'), ran);
    },
  };

  const shell: ToolDefinition<ShellArgs> = {
    name: 'shell',
    summary: 'Run a program from an argv list (no shell unless you call one) to completion; JSON output and exit code.',
    description: [
      '`command` is an argv run directly (execvp): prefix shell syntax with ["bash", "-lc", "..."]. Runs in `workdir`',
      `(default: the session directory; inside the roots), stdin closed, at most timeout_ms (default ${DEFAULT_TIMEOUT_MS}).`,
      'The answer is JSON: {"output": <stdout and stderr>, "metadata": {"exit_code": N, "duration_seconds": S}}.',
      'Output over 10000 tokens keeps its first and last 20000 bytes with "…N tokens truncated…" between, after a',
      '"Warning: truncated output (original token count: N)" header and the total line count.',
      '["apply_patch", PATCH] applies a patch instead of running anything.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        command: { type: 'array', items: { type: 'string' } },
        justification: { type: 'string' },
        prefix_rule: { type: 'array', items: { type: 'string' } },
        sandbox_permissions: { type: 'string' },
        timeout_ms: { type: 'number' },
        workdir: { type: 'string' },
      },
      required: ['command'],
      additionalProperties: false,
    },
    destructive: true,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'Run a shell line',
        arguments: { command: ['bash', '-lc', 'ls -a'], workdir: '.' },
        expectedOutcome: 'JSON with the listing and exit_code 0.',
      },
      { description: 'Run a program directly', arguments: { command: ['git', '--version'] }, expectedOutcome: 'JSON with the version line.' },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      FAILURE_MODE,
      APPROVAL_MODE,
      'INVALID_ARGUMENT: an empty argv, or a lone patch without "apply_patch" before it. NOT_FOUND: the program or workdir does not exist (exit code 127 for a missing program).',
    ].join('\n'),
    async handler(args, ctx) {
      checkApproval(args);
      const ran = await execute(config, facet, ctx, 'shell', args.command, patchFromArgv(args.command), args);
      const text = structuredOutput(timeoutNote(ran) + withWarning(ran.output), ran.exitCode, Math.round(ran.durationMs / 100) / 10);
      return result(text, ran);
    },
  };

  return [shellCommand, shell];
}
