// grok-dev's background processes over the engine's jobs: numbered 1, 2, 3… in the session, at
// most 8 running, commands shortened to one line with "…". Used by bash (background=true) and
// process_logs, process_stop and process_list.
import { engineFailure, type JobSnapshot } from '../../engine/index.js';
import type { Call, Reply } from '../common/define.js';
import { devFail, devOk } from './dev-result.js';

export const MAX_RUNNING = 8;

/** A command on one line, at most `max` characters (the last one "…" when cut). */
export function oneLine(command: string, max: number): string {
  const line = command.replace(/\n/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/** The session's background process numbered `id`, or the failure grok-dev answers when there is none. */
export function processNumbered(c: Call, id: number): JobSnapshot | Reply {
  const job = c.engine.shell.jobs(c).find((j) => j.number === id);
  if (job) return job;
  const known = c.engine.shell.jobs(c).map((j) => String(j.number));
  return devFail(
    `No background process with id ${id}.`,
    engineFailure('job_missing', `no job ${id}`, { job: String(id), known }),
  );
}

export const isReply = (x: JobSnapshot | Reply): x is Reply => 'text' in x;

/** Starts `command` as a background process of the session, unless 8 already run. */
export async function startBackground(c: Call, command: string): Promise<Reply> {
  const running = c.engine.shell.jobs(c).filter((j) => j.status === 'running').length;
  if (running >= MAX_RUNNING) {
    return devFail(
      `Too many background processes (${running}/${MAX_RUNNING}). Stop one first with process_stop.`,
      engineFailure('too_many_jobs', `${running} background processes run`, { running, limit: MAX_RUNNING }),
    );
  }
  const job = await c.engine.shell.start(c, { command });
  const id = job.number;
  return devOk(
    [
      `Background process started (id: ${id}, pid: ${job.pid})`,
      `Command: ${oneLine(command, 80)}`,
      `Use process_logs(${id}) to view output, process_stop(${id}) to terminate.`,
    ].join('\n'),
    { backgroundProcess: { id, pid: job.pid, command } },
    { summary: `Started background process ${id}`, details: { id, pid: job.pid, logPath: job.logPath } },
  );
}

/** How long ago a process started, as grok-dev shows it: 5s, 2m5s, 1h2m. */
export function age(startedAt: number, now: number): string {
  const sec = Math.round((now - startedAt) / 1000);
  if (sec < 60) return `${sec}s`;
  const min = Math.floor(sec / 60);
  if (min < 60) return `${min}m${sec % 60}s`;
  return `${Math.floor(min / 60)}h${min % 60}m`;
}
