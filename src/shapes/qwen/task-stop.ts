// task_stop: stops a background shell (bg_...) or a monitor (mon_...) of this session by its task id.
import type { JobSnapshot } from '../../engine/index.js';
import { endedBy, jobNamed } from '../kit/shell/jobs.js';
import { defineTool } from '../common/define.js';
import { shapeError } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { TASK_PREFIX } from './run-shell-command.js';

/** The prefix of a monitor's id. */
export const MONITOR_PREFIX = 'mon_';
import { CLOSED, object } from '../gemini-family/schema.js';

export const taskStop = defineTool<{ task_id: string }, JobSnapshot>({
  name: 'task_stop',
  summary: 'Stop a background shell started with run_shell_command is_background, by its task id (bg_...).',
  description:
    'Kills the whole process group of the background shell `task_id` (as returned by run_shell_command with is_background: true): TERM first, then KILL after a short grace, so nothing it started survives. Reports the pid it stopped. Only shells of this session can be stopped, and a shell that has already exited is reported as such rather than stopped again. Not for foreground commands: those end with their own timeout.',
  schema: object({ task_id: 'string' }, ['task_id'], CLOSED),
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Stop a dev server',
      arguments: { task_id: 'bg_1a2b3c4d' },
      expectedOutcome: 'The task is stopped, or task_stop_not_found for an unknown id.',
    },
  ],
  // Not idempotent: Qwen Code answers a second stop with its task_stop_not_running error.
  idempotency: 'side_effecting',
  errorModes: [
    'task_stop_not_found (NOT_FOUND): no background shell with that id in this session.',
    'task_stop_not_running (PRECONDITION_FAILED): it has already exited; nothing to stop.',
  ],
  call({ task_id }, c) {
    // Monitors (0.24.4) are jobs too, named mon_<id>.
    const prefix = task_id.startsWith(MONITOR_PREFIX) ? MONITOR_PREFIX : TASK_PREFIX;
    const job = jobNamed(c.engine.shell, c, task_id, prefix);
    const facts = { task_id };
    if (!job)
      throw shapeError(
        'not_found',
        `No background task with id ${task_id} in this session`,
        'task_stop_not_found',
        facts,
        'task_id',
      );
    if (job.status !== 'running') {
      const ended = endedBy(job, { code: (n) => `exit code ${n}`, signal: (s) => s }, job.status);
      throw shapeError(
        'precondition_failed',
        `Task ${task_id} is not running (it ended with ${ended})`,
        'task_stop_not_running',
        facts,
        'task_id',
      );
    }
    return c.engine.shell.stop(c, job.id);
  },
  format(s, { task_id }) {
    const text = `Stopped task ${task_id} (pid ${s.pid}).`;
    return {
      text,
      host: { summary: text, signal: s.signal, exitCode: s.exitCode, details: { task_id, status: s.status } },
    };
  },
});
