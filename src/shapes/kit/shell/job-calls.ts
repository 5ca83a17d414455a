// A background job read whole or stopped by a call that itself tells the model how the job
// ended: the job's end is then reported, and no later notice announces it again.
import { wholeCount } from '../args/arg-checks.js';
import { endReported } from './announce.js';
import type { ShellContext, ShellEngine } from '../../../engine/index.js';
import { stopRunning } from './jobs.js';
import type { JobRead, JobSnapshot, JobReadOptions as ReadOptions } from '../../../engine/index.js';

/**
 * All of job `id`'s output from its start; when `block` is set and it runs, after waiting up to
 * `timeoutMs` (fractions dropped, negatives 0) for it to end. A job that has ended is reported.
 */
export async function wholeJobOutput(
  shell: ShellEngine,
  ctx: ShellContext,
  id: string,
  wait: { block: boolean; timeoutMs: number },
  opts: Omit<ReadOptions, 'from' | 'waitMs' | 'until'>,
): Promise<JobRead> {
  const waitMs = shell.job(ctx, id).status === 'running' && wait.block ? wholeCount(wait.timeoutMs, 0) : 0;
  const r = await shell.output(ctx, id, { from: 'start', waitMs, until: 'exit', ...opts });
  if (r.job.status !== 'running') endReported(ctx.session, r.job.id);
  return r;
}

/** Stops job `id` unless it already ended (then `already` is set); a job this call stopped is reported. */
export async function stopReported(
  shell: ShellEngine,
  ctx: ShellContext,
  id: string,
): Promise<{ job: JobSnapshot; already: boolean }> {
  const stopped = await stopRunning(shell, ctx, id);
  if (!stopped.already) endReported(ctx.session, stopped.job.id);
  return stopped;
}
