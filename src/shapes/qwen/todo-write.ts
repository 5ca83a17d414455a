// todo_write: the whole list with ids each call, answered with the list as JSON inside a
// system reminder, as Qwen's models expect.
import { requireTodoIds, type TodoItem } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { CLOSED, object } from '../gemini-family/schema.js';
import { todoListReply } from '../gemini-family/todos.js';

const STATUSES = ['pending', 'in_progress', 'completed'] as const;
const MAX_ID = 500;
const CLEARED =
  'Todo list has been cleared.\n\n<system-reminder>\nYour todo list is now empty. DO NOT mention this explicitly to the user. There are no pending tasks in it.\n</system-reminder>';

const schema = object(
  {
    todos: {
      type: 'array',
      items: object(
        { content: { type: 'string', minLength: 1 }, status: { type: 'string', enum: [...STATUSES] }, id: 'string' },
        ['content', 'status', 'id'],
        CLOSED,
      ),
    },
  },
  ['todos'],
);
type Args = ArgsOf<typeof schema>;

export const todoWrite = defineTool<Args, TodoItem[]>({
  name: 'todo_write',
  summary: "Replace the session's todo list (id, content, status per item) to plan and track multi-step work.",
  description: [
    'Sends the complete list each time; it replaces the previous one. Items have a unique id, content and a status',
    '(pending, in_progress, completed). The answer confirms the change and repeats the list as JSON in a system',
    'reminder. An empty list clears it. Use it for tasks of three or more steps and keep it current as you work.',
  ],
  schema,
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Plan a feature',
      arguments: {
        todos: [
          { id: '1', content: 'Write the parser', status: 'in_progress' },
          { id: '2', content: 'Add tests', status: 'pending' },
        ],
      },
      expectedOutcome: 'Todos have been modified successfully, with the list as JSON.',
    },
  ],
  idempotency: 'idempotent',
  errorModes:
    'invalid_tool_params (INVALID_ARGUMENT): two items with the same id, an empty or over-500-character id, empty content, or an unknown status; the list is left unchanged.',
  call(args, c) {
    requireTodoIds(args.todos, MAX_ID);
    const items = args.todos.map((t) => ({ id: t.id, content: t.content, status: t.status }));
    return Promise.resolve(c.engine.todos.replace(c, items, { statuses: STATUSES, uniqueIds: true }));
  },
  format(items, args) {
    // The items as the model sent them, keys in its order, as Qwen echoes its parameters.
    const updated = `Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable\n\n<system-reminder>\nYour todo list has changed. DO NOT mention this explicitly to the user. Here are the latest contents of your todo list: \n\n${JSON.stringify(args.todos)}. Continue on with the tasks at hand if applicable.\n</system-reminder>`;
    return todoListReply(items, items, CLEARED, updated);
  },
});
