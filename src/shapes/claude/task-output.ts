// Claude Code's TaskOutput: a background task's status, exit code and output so far, waiting
// for its end when asked to.
import type { EngineError, JobSnapshot } from '../../engine/index.js';
import { printed } from '../kit/shell/run-failure.js';
import { retrievalStatus } from '../kit/shell/job-tail.js';
import { wholeJobOutput } from '../kit/shell/job-calls.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { taskStatus, toolUseError } from './errors.js';
import { closed, PERSIST_LIMITS, persisted } from './render.js';

/** TaskOutput's and TaskStop's words for an unknown task id. */
export const noTask = (err: EngineError, id: string | undefined) =>
  err.kind === 'not_found'
    ? toolUseError(
        `There is no task with ID ${id ?? ''} in this session. Task IDs come from Bash calls with run_in_background.`,
      )
    : undefined;

/** Claude Code's report of a task: its tags, blank lines between them. */
const taskText = (j: JobSnapshot, status: string, retrieval: string, output: string | undefined) =>
  [
    ...[
      `<retrieval_status>${retrieval}</retrieval_status>`,
      `<task_id>${j.id}</task_id>`,
      '<task_type>local_bash</task_type>',
      `<status>${status}</status>`,
    ],
    ...(j.exitCode !== null ? [`<exit_code>${j.exitCode}</exit_code>`] : []),
    ...(output !== undefined ? [`<output>\n${output}\n</output>`] : []),
  ].join('\n\n');

interface Args {
  task_id: string;
  block: boolean;
  timeout: number;
}

export const taskOutput = defineTool<Args>({
  name: 'TaskOutput',
  summary: 'Get the status, exit code and output of a background task started with Bash run_in_background.',
  description: [
    'Reports a background task by task_id: retrieval_status, task_id, task_type, status (running, completed, failed,',
    'killed), the exit code once it ended, and all of its output so far. block true waits up to timeout milliseconds',
    '(0 to 600000) for the task to end, then reports (retrieval_status timeout when it is still running); block false',
    'reports at once (not_ready while it runs). Output over 50000 characters is replaced by a preview naming the log file.',
  ],
  schema: closed(
    {
      task_id: 'string',
      block: { default: true, type: 'boolean' },
      timeout: { default: 30000, type: 'number', minimum: 0, maximum: 600000 },
    },
    ['task_id', 'block', 'timeout'],
  ),
  tags: [TAGS.shell, TAGS.readOnly],
  examples: [
    {
      description: 'Wait up to 30 s for a build task',
      arguments: { task_id: '1a2b3c4d', block: true, timeout: 30000 },
      expectedOutcome: '<retrieval_status>success</retrieval_status> ... <exit_code>0</exit_code> ...',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND (<tool_use_error>): no task with that id in this session (tasks belong to the facet-session that started them).',
    'CANCELLED / TIMEOUT: the call itself was cancelled or hit its deadline while waiting; the task keeps running.',
  ],
  errors: (err, a) => noTask(err, a.task_id),
  async call(a, c) {
    const r = await wholeJobOutput(
      c.engine.shell,
      c,
      a.task_id,
      { block: a.block, timeoutMs: a.timeout },
      { maxBytes: 1 << 20, budget: 'head_tail' },
    );
    const j = r.job;
    const output = printed(r).trimEnd();
    const status = taskStatus(j);
    const retrieval = retrievalStatus(status === 'running', a.block);
    const shown =
      output.trim() !== ''
        ? (await persisted(c, output, PERSIST_LIMITS.other, { path: j.logPath, bytes: j.outputBytes })).text
        : undefined;
    const details = {
      taskId: j.id,
      status,
      retrievalStatus: retrieval,
      outputFile: j.logPath,
      outputBytes: j.outputBytes,
    };
    return {
      text: taskText(j, status, retrieval, shown),
      host: { summary: `Task ${j.id}: ${status}`, exitCode: j.exitCode, signal: j.signal, details },
    };
  },
});
