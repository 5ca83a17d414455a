// What Kimi Code's task tools share: task ids as "bash-<id>", the record of one task as
// snake_case lines (TaskList, TaskOutput, WaitFor), and the session's facts about each task that
// the engine does not keep (the reason TaskStop gave, a foreground command moved to the background).
import type { JobSnapshot } from '../../engine/index.js';
import type { Call } from '../common/define.js';

const PREFIX = 'bash-';

/** The id the model sees for an engine job id. */
export const taskIdOf = (jobId: string): string => `${PREFIX}${jobId}`;
/** The engine job id of a task id as the model gave it ("bash-" optional). */
export const jobIdOf = (taskId: string): string => (taskId.startsWith(PREFIX) ? taskId.slice(PREFIX.length) : taskId);

interface TaskFacts {
  /** TaskStop's reason, by job id. */
  reasons: Map<string, string>;
  /** Jobs the model knows as tasks: started in the background, or moved there at their timeout. */
  tasks: Set<string>;
  /** Of those, the foreground commands moved to the background. */
  detached: Set<string>;
  /** Ended tasks whose end the model was told (a notification, WaitFor, TaskStop). */
  delivered: Set<string>;
}

export const taskFacts = (c: Call): TaskFacts =>
  c.session.bag<TaskFacts>('kimi-code.tasks', () => ({
    reasons: new Map(),
    tasks: new Set(),
    detached: new Set(),
    delivered: new Set(),
  }));

/** Background timeouts as Kimi Code counts them: default 600 s, at most 86,400 s. */
export const BACKGROUND_DEFAULT_S = 600;
export const BACKGROUND_MAX_S = 86_400;

/** The tasks the model knows of: background ones and foreground ones moved to the background. */
export function visible(jobs: readonly JobSnapshot[], c: Call): JobSnapshot[] {
  const tasks = taskFacts(c).tasks;
  return jobs.filter((j) => tasks.has(j.id));
}

/** Kimi Code's status words for a task. */
export const statusOf = (j: JobSnapshot): string =>
  j.status === 'running'
    ? 'running'
    : j.status === 'killed'
      ? 'killed'
      : j.status === 'timed_out'
        ? 'timed_out'
        : j.exitCode === 0
          ? 'completed'
          : 'failed';

export const wallSeconds = (ms: number): string => `Wall time: ${(ms / 1000).toFixed(3)} seconds`;

/** One task as Kimi Code's record lines. */
export function taskRecord(j: JobSnapshot, c: Call, timeoutMs: number | undefined): string[] {
  const facts = taskFacts(c);
  const detached = facts.detached.has(j.id);
  const lines = [
    wallSeconds(j.durationMs),
    `task_id: ${taskIdOf(j.id)}`,
    `description: ${j.description ?? ''}`,
    `status: ${statusOf(j)}`,
    `detached: ${detached}`,
    `timeout_ms: ${detached ? 0 : (timeoutMs ?? BACKGROUND_DEFAULT_S * 1000)}`,
    'kind: process',
    `command: ${j.command}`,
    `pid: ${j.pid}`,
  ];
  if (j.status !== 'running') lines.push(`exit_code: ${j.exitCode ?? 'null'}`);
  const reason = facts.reasons.get(j.id);
  if (j.status === 'killed' && reason !== undefined) lines.push(`stop_reason: ${reason}`);
  if (j.status === 'killed') lines.push('terminal_reason: stopped');
  if (j.status === 'timed_out') lines.push('terminal_reason: timed_out');
  return lines;
}

/** The timeouts given to background tasks, by job id (TaskList and TaskOutput show them). */
export const timeouts = (c: Call) => c.session.bag<Map<string, number>>('kimi-code.timeouts', () => new Map());

export const taskHost = (j: JobSnapshot) => ({
  exitCode: j.exitCode,
  signal: j.signal,
  details: { task: { id: taskIdOf(j.id), status: j.status, command: j.command, pid: j.pid, logPath: j.logPath } },
});

const PREVIEW_BYTES = 32 << 10;

/** A task's record with where its whole output is, then its newest output (TaskOutput, WaitFor). */
export async function outputRecord(j: JobSnapshot, c: Call, head: string[] = []): Promise<string> {
  const t = await c.engine.shell.tail(c, j.id, PREVIEW_BYTES);
  const log = c.engine.shell.outputFile(c, j.id).path;
  const available = t.totalBytes > 0;
  const lines = [
    ...head,
    ...taskRecord(t.job, c, timeouts(c).get(j.id)),
    `output_path: ${log}`,
    `output_size_bytes: ${t.totalBytes}`,
    `output_preview_bytes: ${Buffer.byteLength(t.text, 'utf8')}`,
    `output_truncated: ${t.truncated}`,
    `full_output_available: ${available}`,
    'full_output_tool: Read',
    'full_output_hint: Use Read with output_path to page through the full log.',
  ];
  if (t.job.status === 'running')
    lines.push(
      'next_step: The task is still running; you will be notified automatically when it completes (WaitFor blocks until then).',
    );
  const preview = t.text === '' ? '[no output available]' : t.text;
  const cut = t.truncated
    ? `\nOnly the last ${PREVIEW_BYTES} bytes are shown above. Use the Read tool with the output_path to page through the full log (read about 300 lines per page).`
    : '';
  return `${lines.join('\n')}\n\n[output]\n${preview}${cut}`;
}
