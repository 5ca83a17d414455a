// tracker_list_tasks: the session's tracker tasks, one "- [id] title (status)" line each,
// filtered by status, type or parent.
import type { ArgsOf } from '../kit/args/schema-args.js';
import { defineTool } from '../common/define.js';
import { object } from '../gemini-family/schema.js';
import { TAGS } from '../tags.js';
import { STATUSES, TRACKER_TAGS, trackerErrors, trackerHost, trackerTasks, TYPES } from './tracker.js';

const schema = object({
  status: { type: 'string', enum: [...STATUSES] },
  type: { type: 'string', enum: [...TYPES] },
  parentId: 'string',
});
type Args = ArgsOf<typeof schema>;

export const trackerListTasks = defineTool<Args>({
  name: 'tracker_list_tasks',
  summary: "List the tasks of the session's task tracker, by status, type or parent if asked.",
  description: [
    'One line per task, "- [<id>] <title> (<status>)", in the order they were created. status (open, in_progress,',
    'blocked, closed), type (epic, task, bug) and parentId keep only the tasks that match all those given.',
  ],
  schema,
  tags: [...TRACKER_TAGS, TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'What is still open',
      arguments: { status: 'open' },
      expectedOutcome: '- [3fa2c1] Fix the parser crash (open)',
    },
  ],
  errorModes: 'None: no match is answered "No tasks found matching the criteria."',
  errors: trackerErrors,
  async call(a, c) {
    const tasks = trackerTasks(c).filter(
      (t) =>
        (!a.status || t.status === a.status) &&
        (!a.type || t.type === a.type) &&
        (!a.parentId || t.parentId === a.parentId),
    );
    if (tasks.length === 0)
      return { text: 'No tasks found matching the criteria.', host: { summary: 'No matching tasks.' } };
    return {
      text: tasks.map((t) => `- [${t.id}] ${t.title} (${t.status})`).join('\n'),
      host: trackerHost(c, `${tasks.length} tasks`),
    };
  },
});
