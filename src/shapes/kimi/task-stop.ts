// TaskStop (Kimi Code 2.1.0): stops a running task (its whole process group) and keeps the
// reason; a task that already ended is reported as it is.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeOk } from './errors.js';
import { jobIdOf, statusOf, taskFacts, taskHost, taskIdOf, wallSeconds } from './task-words.js';

const DEFAULT_REASON = 'Stopped by TaskStop';

export const taskStopTool = defineTool<{ task_id: string; reason?: string }>({
  name: 'TaskStop',
  summary: 'Stop a running background task (its whole process group) by task_id, with a reason.',
  description: [
    'Stops a background task and everything it started; reason (default "Stopped by TaskStop") is kept with it and shown',
    'by TaskList and TaskOutput. A task that already ended is left as it is ("Task already in terminal state"). A stopped',
    'task sends no completion notification.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { task_id: { type: 'string' }, reason: { default: DEFAULT_REASON, type: 'string' } },
    required: ['task_id'],
    additionalProperties: false,
  },
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Stop a dev server',
      arguments: { task_id: 'bash-a1b2c3d4', reason: 'no longer needed' },
      expectedOutcome: 'task_id, status: killed and the reason.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: 'NOT_FOUND: "Task not found: <id>" (TaskList shows the tasks there are).',
  async call(args, c) {
    const before = c.engine.shell.job(c, jobIdOf(args.task_id));
    let reason = 'Task already in terminal state';
    let j = before;
    if (before.status === 'running') {
      reason = args.reason?.trim() ? args.reason : DEFAULT_REASON;
      taskFacts(c).reasons.set(before.id, reason);
      taskFacts(c).delivered.add(before.id);
      j = await c.engine.shell.stop(c, before.id);
    }
    const text = [
      wallSeconds(j.durationMs),
      `task_id: ${taskIdOf(j.id)}`,
      `status: ${statusOf(j)}`,
      `reason: ${reason}`,
    ];
    return codeOk(text.join('\n'), { ...taskHost(j), summary: `Stopped task ${taskIdOf(j.id)}` });
  },
});
