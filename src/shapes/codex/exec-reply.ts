// What exec_command and write_stdin share: Codex's yield bounds, its numbering of running
// processes, and the answer both give (chunk id, wall time, exit code or session id, output).
import { randomBytes } from 'node:crypto';
import type { CapturedText, EngineError, JobRead } from '../../engine/index.js';
import { shellExitCode } from '../kit/shell/settle.js';
import type { JsonSchema } from '../../registry/types.js';
import type { Reply } from '../common/define.js';
import { bad } from './errors.js';
import { NUMBER, STRING } from './schema.js';
import { approxTokens, byteBudget, readOutput, withWarning } from './output.js';

// Yield bounds of the reference: a call waits at least 250 ms and at most 30 s; an empty
// write_stdin (a poll) waits 5 s to 5 min.
export const YIELD_MS = { min: 250, max: 30_000, pollMin: 5_000, pollMax: 300_000 };

/**
 * How a call reads the job's output: waits `yieldMs` within the bounds of a call (or of a poll), keeps both ends of
 * `budget` bytes.
 */
export const readOpts = (yieldMs: number, budget: number, poll = false) => ({
  waitMs: poll
    ? Math.min(YIELD_MS.pollMax, Math.max(YIELD_MS.pollMin, yieldMs))
    : Math.min(YIELD_MS.max, Math.max(YIELD_MS.min, yieldMs)),
  until: 'exit' as const,
  maxBytes: budget,
  budget: 'head_tail' as const,
});

/** The byte budget of max_output_tokens, which must be a number of tokens, 0 or more. */
export function tokenBudget(v: number | undefined): number {
  if (v !== undefined && (!Number.isFinite(v) || v < 0))
    throw bad('max_output_tokens must be a number of tokens, 0 or more', 'max_output_tokens', v);
  return byteBudget(v);
}

/** One exec/write_stdin answer, as Codex's tool output carries it. */
export interface ExecOutput {
  wallSeconds: number;
  exitCode?: number;
  sessionId?: number;
  output: CapturedText;
  /** A patch the command carried, applied: Codex 0.171.0 answers with its text behind the wall time alone. */
  patchText?: string;
  /** What the host block's details add (job id, pid, a patch applied instead). */
  extra: Record<string, unknown>;
  failure?: EngineError;
}

/** Seconds since `started` (a performance.now() reading). */
export const since = (started: number) => (performance.now() - started) / 1000;

/** The answer of a read: the exit code once the job ended, else the session id it runs under. */
export function readAnswer(
  r: JobRead,
  started: number,
  extra: Record<string, unknown>,
  sessionId: () => number,
): ExecOutput {
  const output = readOutput(r);
  const wallSeconds = since(started);
  if (r.job.ttyFallback) extra = { ...extra, ttyFallback: r.job.ttyFallback };
  if (r.job.status !== 'running')
    return { wallSeconds, exitCode: shellExitCode(r.job.exitCode, r.job.signal), output, extra };
  return { wallSeconds, sessionId: sessionId(), output, extra };
}

export function execReply(o: ExecOutput): Reply {
  if (o.patchText !== undefined)
    return {
      text: `Wall time: ${o.wallSeconds.toFixed(4)} seconds\nOutput:\n${o.patchText}`,
      data: { wall_time_seconds: o.wallSeconds, output: o.patchText },
      host: { summary: o.failure ? 'Patch refused; no file changed' : 'Patch applied', exitCode: o.failure ? 1 : 0 },
      failure: o.failure,
    };
  const chunkId = randomBytes(3).toString('hex');
  const tokens = approxTokens(o.output.totalBytes);
  const lines = [`Chunk ID: ${chunkId}`, `Wall time: ${o.wallSeconds.toFixed(4)} seconds`];
  if (o.exitCode !== undefined) lines.push(`Process exited with code ${o.exitCode}`);
  if (o.sessionId !== undefined) lines.push(`Process running with session ID ${o.sessionId}`);
  // Asked for a terminal where none can be loaded: the model learns its command saw pipes.
  if (typeof o.extra.ttyFallback === 'string')
    lines.push(
      `Note: no pseudo-terminal on this server (${o.extra.ttyFallback}); the process runs on pipes, not a terminal.`,
    );
  lines.push(`Original token count: ${tokens}`, 'Output:', withWarning(o.output));
  const running = o.sessionId !== undefined;
  return {
    text: lines.join('\n'),
    data: {
      chunk_id: chunkId,
      wall_time_seconds: o.wallSeconds,
      ...(o.exitCode !== undefined ? { exit_code: o.exitCode } : {}),
      ...(running ? { session_id: o.sessionId } : {}),
      original_token_count: tokens,
      output: withWarning(o.output),
    },
    host: {
      summary: running ? `Still running as session ${o.sessionId}` : `Exited with code ${o.exitCode}`,
      exitCode: o.exitCode ?? null,
      truncated: o.output.truncated,
      counts: { outputBytes: o.output.totalBytes, outputLines: o.output.totalLines },
      details: { ...o.extra, ...(running ? { sessionId: o.sessionId } : {}) },
    },
    failure: o.failure,
  };
}

export const OUTPUT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    chunk_id: STRING,
    wall_time_seconds: NUMBER,
    exit_code: NUMBER,
    session_id: NUMBER,
    original_token_count: NUMBER,
    output: STRING,
  },
  required: ['wall_time_seconds', 'output'],
};

export const BUDGET_MODE =
  'Output over max_output_tokens (default 10000; a token is counted as 4 bytes) keeps its first and last halves with "…N tokens truncated…" between, ' +
  'after a "Warning: truncated output (original token count: N)" header and the total line count.';
