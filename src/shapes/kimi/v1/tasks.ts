// What Kimi's background-task tools share: a task's summary lines, the reason TaskStop gave,
// and the task in the host block.
import type { JobSnapshot } from '../../../engine/index.js';
import { endedBy } from '../../kit/shell/jobs.js';
import type { Call } from '../../common/define.js';

/** Why each stopped task was stopped (TaskStop's reason), per session. */
export const reasons = (c: Call) => c.session.bag<Map<string, string>>('kimi.taskReasons', () => new Map());

export const terminalReason = (j: JobSnapshot): string =>
  j.status === 'running'
    ? 'none'
    : j.status === 'killed'
      ? 'stopped'
      : j.status === 'timed_out'
        ? 'timed_out'
        : j.signal
          ? `signal ${j.signal}`
          : 'exited';

/** The summary lines of one task; `end` holds its exit_code and reason lines. */
export function taskLines(j: JobSnapshot, c: Call): { head: string[]; end: string[] } {
  const head = [
    `task_id: ${j.id}`,
    'kind: bash',
    `status: ${j.status}`,
    `description: ${j.description ?? ''}`,
    `command: ${j.command}`,
  ];
  const end =
    j.status !== 'running' ? [`exit_code: ${endedBy(j, { code: String, signal: (s) => `none (${s})` }, 'none')}`] : [];
  const reason = reasons(c).get(j.id);
  if (reason !== undefined) end.push(`reason: ${reason}`);
  return { head, end };
}

export const taskText = (j: JobSnapshot, c: Call): string[] => Object.values(taskLines(j, c)).flat();

export const taskHost = (j: JobSnapshot) => ({
  exitCode: j.exitCode,
  signal: j.signal,
  details: {
    task: {
      id: j.id,
      status: j.status,
      command: j.command,
      description: j.description ?? '',
      pid: j.pid,
      logPath: j.logPath,
    },
  },
});
