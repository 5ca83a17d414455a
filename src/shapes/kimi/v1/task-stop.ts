// TaskStop: kills a background task's process group and keeps the reason for TaskList and TaskOutput.
import { defineTool } from '../../common/define.js';
import { TAGS } from '../../tags.js';
import { kimiOk } from './errors.js';
import { reasons, taskHost, taskText } from './tasks.js';

export const taskStopTool = defineTool<{ task_id: string; reason?: string }>({
  name: 'TaskStop',
  summary: 'Stop a background task (its whole process group) by task_id.',
  description: [
    'Kills a background task and everything it started (TERM, then KILL). Stopping a task that already ended is harmless. The reason (default "Stopped by',
    'TaskStop") is kept and shown by TaskList and TaskOutput. Returns the task summary lines.',
  ],
  schema: {
    properties: { task_id: { type: 'string' }, reason: { default: 'Stopped by TaskStop', type: 'string' } },
    required: ['task_id'],
    type: 'object',
  },
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Stop a dev server',
      arguments: { task_id: 'a1b2c3d4', reason: 'no longer needed' },
      expectedOutcome: 'Task stop requested, with the task lines.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: 'NOT_FOUND: no task with that id in this session (TaskList shows them).',
  async call(args, c) {
    const before = c.engine.shell.job(c, args.task_id);
    if (before.status === 'running') reasons(c).set(before.id, args.reason ?? 'Stopped by TaskStop');
    const j = await c.engine.shell.stop(c, before.id);
    return kimiOk('Task stop requested.', taskText(j, c).join('\n'), {
      ...taskHost(j),
      summary: `Stopped task ${j.id}`,
    });
  },
});
