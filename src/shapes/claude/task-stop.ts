// Claude Code's TaskStop: kill a background task's process group; one that already ended is
// reported as such, successfully, so a repeat is safe.
import { EngineError, type JobSnapshot } from '../../engine/index.js';
import { commandAsRun as recorded } from '../kit/shell/job-command.js';
import { stopReported } from '../kit/shell/job-calls.js';
import { defineTool, type Reply, type ToolTable } from '../common/define.js';
import { TAGS } from '../tags.js';
import { closed } from './render.js';
import { taskStatus, toolUseError } from './errors.js';
import { noTask } from './task-output.js';

interface Args {
  task_id?: string;
  shell_id?: string;
}

const json = (j: JobSnapshot, message: string) =>
  JSON.stringify({ message, task_id: j.id, task_type: 'local_bash', command: recorded(j) });

/** TaskStop as claude@2.1.197 serves it (its output stays readable with TaskOutput). */
const TABLE_197 = {
  name: 'TaskStop',
  summary: 'Stop a running background task (and every process it started) by its task id.',
  description: [
    'Kills the background task task_id with its whole process group (TERM, then KILL after a grace period) and returns',
    'a JSON object with message, task_id, task_type and command. shell_id is the older name of task_id and is still',
    'accepted; one of the two is required. Its output stays readable with TaskOutput. Stopping a task that already',
    'ended succeeds and says it had already stopped.',
  ],
  schema: closed({ task_id: 'string', shell_id: 'string' }),
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Stop a dev server',
      arguments: { task_id: '1a2b3c4d' },
      expectedOutcome: '{"message":"Successfully stopped task: 1a2b3c4d (npm run dev)",...}',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT (<tool_use_error>): neither task_id nor shell_id was given.',
    'NOT_FOUND (<tool_use_error>): no task with that id in this session.',
    'Not an error: a task that already ended (stopped before, or finished by itself) is reported as already stopped, with the same fields and nothing signalled, so a repeat TaskStop is safe.',
  ],
  errors(err, a) {
    if (err.field === 'task_id' && err.kind === 'invalid_argument')
      return toolUseError('task_id is required: give the ID Bash returned for the background task.');
    return noTask(err, a.task_id ?? a.shell_id);
  },
  async call(a, c) {
    const id = a.task_id ?? a.shell_id;
    if (id === undefined || id === '')
      throw new EngineError('invalid_argument', 'task_id is required', { field: 'task_id' });
    const { job: j, already } = await stopReported(c.engine.shell, c, id);
    const status = taskStatus(j);
    const cmd = recorded(j);
    const t = j.id;
    const message = already
      ? `Task ${t} (${cmd}) had already stopped (status: ${status}); nothing was done.`
      : `Successfully stopped task: ${t} (${cmd})`;
    const summary = already ? `Task ${j.id} had already stopped` : `Stopped task ${j.id}`;
    return {
      text: json(j, message),
      host: {
        summary,
        exitCode: j.exitCode,
        signal: j.signal,
        details: { taskId: j.id, status, alreadyStopped: already },
      },
    };
  },
} satisfies ToolTable<Args, Reply>;

export const taskStop197 = defineTool<Args>(TABLE_197);

const missing = () => new EngineError('invalid_argument', 'task_id is required', { field: 'task_id' });

/**
 * Claude Code 2.1.332's TaskStop: stops a background command or a Monitor by its id; an
 * unknown id and one that already ended get the same refusal, in the vendor's words.
 */
export const taskStop = defineTool<Args>({
  ...TABLE_197,
  summary: 'Stop a running background command or Monitor (and every process it started) by its task id.',
  description: [
    'Kills the background command or Monitor task_id with its whole process group (TERM, then KILL after a grace',
    'period) and returns a JSON object with message, task_id, task_type and command; its output file then ends with',
    '"[killed]". shell_id is the older name of task_id and is still accepted; one of the two is required. An id that is',
    'unknown, or whose task already ended, is refused.',
  ],
  errorModes: [
    'INVALID_ARGUMENT (<tool_use_error>): neither task_id nor shell_id was given ("Missing required parameter: task_id").',
    'NOT_FOUND (<tool_use_error>): no running task with that id in this session ("No task found with ID: <id>").',
  ],
  errors(err, a) {
    if (err.field === 'task_id' && err.kind === 'invalid_argument')
      return toolUseError('Missing required parameter: task_id');
    if (err.kind === 'not_found') return toolUseError(`No task found with ID: ${a.task_id ?? a.shell_id ?? ''}`);
    return undefined;
  },
  async call(a, c) {
    const id = a.task_id ?? a.shell_id;
    if (id === undefined || id === '') throw missing();
    const running = c.engine.shell.jobs(c).find((j) => j.id === id && j.status === 'running');
    if (!running) throw new EngineError('not_found', `no running task ${id}`, { facts: { id } });
    const { job: j } = await stopReported(c.engine.shell, c, id);
    const cmd = recorded(j);
    return {
      text: json(j, `Successfully stopped task: ${j.id} (${cmd})`),
      host: {
        summary: `Stopped task ${j.id}`,
        exitCode: j.exitCode,
        signal: j.signal,
        details: { taskId: j.id, status: taskStatus(j) },
      },
    };
  },
});
