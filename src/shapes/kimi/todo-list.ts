// TodoList (Kimi Code 2.1.0): replaces the session's todo list, clears it with [], and shows it
// when todos is left out.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeOk } from './errors.js';

const STATUSES = ['pending', 'in_progress', 'done'] as const;
type Item = { title: string; status: (typeof STATUSES)[number] };

const REMINDER =
  'Ensure that you continue to use the todo list to track progress. Mark tasks done immediately after finishing them, and keep exactly one task in_progress when work is underway.';

const listed = (items: ReadonlyArray<{ content: string; status: string }>) =>
  ['Current todo list:', ...items.map((t) => `  [${t.status}] ${t.content}`)].join('\n');

export const todoListTool = defineTool<{ todos?: Item[] }>({
  name: 'TodoList',
  summary: "Set the session's todo list (the whole list each time; [] clears it); call without todos to read it.",
  description: [
    "Keeps the session's todo list for work of several steps. `todos` replaces the whole list: each item has a title and a",
    'status (pending, in_progress or done); [] clears it; leave todos out to read the list back. Keep exactly one item',
    'in_progress while you work and mark items done as soon as they are.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      todos: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            title: { type: 'string', minLength: 1 },
            status: { type: 'string', enum: [...STATUSES] },
          },
          required: ['title', 'status'],
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
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
      expectedOutcome: 'Todo list updated. and the list.',
    },
    { description: 'Read the list back', arguments: {}, expectedOutcome: 'Current todo list: and the items.' },
  ],
  idempotency: 'idempotent',
  errorModes:
    'INVALID_ARGUMENT: an item without a title, with an unknown status or another field (the list is left as it was).',
  async call(args, c) {
    if (args.todos === undefined) {
      const list = c.engine.todos.get(c);
      return codeOk(listed(list), { counts: { items: list.length }, details: { todos: list } });
    }
    const items = args.todos.map((t, i) => ({ id: String(i + 1), content: t.title, status: t.status }));
    const list = c.engine.todos.replace(c, items, { statuses: STATUSES });
    const host = { summary: `${list.length} todos`, counts: { items: list.length }, details: { todos: list } };
    if (list.length === 0) return codeOk('Todo list cleared.', host);
    return codeOk(`Todo list updated.\n${listed(list)}\n\n${REMINDER}`, host);
  },
});
