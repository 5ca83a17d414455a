// plan.todos: the session's plan, replaced whole, changed by id, or read back.
import { EngineError, type TodoItem } from '../../engine/index.js';
import { type ArgsOf, defineTool, plural, TAGS } from './shared.js';

const STATUSES = ['pending', 'in_progress', 'completed', 'cancelled', 'blocked'] as const;
const RULES = { statuses: STATUSES, inProgress: { status: 'in_progress', max: 1 }, uniqueIds: true };

const ITEM_PROPS = {
  id: { type: 'string', minLength: 1, maxLength: 100 },
  content: { type: 'string', minLength: 1, maxLength: 2000 },
  status: { type: 'string', enum: [...STATUSES] },
  priority: { type: 'string', enum: ['high', 'medium', 'low'] },
} as const;
const items = <R extends string>(required: readonly R[]) =>
  ({
    type: 'array',
    maxItems: 500,
    items: { type: 'object', properties: ITEM_PROPS, required, additionalProperties: false },
  }) as const;

const schema = {
  type: 'object',
  properties: { updates: items(['id']), todos: items(['content', 'status']) },
  additionalProperties: false,
} as const;

export const todosTool = defineTool<ArgsOf<typeof schema>, TodoItem[]>({
  name: 'plan.todos',
  summary:
    'Keep a todo list for a multi-step task: replace it with `todos`, change items by id with `updates`, or read it.',
  description: [
    'The session keeps one todo list. Passing `todos` replaces the whole list (an empty array clears it);',
    'omitting it returns the current list. Statuses: pending, in_progress, completed, cancelled, blocked;',
    'at most one item may be in_progress. Ids are generated (1, 2, ...) when not given and must be unique.',
    '`updates` changes the status, text or priority of items by id and leaves the others as they are (all or nothing).',
    'Use it for work of three or more steps; it does nothing to files.',
  ],
  schema,
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Plan a fix',
      arguments: {
        todos: [
          { content: 'Reproduce the bug', status: 'in_progress' },
          { content: 'Write the fix', status: 'pending' },
        ],
      },
      expectedOutcome: 'The list, numbered, with statuses.',
    },
    { description: 'Read the plan back', arguments: {}, expectedOutcome: 'The current list.' },
    {
      description: 'Mark the first item done and start the second',
      arguments: {
        updates: [
          { id: '1', status: 'completed' },
          { id: '2', status: 'in_progress' },
        ],
      },
      expectedOutcome: 'The list with both changes.',
    },
  ],
  idempotency: 'idempotent',
  errorModes:
    'INVALID_ARGUMENT: two items in_progress, duplicate ids, an unknown status, or both todos and updates (nothing is changed). NOT_FOUND: an update names an unknown id (nothing is changed).',
  async call(args, c) {
    if (args.todos !== undefined && args.updates !== undefined) {
      throw new EngineError(
        'invalid_argument',
        'pass either todos (the whole new list) or updates (changes by id), not both',
        { field: 'updates' },
      );
    }
    if (args.updates !== undefined) return c.engine.todos.update(c, args.updates, RULES);
    if (args.todos === undefined) return c.engine.todos.get(c);
    const todos = args.todos.map((t, i) => ({
      id: t.id ?? String(i + 1),
      content: t.content,
      status: t.status,
      priority: t.priority,
    }));
    return c.engine.todos.replace(c, todos, RULES);
  },
  format(list) {
    const text =
      list.length === 0 ? 'The todo list is empty.' : list.map((t) => `${t.id}. [${t.status}] ${t.content}`).join('\n');
    const done = list.filter((t) => t.status === 'completed').length;
    const host = {
      summary: `${plural(list.length, 'item')}, ${done} completed`,
      counts: { items: list.length, completed: done },
      details: { todos: list },
    };
    return { text, data: { todos: list }, host };
  },
});
