// Claude Code's TaskUpdate: one change to a task (fields, status or "deleted", owner, metadata
// merged with null deleting a key, dependency edges kept on both tasks), answered with the
// names of the fields it changed.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { toolUseError } from './errors.js';
import { closed } from './render.js';
import { METADATA } from './task-create.js';
import { missingParameters, TASK_NOT_FOUND, taskHost } from './task-words.js';

const STATUSES = ['pending', 'in_progress', 'completed'] as const;

interface Args {
  taskId: string;
  subject?: string;
  description?: string;
  activeForm?: string;
  status?: (typeof STATUSES)[number] | 'deleted';
  addBlocks?: string[];
  addBlockedBy?: string[];
  owner?: string;
  metadata?: Record<string, unknown>;
}

const IDS = { type: 'array', items: { type: 'string' } };

/** Claude Code's validator output for a status outside the union, as it prints it. */
const BAD_STATUS = toolUseError(
  `InputValidationError: ${JSON.stringify(
    [
      {
        code: 'invalid_union',
        errors: [
          [
            {
              code: 'invalid_value',
              values: [...STATUSES],
              path: [],
              message: `Invalid option: expected one of ${STATUSES.map((s) => `"${s}"`).join('|')}`,
            },
          ],
          [{ code: 'invalid_value', values: ['deleted'], path: [], message: 'Invalid input: expected "deleted"' }],
        ],
        path: ['status'],
        message: 'Invalid input',
      },
    ],
    null,
    2,
  )}`,
);

export const taskUpdate = defineTool<Args>({
  name: 'TaskUpdate',
  summary: 'Change a task: status (or deleted), subject, description, owner, metadata, or its dependencies.',
  description: [
    'Changes task taskId. status is pending, in_progress or completed, or deleted to remove the task (its id is not',
    'reused). metadata is merged key by key; a null value deletes its key. addBlocks lists tasks this one blocks and',
    'addBlockedBy tasks that block it; each edge is kept on both tasks, and a cycle is refused. owner names who works',
    'on it. The answer names the fields that changed ("Updated task #1 status"); an unknown id answers "Task not found".',
  ],
  schema: closed(
    {
      taskId: 'string',
      subject: 'string',
      description: 'string',
      activeForm: 'string',
      status: {
        anyOf: [
          { type: 'string', enum: [...STATUSES] },
          { type: 'string', const: 'deleted' },
        ],
      },
      addBlocks: IDS,
      addBlockedBy: IDS,
      owner: 'string',
      metadata: METADATA,
    },
    ['taskId'],
  ),
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Start a task',
      arguments: { taskId: '1', status: 'in_progress' },
      expectedOutcome: 'Updated task #1 status',
    },
    {
      description: 'Make task 2 wait for task 1',
      arguments: { taskId: '2', addBlockedBy: ['1'] },
      expectedOutcome: 'Updated task #2 blockedBy',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'Not an error: an unknown id answers "Task not found".',
    "INVALID_ARGUMENT (<tool_use_error>): taskId missing; a status outside pending, in_progress, completed and deleted (the validator's union error).",
    'INVALID_ARGUMENT: a dependency on an unknown task or on itself, or one that would make a cycle. Nothing is changed.',
  ],
  errors(err) {
    const v = err.facts.violations as Array<{ field: string }> | undefined;
    if (v?.some((x) => x.field === 'status')) return BAD_STATUS;
    return missingParameters(err, 'TaskUpdate');
  },
  call: async (a, c) => {
    if (!c.engine.tasks.find(c, a.taskId))
      return { text: TASK_NOT_FOUND, host: taskHost(undefined, `No task ${a.taskId}`) };
    const { taskId, ...change } = a;
    const r = c.engine.tasks.update(c, taskId, change);
    const text = r.deleted ? `Updated task #${taskId} deleted` : `Updated task #${taskId} ${r.changed.join(', ')}`;
    return { text, host: taskHost(r.task, r.deleted ? `Deleted task #${taskId}` : `Updated task #${taskId}`) };
  },
});
