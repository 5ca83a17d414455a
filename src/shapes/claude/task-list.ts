// Claude Code's TaskList: one line per task of the session, ids ascending, with its owner and
// the open tasks that still block it.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { closed } from './render.js';
import { ids } from './task-words.js';

export const taskList = defineTool<Record<string, never>>({
  name: 'TaskList',
  summary: "List the session's tasks: id, status, subject, owner and what still blocks each.",
  description: [
    'Lists every task of this session, one line each: "#N [status] subject", then " (owner)" when it has one and',
    '" [blocked by #M, ...]" while open tasks block it. Deleted tasks are gone. "No tasks found" when there are none.',
  ],
  schema: closed({}),
  tags: [TAGS.planning, TAGS.readOnly],
  examples: [
    {
      description: 'See the plan',
      arguments: {},
      expectedOutcome: '#1 [in_progress] Write tests\n#2 [pending] Fix bug [blocked by #1]',
    },
  ],
  idempotency: 'idempotent',
  errorModes: 'None: an empty list answers "No tasks found".',
  call: async (_a, c) => {
    const tasks = c.engine.tasks.list(c);
    const lines = tasks.map(
      (t) =>
        `#${t.id} [${t.status}] ${t.subject}${t.owner ? ` (${t.owner})` : ''}${t.openBlockedBy.length > 0 ? ` [blocked by ${ids(t.openBlockedBy)}]` : ''}`,
    );
    return {
      text: lines.length > 0 ? lines.join('\n') : 'No tasks found',
      host: { summary: `${tasks.length} tasks`, counts: { tasks: tasks.length } },
    };
  },
});
