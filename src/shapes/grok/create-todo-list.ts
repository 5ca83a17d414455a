// create_todo_list: replaces the session's todo list.
import { todoItems } from '../kit/todos/todo-list.js';
import { TAGS } from '../tags.js';
import { defineTool } from '../common/define.js';
import { itemProps, type Priority, RULES, type Status, todoReply } from './todos.js';

interface Args {
  todos: Array<{ id: string; content: string; status: Status; priority: Priority }>;
}

export const createTodoList = defineTool<Args>({
  name: 'create_todo_list',
  summary: 'Start a todo list for a multi-step task (replaces any list); each item has id, content, status, priority.',
  description: [
    "Replaces the session's todo list with `todos`. Every item needs an id (unique, used by update_todo_list), content, status (pending, in_progress,",
    'completed) and priority (high, medium, low). Answers with the list as coloured lines: ○ pending, ◐ in progress, ● completed (struck through).',
  ],
  schema: {
    type: 'object',
    properties: {
      todos: {
        type: 'array',
        items: { type: 'object', properties: itemProps, required: ['id', 'content', 'status', 'priority'] },
      },
    },
    required: ['todos'],
  },
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Plan a fix',
      arguments: {
        todos: [
          { id: '1', content: 'Reproduce the bug', status: 'in_progress', priority: 'high' },
          { id: '2', content: 'Write the fix', status: 'pending', priority: 'medium' },
        ],
      },
      expectedOutcome: 'The two items as coloured lines.',
    },
  ],
  idempotency: 'idempotent',
  errorModes:
    'INVALID_ARGUMENT: a missing field, an unknown status or priority, empty content, or two items with the same id (the list is left as it was).',
  call: async (args, c) =>
    todoReply(c.engine.todos.replace(c, todoItems(args.todos, ['id', 'content', 'status', 'priority']), RULES)),
});
