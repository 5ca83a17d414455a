// Claude Code's TodoWrite: the whole list replaced on every call.
import type { TodoItem } from '../../engine/index.js';
import { numberedTodos, todoHost } from '../kit/todos/todo-list.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { closed } from './render.js';

const STATUSES = ['pending', 'in_progress', 'completed'] as const;

const TEXT = { type: 'string', minLength: 1 };
const ITEM = ['content', 'status', 'activeForm'];

interface Args {
  todos: Array<{ content: string; status: (typeof STATUSES)[number]; activeForm: string }>;
}

export const todoWrite = defineTool<Args, TodoItem[]>({
  name: 'TodoWrite',
  summary: 'Replace the session todo list (content, status, activeForm per item) to plan and track multi-step work.',
  description: [
    'Sends the complete todo list; it replaces the previous one. Each item has content (what to do, imperative),',
    'activeForm (the same in the present continuous, shown while it runs) and status: pending, in_progress or',
    'completed. Keep one item in_progress at a time and mark items completed as soon as they are done. Use it for',
    'tasks of three or more steps; it changes no files.',
  ],
  schema: closed(
    {
      todos: {
        type: 'array',
        items: closed({ content: TEXT, status: { type: 'string', enum: [...STATUSES] }, activeForm: TEXT }, ITEM),
      },
    },
    ['todos'],
  ),
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Plan a bug fix',
      arguments: {
        todos: [
          { content: 'Reproduce the failing test', status: 'in_progress', activeForm: 'Reproducing the failing test' },
          { content: 'Fix the parser', status: 'pending', activeForm: 'Fixing the parser' },
        ],
      },
      expectedOutcome: 'Todos have been modified successfully. ...',
    },
  ],
  idempotency: 'idempotent',
  errorModes:
    'INVALID_ARGUMENT (<tool_use_error>): an item misses content, status or activeForm, has an empty one, or an unknown status. The list is unchanged.',
  call: async (args, c) => c.engine.todos.replace(c, numberedTodos(args.todos), { statuses: STATUSES }),
  format: (list) => ({
    text: 'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable',
    host: todoHost(list),
  }),
});
