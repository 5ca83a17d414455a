// write_todos: the whole list each call, one task in progress at most.
import type { TodoItem } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { todosAs, todosFrom } from '../kit/todos/todo-list.js';
import { todoListReply } from '../gemini-family/todos.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { CLOSED, object } from '../gemini-family/schema.js';

const STATUSES = ['pending', 'in_progress', 'completed', 'cancelled', 'blocked'] as const;
/** Gemini's statuses, one task in progress at most. */
const RULES = { statuses: STATUSES, inProgress: { status: 'in_progress', max: 1 } };

const schema = object(
  {
    todos: {
      type: 'array',
      items: object(
        { description: 'string', status: { type: 'string', enum: [...STATUSES] } },
        ['description', 'status'],
        CLOSED,
      ),
    },
  },
  ['todos'],
  CLOSED,
);
type Args = ArgsOf<typeof schema>;

export const writeTodos = defineTool<Args, TodoItem[]>({
  name: 'write_todos',
  summary: "Replace the session's todo list (description + status per task) to plan and track multi-step work.",
  description: [
    'Sends the complete list every time; it replaces the previous one. Each task has a description and a status:',
    'pending, in_progress, completed, cancelled or blocked; at most one task may be in_progress. An empty list clears it.',
    'The answer repeats the list as "1. [status] description" lines. Use it for work of three or more steps.',
  ],
  schema,
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Plan a bug fix',
      arguments: {
        todos: [
          { description: 'Reproduce the bug', status: 'completed' },
          { description: 'Fix the parser', status: 'in_progress' },
          { description: 'Run the tests', status: 'pending' },
        ],
      },
      expectedOutcome: 'Successfully updated the todo list with the three tasks.',
    },
  ],
  idempotency: 'idempotent',
  errorModes:
    'invalid_tool_params (INVALID_ARGUMENT): an empty description, an unknown status, or more than one task in_progress; the list is left unchanged.',
  call: async (args, c) => c.engine.todos.replace(c, todosFrom(args.todos, 'description'), RULES),
  format(items) {
    const list = items.map((t, i) => `${i + 1}. [${t.status}] ${t.content}`).join('\n');
    const updated = `Successfully updated the todo list. The current list is now:\n${list}`;
    return todoListReply(items, todosAs(items, 'description'), 'Successfully cleared the todo list.', updated);
  },
});
