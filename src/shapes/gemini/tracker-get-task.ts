// tracker_get_task: one task of the session's tracker as JSON (2-space indent); an unknown id is
// answered, not failed, as the vendor answers it.
import { defineTool } from '../common/define.js';
import { object } from '../gemini-family/schema.js';
import { TAGS } from '../tags.js';
import { findTracked, TRACKER_TAGS, trackerErrors, trackerHost } from './tracker.js';

const schema = object({ id: 'string' }, ['id']);

export const trackerGetTask = defineTool<{ id: string }>({
  name: 'tracker_get_task',
  summary: "Show one task of the session's task tracker (title, description, type, status, parent, dependencies).",
  description: [
    'Answers the task with this id as JSON: id, title, description, type, status, parentId when it has a parent, and',
    'dependencies (the ids it waits on). An id the tracker does not have is answered "Task <id> not found."',
  ],
  schema,
  tags: [...TRACKER_TAGS, TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'Look at a task',
      arguments: { id: '3fa2c1' },
      expectedOutcome: '{\n  "id": "3fa2c1",\n  "title": "Fix the parser crash",\n  ...\n}',
    },
  ],
  errorModes: 'None: an unknown id is answered "Task <id> not found." (not a failure).',
  errors: trackerErrors,
  async call(a, c) {
    const t = findTracked(c, a.id);
    if (!t) return { text: `Task ${a.id} not found.`, host: { summary: 'Task not found.' } };
    return { text: JSON.stringify(t, null, 2), host: trackerHost(c, `Task ${t.id}`) };
  },
});
