// TaskList (Kimi Code 2.1.0): the session's background tasks (running ones by default) as
// records separated by "---", under a count of the records shown.
import { jobsOf } from '../kit/shell/jobs.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeOk } from './errors.js';
import { taskIdOf, taskRecord, timeouts, visible } from './task-words.js';

export const taskListTool = defineTool<{ active_only?: boolean; limit?: number }>({
  name: 'TaskList',
  summary: 'List the background tasks of this session (running ones by default) with their ids, status and commands.',
  description: [
    'Lists background tasks: those started with Bash run_in_background and foreground commands moved to the background on',
    'timeout. active_only (default true) keeps the running ones; limit (1 to 100, default 20) caps the records. Each record',
    'gives the wall time, task_id, description, status, timeout_ms, kind, command, pid and, once ended, exit_code. Use',
    "TaskOutput for a task's output, WaitFor to wait for one, TaskStop to stop one.",
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      active_only: { default: true, type: 'boolean' },
      limit: { default: 20, type: 'integer', minimum: 1, maximum: 100 },
    },
    additionalProperties: false,
  },
  tags: [TAGS.shell, TAGS.readOnly],
  examples: [
    { description: 'Running tasks', arguments: {}, expectedOutcome: 'active_background_tasks: N and the records.' },
    {
      description: 'Every task, ended ones too',
      arguments: { active_only: false, limit: 50 },
      expectedOutcome: 'background_tasks: N and the records.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: 'None in normal use; unknown parameters are refused.',
  async call(args, c) {
    const active = args.active_only ?? true;
    const shown = visible(jobsOf(c.engine.shell, c, active), c)
      .sort((a, b) => a.number - b.number)
      .slice(0, args.limit ?? 20);
    const header = `${active ? 'active_background_tasks' : 'background_tasks'}: ${shown.length}`;
    const records = shown.map((j) => taskRecord(j, c, timeouts(c).get(j.id)).join('\n'));
    const text =
      records.length === 0 ? `${header}\nNo background tasks found.` : `${header}\n${records.join('\n---\n')}`;
    return codeOk(text, { counts: { tasks: shown.length }, details: { tasks: shown.map((j) => taskIdOf(j.id)) } });
  },
});
