// TaskList: the session's background tasks, newest first, as numbered blocks.
import { jobsOf } from '../../kit/shell/jobs.js';
import { defineTool } from '../../common/define.js';
import { TAGS } from '../../tags.js';
import { kimiOk } from './errors.js';
import { taskText } from './tasks.js';

export const taskListTool = defineTool<{ active_only?: boolean; limit?: number }>({
  name: 'TaskList',
  summary: 'List the background tasks of this session (running ones by default) with their ids and status.',
  description: [
    'Lists background tasks started by Shell with run_in_background, newest first: a count line (active_background_tasks, or background_tasks when',
    'active_only is false), then one numbered block per task with task_id, kind, status, description, command and, once finished, exit_code (and the reason',
    'when TaskStop stopped it). `[no tasks]` when there are none. limit: 1 to 100 (default 20).',
  ],
  schema: {
    properties: {
      active_only: { default: true, type: 'boolean' },
      limit: { default: 20, maximum: 100, minimum: 1, type: 'integer' },
    },
    type: 'object',
  },
  tags: [TAGS.shell, TAGS.readOnly],
  examples: [
    {
      description: 'Running tasks',
      arguments: {},
      expectedOutcome: 'active_background_tasks: N and a block per task.',
    },
    {
      description: 'Every task, finished ones too',
      arguments: { active_only: false, limit: 50 },
      expectedOutcome: 'background_tasks: N and a block per task.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: 'None in normal use; an expired session answers UNAVAILABLE.',
  async call(args, c) {
    const active = args.active_only ?? true;
    const all = jobsOf(c.engine.shell, c, active);
    const shown = all.sort((a, b) => b.number - a.number).slice(0, args.limit ?? 20);
    const blocks = shown.map((j, i) => [`[${i + 1}]`, ...taskText(j, c)].join('\n'));
    const text = [
      `${active ? 'active_background_tasks' : 'background_tasks'}: ${all.length}`,
      ...(blocks.length ? blocks : ['[no tasks]']),
    ].join('\n\n');
    return kimiOk('', text, {
      counts: { tasks: all.length, shown: shown.length },
      details: { tasks: shown.map((j) => j.id) },
    });
  },
});
