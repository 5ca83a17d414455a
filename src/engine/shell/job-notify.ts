// Background jobs whose end goes into the session's notification queue, and a job's output as
// a file: the job's log under the state directory, granted to the session's read tools so a
// model can read it by the path a result names.
import { grantRead } from '../read-grants.js';
import { dropJobNotifications, pushNotification } from '../notifications.js';
import { lastLines } from './last-lines.js';
import type { ShellContext, ShellEngine, StartOptions } from './engine.js';
import type { JobSnapshot } from './jobs.js';

/** Starts a background job whose end is queued as a job_ended notification (with `lastLineCount` newest lines, default 10). */
export async function startNotified(
  shell: ShellEngine,
  ctx: ShellContext,
  opts: Omit<StartOptions, 'onEnd'>,
  label?: string,
  lastLineCount = 10,
): Promise<JobSnapshot> {
  const session = ctx.session;
  const job = await shell.start(ctx, {
    ...opts,
    onEnd: (ended, newest) =>
      pushNotification(session, {
        type: 'job_ended',
        job: ended,
        ...(label !== undefined ? { label } : {}),
        outputFile: ended.logPath,
        lastLines: lastLines(newest, lastLineCount).lines,
      }),
  });
  grantRead(session, job.logPath);
  return job;
}

/** Where job `id`'s whole output is (both streams, as it came), now readable by the session's read tools. */
export function jobOutputFile(shell: ShellEngine, ctx: ShellContext, id: string | number): { job: JobSnapshot; path: string } {
  const job = shell.job(ctx, id);
  grantRead(ctx.session, job.logPath);
  return { job, path: job.logPath };
}

/** The end of job `id` was told some other way (the model read its final status): its queued notification goes. */
export function endToldOtherwise(ctx: ShellContext, id: string): void {
  dropJobNotifications(ctx.session, id);
}
