// tracker_add_dependency: task taskId waits on task dependencyId. Unknown ids are answered, not
// failed, as the vendor answers them; a task depending on itself, or a cycle, is refused.
import { defineTool } from '../common/define.js';
import { object } from '../gemini-family/schema.js';
import { findTracked, TRACKER_TAGS, trackerErrors, trackerFailure, trackerHost } from './tracker.js';

const schema = object({ taskId: 'string', dependencyId: 'string' }, ['taskId', 'dependencyId']);

export const trackerAddDependency = defineTool<{ taskId: string; dependencyId: string }>({
  name: 'tracker_add_dependency',
  summary: 'Make one tracker task depend on another (it cannot be closed before that one is).',
  description: [
    'Adds dependencyId to the dependencies of taskId and answers "Linked <taskId> -> <dependencyId>.". A task that',
    'depends on itself, or a link that would close a cycle, is refused; an unknown id is answered with "not found".',
  ],
  schema,
  tags: TRACKER_TAGS,
  idempotency: 'idempotent',
  examples: [
    {
      description: 'The release waits on the fix',
      arguments: { taskId: '9b0e44', dependencyId: '3fa2c1' },
      expectedOutcome: 'Linked 9b0e44 -> 3fa2c1.',
    },
  ],
  errorModes: [
    'execution_failed: "Task cannot depend on itself"; "Circular dependency detected involving task <id>.".',
    'Not failures: "Task <id> not found." and "Dependency task <id> not found." for ids the tracker does not have.',
  ],
  errors: trackerErrors,
  async call(a, c) {
    if (a.taskId === a.dependencyId) throw trackerFailure('invalid_argument', 'Task cannot depend on itself');
    const task = findTracked(c, a.taskId);
    if (!task) return { text: `Task ${a.taskId} not found.`, host: { summary: 'Task not found.' } };
    if (!findTracked(c, a.dependencyId))
      return { text: `Dependency task ${a.dependencyId} not found.`, host: { summary: 'Dependency not found.' } };
    c.engine.tasks.update(c, task.id, { setBlockedBy: [...new Set([...task.dependencies, a.dependencyId])] });
    return {
      text: `Linked ${task.id} -> ${a.dependencyId}.`,
      host: trackerHost(c, `Linked ${task.id} -> ${a.dependencyId}`),
    };
  },
});
