// Facts of background jobs that several tools word: how one ended (its exit code, else the
// signal that ended it), a stop that leaves an ended job as it was, the jobs still running,
// and what a host shows of a list of jobs.
import type { HostContent } from '../../../engine/index.js';
import type { ShellContext, ShellEngine } from '../../../engine/index.js';
import type { JobSnapshot } from '../../../engine/index.js';

/**
 * The job's exit code in `words.code`, else the signal that ended it in `words.signal`, else `neither` (it runs, or
 * ended without either).
 */
export function endedBy<T>(
  j: Pick<JobSnapshot, 'exitCode' | 'signal'>,
  words: { code: (n: number) => T; signal: (name: string) => T },
  neither: T,
): T {
  return j.exitCode !== null ? words.code(j.exitCode) : j.signal ? words.signal(j.signal) : neither;
}

/**
 * Stops job `id` with everything it started, unless it already ended: then it is left as it was and `already` is set.
 */
export async function stopRunning(
  shell: ShellEngine,
  ctx: ShellContext,
  id: string,
): Promise<{ job: JobSnapshot; already: boolean }> {
  const before = shell.job(ctx, id);
  const already = before.status !== 'running';
  return { job: already ? before : await shell.stop(ctx, id), already };
}

/** The session's jobs, or only those still running. */
export const jobsOf = (shell: ShellEngine, ctx: ShellContext, runningOnly: boolean): JobSnapshot[] =>
  shell.jobs(ctx).filter((j) => !runningOnly || j.status === 'running');

/**
 * The session's job `id` names, given with or without the `prefix` a tool shows before job ids; undefined when there is
 * none.
 */
export function jobNamed(shell: ShellEngine, ctx: ShellContext, id: string, prefix: string): JobSnapshot | undefined {
  const ref = id.startsWith(prefix) ? id.slice(prefix.length) : id;
  return shell.jobs(ctx).find((j) => j.id === ref);
}

/**
 * What a host shows of a list of jobs: how many, and (when there are any) each one's PID, status, exit code and
 * command.
 */
export function jobsHost(jobs: readonly JobSnapshot[]): HostContent {
  if (jobs.length === 0) return { counts: { processes: 0 } };
  return {
    counts: { processes: jobs.length },
    details: {
      processes: jobs.map((j) => ({ pid: j.pid, status: j.status, exitCode: j.exitCode, command: j.command })),
    },
  };
}
