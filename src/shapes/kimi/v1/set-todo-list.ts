// SetTodoList: replaces the session's todo list, clears it with [], and reads it back when
// todos is null or left out.
import { defineTool } from '../../common/define.js';
import { TAGS } from '../../tags.js';
import { kimiOk } from './errors.js';
import { nullable } from './files.js';

const STATUSES = ['pending', 'in_progress', 'done'] as const;
const ITEM = { title: { minLength: 1, type: 'string' }, status: { enum: [...STATUSES], type: 'string' } };

export const setTodoListTool = defineTool<{
  todos?: Array<{ title: string; status: (typeof STATUSES)[number] }> | null;
}>({
  name: 'SetTodoList',
  summary: 'Set the todo list of a multi-step task (the whole list each time); call without todos to read it back.',
  description: [
    "Keeps the session's todo list. `todos` replaces the whole list: each item has a title and a status (pending, in_progress or done); [] clears it. Leave",
    'todos out (or null) to get the current list as "- [status] title" lines. Use it for tasks of several steps and keep the statuses current.',
  ],
  schema: {
    properties: {
      todos: nullable({ items: { properties: ITEM, required: ['title', 'status'], type: 'object' }, type: 'array' }),
    },
    type: 'object',
  },
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Plan three steps',
      arguments: {
        todos: [
          { title: 'Reproduce the bug', status: 'in_progress' },
          { title: 'Fix it', status: 'pending' },
          { title: 'Run the tests', status: 'pending' },
        ],
      },
      expectedOutcome: 'Todo list updated',
    },
    { description: 'Read the list back', arguments: {}, expectedOutcome: 'Current todo list: and one line per item.' },
    { description: 'Clear the list', arguments: { todos: [] }, expectedOutcome: 'Todo list updated' },
  ],
  idempotency: 'idempotent',
  errorModes: 'INVALID_ARGUMENT: an item without a title or with an unknown status (the list is left as it was).',
  async call(args, c) {
    if (args.todos == null) {
      const list = c.engine.todos.get(c);
      const text =
        list.length === 0
          ? 'Todo list is empty.'
          : ['Current todo list:', ...list.map((t) => `- [${t.status}] ${t.content}`)].join('\n');
      return kimiOk('', text, { counts: { items: list.length }, details: { todos: list } });
    }
    const items = args.todos.map((t, i) => ({ id: String(i + 1), content: t.title, status: t.status }));
    const list = c.engine.todos.replace(c, items, { statuses: STATUSES });
    return kimiOk('Todo list updated', 'Todo list updated', {
      summary: `${list.length} todos`,
      counts: { items: list.length },
      details: { todos: list },
    });
  },
});
