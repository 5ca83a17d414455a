// Grok CLI's todo tools: create_todo_list replaces the list, update_todo_list changes items
// by id (all updates or none, here). Both answer with the whole list as Grok CLI prints it:
// ANSI-coloured lines with a mark per status.
import { replaceTodos, type TodoItem, updateTodos } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { ok } from '../common/result.js';
import { str } from '../common/str.js';
import { TAGS } from '../tags.js';
import { grokMessage } from './text.js';

const STATUSES = ['pending', 'in_progress', 'completed'] as const;
const PRIORITIES = ['high', 'medium', 'low'] as const;
const RULES = { statuses: STATUSES, uniqueIds: true };
const RESET = '\x1b[0m';
const STYLE: Record<string, string> = {
  completed: '\x1b[32m\x1b[9m●',
  in_progress: '\x1b[36m◐',
  pending: '\x1b[37m○',
};

/** The list as Grok CLI renders it; items after the first are indented by two spaces. */
export function renderTodos(items: TodoItem[]): string {
  if (items.length === 0) return 'No todos created yet';
  return items.map((t, i) => `${i > 0 ? '  ' : ''}${STYLE[t.status] ?? STYLE.pending} ${t.content}${RESET}\n`).join('');
}

const host = (tool: string, items: TodoItem[]) => ({ tool, counts: { items: items.length }, details: { todos: items } });

interface CreateArgs {
  todos: Array<{ id: string; content: string; status: (typeof STATUSES)[number]; priority: (typeof PRIORITIES)[number] }>;
}

interface UpdateArgs {
  updates: Array<{ id: string; status?: (typeof STATUSES)[number]; content?: string; priority?: (typeof PRIORITIES)[number] }>;
}

const itemProps = {
  id: { type: 'string' },
  content: { type: 'string' },
  status: { type: 'string', enum: [...STATUSES] },
  priority: { type: 'string', enum: [...PRIORITIES] },
};

const createTodoList: ToolDefinition<CreateArgs> = {
  name: 'create_todo_list',
  summary: 'Start a todo list for a multi-step task (replaces any list); each item has id, content, status, priority.',
  description: [
    "Replaces the session's todo list with `todos`. Every item needs an id (unique, used by",
    'update_todo_list), content, status (pending, in_progress, completed) and priority (high, medium, low).',
    'Answers with the list as coloured lines: ○ pending, ◐ in progress, ● completed (struck through).',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      todos: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: itemProps.id,
            content: itemProps.content,
            status: itemProps.status,
            priority: itemProps.priority,
          },
          required: ['id', 'content', 'status', 'priority'],
        },
      },
    },
    required: ['todos'],
  },
  destructive: false,
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
  errorModes: 'INVALID_ARGUMENT: a missing field, an unknown status or priority, empty content, or two items with the same id (the list is left as it was).',
  async handler(args, ctx) {
    const items = replaceTodos(
      ctx.session,
      args.todos.map((t) => ({ id: t.id, content: t.content, status: t.status, priority: t.priority })),
      RULES,
    );
    return ok(renderTodos(items), host('create_todo_list', items));
  },
  formatError: (err) => grokMessage(err),
};

const updateTodoList: ToolDefinition<UpdateArgs> = {
  name: 'update_todo_list',
  summary: 'Change todo items by id (status, content or priority) and get the whole list back.',
  description: [
    'Applies each update to the item with its id: status, content and priority are set when given.',
    'All updates apply or none: an unknown id refuses the whole call (Grok CLI would keep the updates',
    'before it). Answers with the whole list as coloured lines, like create_todo_list.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      updates: {
        type: 'array',
        items: {
          type: 'object',
          properties: { id: itemProps.id, status: itemProps.status, content: itemProps.content, priority: itemProps.priority },
          required: ['id'],
        },
      },
    },
    required: ['updates'],
  },
  destructive: false,
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Finish the first item, start the second',
      arguments: {
        updates: [
          { id: '1', status: 'completed' },
          { id: '2', status: 'in_progress' },
        ],
      },
      expectedOutcome: 'The whole list with the new marks.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: 'NOT_FOUND: no todo with that id ("Todo with id X not found"); nothing is changed. INVALID_ARGUMENT: an unknown status or priority.',
  async handler(args, ctx) {
    const items = updateTodos(ctx.session, args.updates, RULES);
    return ok(renderTodos(items), host('update_todo_list', items));
  },
  formatError(err) {
    if (err.kind === 'not_found' && err.facts.id !== undefined) return `Todo with id ${str(err.facts.id)} not found; no update was applied`;
    return grokMessage(err);
  },
};

export const grokTodoTools: ToolDefinition[] = [createTodoList, updateTodoList];
