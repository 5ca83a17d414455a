// TaskOutput (Kimi Code 2.1.0): one task's record and the newest 32 KiB of its output, without
// waiting (WaitFor waits).
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeOk } from './errors.js';
import { jobIdOf, outputRecord, taskHost } from './task-words.js';

export const taskOutputTool = defineTool<{ task_id: string }>({
  name: 'TaskOutput',
  summary: "See a task's status and the newest 32 KiB of its output, without waiting (WaitFor waits).",
  description: [
    "Returns a task's record (retrieval_status success once it ended, not_ready while it runs; task_id, description, status,",
    'command, pid, exit_code…), where its whole log is (output_path, which Read pages through) and, after an [output] line,',
    'the last 32 KiB of its merged output. It does not wait: use WaitFor to block until a task ends. Completion is also',
    'announced automatically, so there is no need to poll.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { task_id: { type: 'string' } },
    required: ['task_id'],
    additionalProperties: false,
  },
  tags: [TAGS.shell, TAGS.readOnly],
  examples: [
    {
      description: 'Check a task',
      arguments: { task_id: 'bash-a1b2c3d4' },
      expectedOutcome: 'retrieval_status, the record and the newest output.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: 'NOT_FOUND: "Task not found: <id>" (TaskList shows the tasks there are).',
  async call(args, c) {
    const j = c.engine.shell.job(c, jobIdOf(args.task_id));
    const status = `retrieval_status: ${j.status === 'running' ? 'not_ready' : 'success'}`;
    const text = await outputRecord(j, c, [status]);
    return codeOk(text, taskHost(j));
  },
});
