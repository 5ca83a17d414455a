// Kimi CLI's SetTodoList: replaces the session's todo list, clears it with [], and reads it
// back when todos is null or left out.
import { getTodos, replaceTodos } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { TAGS } from '../tags.js';
import { kimiMessage } from './errors.js';
import { framed, kimiOk } from './result.js';

const STATUSES = ['pending', 'in_progress', 'done'] as const;
const RULES = { statuses: STATUSES };

interface TodoArgs {
  todos?: Array<{ title: string; status: (typeof STATUSES)[number] }> | null;
}

export const setTodoList: ToolDefinition<TodoArgs> = {
  name: 'SetTodoList',
  summary: 'Set the todo list of a multi-step task (the whole list each time); call without todos to read it back.',
  description: [
    "Keeps the session's todo list. `todos` replaces the whole list: each item has a title and a status",
    '(pending, in_progress or done); [] clears it. Leave todos out (or null) to get the current list as',
    '"- [status] title" lines. Use it for tasks of several steps and keep the statuses current.',
  ].join(' '),
  inputSchema: {
    properties: {
      todos: {
        anyOf: [
          {
            items: {
              properties: {
                title: { minLength: 1, type: 'string' },
                status: { enum: [...STATUSES], type: 'string' },
              },
              required: ['title', 'status'],
              type: 'object',
            },
            type: 'array',
          },
          { type: 'null' },
        ],
        default: null,
      },
    },
    type: 'object',
  },
  destructive: false,
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
  async handler(args, ctx) {
    return framed(
      { tool: 'SetTodoList' },
      async () => {
        if (args.todos === undefined || args.todos === null) {
          const list = getTodos(ctx.session);
          const text = list.length === 0 ? 'Todo list is empty.' : ['Current todo list:', ...list.map((t) => `- [${t.status}] ${t.content}`)].join('\n');
          return kimiOk('', text, { tool: 'SetTodoList', counts: { items: list.length }, details: { todos: list } });
        }
        const list = replaceTodos(
          ctx.session,
          args.todos.map((t, i) => ({ id: String(i + 1), content: t.title, status: t.status })),
          RULES,
        );
        return kimiOk('Todo list updated', 'Todo list updated', {
          tool: 'SetTodoList',
          summary: `${list.length} todos`,
          counts: { items: list.length },
          details: { todos: list },
        });
      },
      kimiMessage,
    );
  },
};
