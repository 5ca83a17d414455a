// A background job's newest output, after waiting for the job to end when asked: what a
// task-output tool shows (Kimi's TaskOutput with block=true).
import type { ShellContext, ShellEngine } from './engine.js';

/** The job's newest `maxBytes` of output; first waits up to `waitMs` for it to end when `wait` is set and it still runs. */
export async function waitedTail(shell: ShellEngine, ctx: ShellContext, id: string, o: { wait?: boolean; waitMs: number; maxBytes: number }) {
  const j = shell.job(ctx, id);
  if (o.wait && j.status === 'running' && o.waitMs > 0) await shell.output(ctx, j.id, { from: 'start', waitMs: o.waitMs, until: 'exit', maxBytes: 1 });
  return shell.tail(ctx, j.id, o.maxBytes);
}
