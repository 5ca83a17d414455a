// tracker_create_task: a new open task of the session's tracker, with a 6-hex id.
import type { ArgsOf } from '../kit/args/schema-args.js';
import { defineTool } from '../common/define.js';
import { object } from '../gemini-family/schema.js';
import { findTracked, newTaskId, TRACKER_TAGS, trackerErrors, trackerFailure, trackerHost, TYPES } from './tracker.js';

const schema = object(
  {
    title: 'string',
    description: 'string',
    type: { type: 'string', enum: [...TYPES] },
    parentId: 'string',
    dependencies: { type: 'array', items: { type: 'string' } },
  },
  ['title', 'description', 'type'],
);
type Args = ArgsOf<typeof schema>;

export const trackerCreateTask = defineTool<Args>({
  name: 'tracker_create_task',
  summary: "Add a task (epic, task or bug) to the session's task tracker; returns its 6-character id.",
  description: [
    'Adds an open task to the task tracker of this session and answers "Created task <id>: <title>". The title says',
    'the objective in a line, the description the details and context. type is epic, task or bug; parentId puts it',
    'under an existing task; dependencies lists the ids of tasks that must be closed before this one can be.',
  ],
  schema,
  tags: TRACKER_TAGS,
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Track a bug',
      arguments: { title: 'Fix the parser crash', description: 'tokenize() fails on empty input', type: 'bug' },
      expectedOutcome: 'Created task 3fa2c1: Fix the parser crash',
    },
  ],
  errorModes: [
    'execution_failed: "Parent task with ID <id> not found." or "Dependency <id> not found." for ids the tracker',
    'does not have (tracker_list_tasks shows them); nothing is created.',
  ],
  errors: trackerErrors,
  async call(a, c) {
    if (a.parentId !== undefined && !findTracked(c, a.parentId))
      throw trackerFailure('not_found', `Parent task with ID ${a.parentId} not found.`);
    const t = c.engine.tasks.create(c, {
      id: newTaskId(c),
      subject: a.title,
      description: a.description,
      metadata: { type: a.type, ...(a.parentId !== undefined ? { parentId: a.parentId } : {}) },
      blockedBy: a.dependencies ?? [],
    });
    return { text: `Created task ${t.id}: ${t.subject}`, host: trackerHost(c, `Created task ${t.id}`) };
  },
});
