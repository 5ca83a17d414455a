// Claude Code's TaskGet: one task's subject, status and description, and the tasks it blocks or
// that still block it (completed blockers are no longer listed).
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { closed } from './render.js';
import { ids, missingParameters, TASK_NOT_FOUND, taskHost } from './task-words.js';

interface Args {
  taskId: string;
}

export const taskGet = defineTool<Args>({
  name: 'TaskGet',
  summary: 'Show one task of the session: subject, status, description and what it blocks or is blocked by.',
  description: [
    'Returns task taskId as "Task #N: subject", then its status and description, then "Blocks: #..." and "Blocked by:',
    '#..." when it has open dependencies (a completed blocker is no longer listed). An unknown id answers "Task not',
    'found".',
  ],
  schema: closed({ taskId: 'string' }, ['taskId']),
  tags: [TAGS.planning, TAGS.readOnly],
  examples: [
    {
      description: 'Look at task 2',
      arguments: { taskId: '2' },
      expectedOutcome: 'Task #2: Fix bug\nStatus: pending\nDescription: Fix the off-by-one\nBlocked by: #1',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'Not an error: an unknown id answers "Task not found".',
    'INVALID_ARGUMENT (<tool_use_error>): taskId missing.',
  ],
  errors: (err) => missingParameters(err, 'TaskGet'),
  call: async (a, c) => {
    const t = c.engine.tasks.find(c, a.taskId);
    if (!t) return { text: TASK_NOT_FOUND, host: taskHost(undefined, `No task ${a.taskId}`) };
    const lines = [`Task #${t.id}: ${t.subject}`, `Status: ${t.status}`, `Description: ${t.description}`];
    if (t.openBlocks.length > 0) lines.push(`Blocks: ${ids(t.openBlocks)}`);
    if (t.openBlockedBy.length > 0) lines.push(`Blocked by: ${ids(t.openBlockedBy)}`);
    return { text: lines.join('\n'), host: taskHost(t, `Task #${t.id}: ${t.status}`) };
  },
});
