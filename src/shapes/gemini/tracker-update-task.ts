// tracker_update_task: a task's title, description, status or whole dependency list. A task
// closes only once every task it depends on is closed; a dependency list that would make a
// cycle is refused. Checked in the vendor's order, and nothing changes when one fails.
import type { ArgsOf } from '../kit/args/schema-args.js';
import { defineTool } from '../common/define.js';
import { object } from '../gemini-family/schema.js';
import {
  findTracked,
  STATUSES,
  statusChange,
  TRACKER_TAGS,
  trackerErrors,
  trackerFailure,
  trackerHost,
  trackerTask,
} from './tracker.js';

const schema = object(
  {
    id: 'string',
    title: 'string',
    description: 'string',
    status: { type: 'string', enum: [...STATUSES] },
    dependencies: { type: 'array', items: { type: 'string' } },
  },
  ['id'],
);
type Args = ArgsOf<typeof schema>;

export const trackerUpdateTask = defineTool<Args>({
  name: 'tracker_update_task',
  summary: "Change a tracker task's title, description, status (open, in_progress, blocked, closed) or dependencies.",
  description: [
    'Changes the fields given of the task with this id and answers "Updated task <id>. Status: <status>".',
    'dependencies replaces the whole list of ids the task waits on (tracker_add_dependency adds one). A task can be',
    'closed only when every task it depends on is closed; a list that would make a dependency cycle is refused.',
  ],
  schema,
  tags: TRACKER_TAGS,
  idempotency: 'idempotent',
  examples: [
    {
      description: 'Start a task',
      arguments: { id: '3fa2c1', status: 'in_progress' },
      expectedOutcome: 'Updated task 3fa2c1. Status: in_progress',
    },
  ],
  errorModes: [
    'execution_failed: "Task with ID <id> not found."; "Cannot close task <id> because dependency <dep> is still',
    '<status>." (close that one first); "Dependency <id> not found."; "Circular dependency detected involving task',
    '<id>."; nothing is changed.',
  ],
  errors: trackerErrors,
  async call(a, c) {
    const before = trackerTask(c.engine.tasks.get(c, a.id));
    const deps = a.dependencies ?? before.dependencies;
    if (a.status === 'closed' && before.status !== 'closed') {
      for (const dep of deps) {
        const d = findTracked(c, dep);
        if (!d) throw trackerFailure('not_found', `Dependency ${dep} not found for task ${a.id}.`);
        if (d.status !== 'closed')
          throw trackerFailure(
            'precondition_failed',
            `Cannot close task ${a.id} because dependency ${dep} is still ${d.status}.`,
          );
      }
    }
    const status = a.status !== undefined ? statusChange(a.status) : {};
    const r = c.engine.tasks.update(c, a.id, {
      ...(a.title !== undefined ? { subject: a.title } : {}),
      ...(a.description !== undefined ? { description: a.description } : {}),
      ...status,
      ...(a.dependencies !== undefined ? { setBlockedBy: a.dependencies } : {}),
    });
    const t = trackerTask(r.task!);
    return { text: `Updated task ${t.id}. Status: ${t.status}`, host: trackerHost(c, `Updated task ${t.id}`) };
  },
});
