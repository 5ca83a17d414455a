// Background jobs whose end a dialect announces on a later result (Claude Code's task
// notifications): registered when started, handed out once each after they ended, and
// dropped when the end was reported some other way (the model read the final status).
import { dropJobNotifications, grantRead } from '../../../engine/index.js';
import type { Session } from '../../../engine/index.js';
import type { JobSnapshot } from '../../../engine/index.js';

const pending = (s: Session) => s.bag('engine.shell.announce', () => new Map<string, { label?: string }>());

/** Announce the end of job `id` later, under `label` (the caller's, kept as given). */
export function announceEnd(session: Session, id: string, label: string | undefined): void {
  pending(session).set(id, { label });
}

/** The end of job `id` was reported otherwise: no announcement. */
export function endReported(session: Session, id: string): void {
  pending(session).delete(id);
  dropJobNotifications(session, id);
}

/**
 * The registered jobs that ended since the last call, each once, with their labels; jobs pruned with the session's old
 * ones are dropped.
 */
export function endedToAnnounce<C extends { session: Session }>(
  shell: { job(ctx: C, id: string): JobSnapshot },
  ctx: C,
): Array<{ job: JobSnapshot; label?: string }> {
  const ended: Array<{ job: JobSnapshot; label?: string }> = [];
  for (const [id, { label }] of pending(ctx.session)) {
    let job: JobSnapshot;
    try {
      job = shell.job(ctx, id);
    } catch {
      pending(ctx.session).delete(id);
      continue;
    }
    if (job.status === 'running') continue;
    pending(ctx.session).delete(id);
    ended.push({ job, label });
  }
  return ended;
}

/** Starts a background job whose end is announced later under `label`, its log readable by the session's read tools. */
export async function startAnnounced<C extends { session: Session }, O>(
  shell: { start(ctx: C, opts: O): Promise<JobSnapshot> },
  ctx: C,
  opts: O,
  label: string | undefined,
): Promise<JobSnapshot> {
  const job = await shell.start(ctx, opts);
  announceEnd(ctx.session, job.id, label);
  grantRead(ctx.session, job.logPath);
  return job;
}
