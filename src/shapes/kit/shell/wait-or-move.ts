// A foreground command run as a notified job: the call waits for its end up to a limit, and a
// command still running then stays a background job (Kimi Code, and Claude Code from 2.1.309,
// move it there instead of killing it). One that ended within the wait is not announced again.
import { dropJobNotifications, type JobSnapshot, type ShellContext, type ShellEngine } from '../../../engine/index.js';
import { orError } from './run-failure.js';

type StartOpts = Parameters<ShellEngine['startNotified']>[1];

/**
 * Starts `opts`, waits up to `waitMs` for its end. A cancelled call stops the job; cancelled is the error, carrying
 * what the job printed (as a cancelled run's does: cancelledRun reads it).
 */
export async function runOrMove(
  c: ShellContext & { engine: { shell: ShellEngine } },
  opts: StartOpts,
  waitMs: number,
  label?: string,
): Promise<{ job: JobSnapshot; moved: boolean; cancelled?: Error }> {
  const job = await c.engine.shell.startNotified(c, opts, label);
  try {
    await c.engine.shell.output(c, job.id, { from: 'start', waitMs, until: 'exit', maxBytes: 1 });
  } catch (err) {
    const stopped = await c.engine.shell.stopFailed(c, job.id, err);
    dropJobNotifications(c.session, job.id);
    return { job: stopped.job, moved: false, cancelled: orError(stopped.err) };
  }
  const now = c.engine.shell.job(c, job.id);
  if (now.status === 'running') return { job: now, moved: true };
  dropJobNotifications(c.session, job.id);
  return { job: now, moved: false };
}
