// A background job's newest output, after waiting for the job to end when asked: what a
// task-output tool shows (Kimi's TaskOutput with block=true), with how the read went, the
// bytes shown and whether the whole log lies where the caller may read it. Also a job's
// newest lines after a set wait (Gemini CLI's read_background_output).
import { lastLines } from '../../../engine/index.js';
import type { ShellContext, ShellEngine } from '../../../engine/index.js';
import { pause } from './pause.js';

/**
 * The job's newest `maxBytes` of output; first waits up to `waitMs` for it to end when `wait` is set and it still runs.
 */
export async function waitedTail(
  shell: ShellEngine,
  ctx: ShellContext,
  id: string,
  o: { wait?: boolean; waitMs: number; maxBytes: number },
) {
  const j = shell.job(ctx, id);
  if (o.wait && j.status === 'running' && o.waitMs > 0)
    await shell.output(ctx, j.id, { from: 'start', waitMs: o.waitMs, until: 'exit', maxBytes: 1 });
  const tail = await shell.tail(ctx, j.id, o.maxBytes);
  const facts = {
    retrieval: retrievalStatus(tail.job.status === 'running', o.wait === true),
    previewBytes: Buffer.byteLength(tail.text, 'utf8'),
  };
  return { ...tail, ...facts, readable: ctx.scope.contains(tail.job.logPath) };
}

/**
 * How a task-output read went: success once the job ended, else timeout when the caller waited (block) and not_ready
 * when not.
 */
export const retrievalStatus = (running: boolean, waited: boolean): 'success' | 'timeout' | 'not_ready' =>
  !running ? 'success' : waited ? 'timeout' : 'not_ready';

/**
 * After waiting `waitMs` (a call cancelled meanwhile fails), the last `lines` lines of the job's newest `maxBytes` of
 * output, how many lines those bytes hold, and the job.
 */
export async function newestLines(
  shell: ShellEngine,
  ctx: ShellContext & { signal: AbortSignal },
  id: string,
  o: { waitMs: number; maxBytes: number; lines: number },
) {
  await pause(o.waitMs, ctx.signal);
  const t = await shell.tail(ctx, id, o.maxBytes);
  return { ...lastLines(t.text, o.lines), job: t.job };
}
