// Typing into, or polling, a running job by the number a model holds for it (Codex's
// write_stdin): a job that ended since the last call cannot be typed into, so its last output
// and exit are read instead, and the number is released once a read shows the end.
import { engineFailure } from '../../../engine/index.js';
import type { ShellContext, ShellEngine } from '../../../engine/index.js';
import { heldHandles, jobOfHandle, releaseHandle } from './handles.js';
import type { JobRead, JobReadOptions as ReadOptions } from '../../../engine/index.js';

/**
 * Writes `chars` ('' only polls) to the job `handle` stands for; `starter` is the tool that starts jobs, for the words
 * of a failure.
 */
export async function writeToHandle(
  shell: Pick<ShellEngine, 'job' | 'write' | 'output'>,
  ctx: ShellContext,
  handle: number,
  chars: string,
  read: ReadOptions,
  starter: string,
): Promise<JobRead> {
  const jobId = jobOfHandle(ctx.session, handle);
  if (jobId === undefined) {
    const why = `no running process has session id ${handle}; it may have exited already — start it again with ${starter}`;
    throw engineFailure(
      'unknown_process',
      why,
      { sessionId: handle, known: heldHandles(ctx.session) },
      { field: 'session_id' },
    );
  }
  const job = shell.job(ctx, jobId);
  if (chars !== '' && !job.interactive) {
    const why = `process ${handle} has its stdin closed (started without tty); run it again with ${starter} and tty: true to type into it`;
    throw engineFailure('stdin_closed', why, { sessionId: handle }, { field: 'chars' });
  }
  const r =
    job.status === 'running' ? await shell.write(ctx, jobId, chars, read) : await shell.output(ctx, jobId, read);
  if (r.job.status !== 'running') releaseHandle(ctx.session, handle);
  return r;
}
