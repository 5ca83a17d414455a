// update_todo_list: changes todo items by id (all updates or none, here).
import { defineTool, errorTable } from '../common/define.js';
import { TAGS } from '../tags.js';
import { itemProps, type Priority, RULES, type Status, todoReply } from './todos.js';

const updateProps = {
  id: itemProps.id,
  status: itemProps.status,
  content: itemProps.content,
  priority: itemProps.priority,
};

interface Args {
  updates: Array<{ id: string; status?: Status; content?: string; priority?: Priority }>;
}

export const updateTodoList = defineTool<Args>({
  name: 'update_todo_list',
  summary: 'Change todo items by id (status, content or priority) and get the whole list back.',
  description: [
    'Applies each update to the item with its id: status, content and priority are set when given. All updates apply or none: an unknown id refuses',
    'the whole call (Grok CLI would keep the updates before it). Answers with the whole list as coloured lines, like create_todo_list.',
  ],
  schema: {
    type: 'object',
    properties: { updates: { type: 'array', items: { type: 'object', properties: updateProps, required: ['id'] } } },
    required: ['updates'],
  },
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
  errorModes:
    'NOT_FOUND: no todo with that id ("Todo with id X not found"); nothing is changed. INVALID_ARGUMENT: an unknown status or priority.',
  call: async (args, c) => todoReply(c.engine.todos.update(c, args.updates, RULES)),
  errors: errorTable<Args>({ todo_missing: (e) => `Todo with id ${e.facts.id} not found; no update was applied` }),
});
