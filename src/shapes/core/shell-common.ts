// What the core shell tools share: limits, error-mode lines, the env schema, a job's host block
// and a job's read (the engine's view of it).
import type { JobRead, JobSnapshot } from '../../engine/index.js';
import { jobReadView } from '../kit/shell/run-view.js';
import type { Reply } from '../common/define.js';

// Commands run non-interactively: pagers and credential prompts would hang them.
export const DEFAULT_TIMEOUT_MS = 120_000;
export const MAX_TIMEOUT_MS = 600_000;
export const DEFAULT_OUTPUT_BYTES = 100_000;

export const POLICY_MODE =
  'SECURITY_POLICY: a command of the line (each part of a && b; c | d, $(...), bash -c, env/sudo prefixes...) is refused by the ' +
  "server's allow/deny rules; the message names the rule. When another toolbox owns the program, the response has canonical_routed " +
  'and routed_to: use that toolbox instead.';

export const WORKDIR_MODE = 'PERMISSION_DENIED: workdir is outside the roots. NOT_FOUND: workdir does not exist.';

export const envSchema = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description: 'Extra environment variables for the command (FACET_* are ignored).',
} as const;

const details = (j: JobSnapshot) => ({ jobId: j.id, pid: j.pid, status: j.status });
export const jobHost = (j: JobSnapshot, summary: string) => ({
  summary,
  exitCode: j.exitCode,
  signal: j.signal,
  details: details(j),
});

/** Said in every answer about a job that asked for a terminal and got pipes (no pseudo-terminal could be loaded). */
export const ttyNote = (j: JobSnapshot) =>
  j.ttyFallback
    ? `Note: no pseudo-terminal on this server (${j.ttyFallback}); job ${j.id} runs on pipes, not a terminal.`
    : undefined;

/** A job's output since the last read, under `prefix` when given, and its status line. */
export function readReply(r: JobRead, prefix?: string): Reply {
  const note = ttyNote(r.job);
  const { status, ...view } = jobReadView(r, note ? (prefix ? `${prefix}\n${note}` : note) : prefix);
  return {
    ...view,
    host: { ...jobHost(r.job, `Job ${r.job.id}: ${status}`), counts: { bytes: r.rangeBytes }, truncated: r.truncated },
  };
}
