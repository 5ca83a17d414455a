// What the core shell tools share: limits, error-mode lines, the env schema, and a job's read
// (its output since the last read, then a "[job id: status]" line).
import type { JobRead, JobSnapshot } from '../../engine/index.js';
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

/** Head and tail of a cut output around a line saying how much was left out. */
export const cut = (o: { text: string; head: string; tail: string; truncated: boolean; omittedBytes: number }, cutIf = o.truncated) =>
  cutIf ? `${o.head}\n[... ${o.omittedBytes} bytes omitted ...]\n${o.tail}` : o.text;

const details = (j: JobSnapshot) => ({ jobId: j.id, pid: j.pid, status: j.status });
export const jobHost = (j: JobSnapshot, summary: string) => ({ summary, exitCode: j.exitCode, signal: j.signal, details: details(j) });

/** A job's output since the last read, under `prefix` when given, and its status line. */
export function readReply(r: JobRead, prefix?: string): Reply {
  const j = r.job;
  const text = cut(r, r.truncated && r.tail !== '') || '(no new output)';
  const status = j.status === 'running' ? 'running' : `${j.status}${j.exitCode !== null ? `, exit code ${j.exitCode}` : j.signal ? `, ${j.signal}` : ''}`;
  const lines = [...(prefix ? [prefix] : []), text, `[job ${j.id}: ${status}${r.hasMore ? '; more output: read again' : ''}]`];
  const data = { job: { ...j }, fromOffset: r.fromOffset, nextOffset: r.toOffset, bytes: r.rangeBytes, lines: r.rangeLines };
  return {
    text: lines.join('\n'),
    data: { ...data, truncated: r.truncated, hasMore: r.hasMore },
    host: { ...jobHost(j, `Job ${j.id}: ${status}`), counts: { bytes: r.rangeBytes }, truncated: r.truncated },
  };
}
