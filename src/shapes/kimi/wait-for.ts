// WaitFor (Kimi Code 2.1.0): blocks up to `timeout` seconds (1 to 600) until the task named, or
// any task running when the call began, ends; then its record and output, the others that
// ended meanwhile and those still running. A timeout is an answer, not an error. A task whose
// end WaitFor reported sends no notification besides.
import { dropJobNotifications, type JobSnapshot } from '../../engine/index.js';
import { jobsOf } from '../kit/shell/jobs.js';
import { type Call, defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeOk } from './errors.js';
import { jobIdOf, outputRecord, taskFacts, taskIdOf, taskRecord, timeouts, visible } from './task-words.js';

type Args = { timeout: number; task_id?: string };

/** Resolves when one of `jobs` ends or `ms` pass; the losing waits are cancelled. */
async function firstEnd(c: Call, jobs: readonly JobSnapshot[], ms: number): Promise<void> {
  const stop = new AbortController();
  const cancel = () => stop.abort();
  c.signal?.addEventListener('abort', cancel, { once: true });
  try {
    await Promise.race(
      jobs.map((j) =>
        c.engine.shell
          .output(c, j.id, { from: 'start', waitMs: ms, until: 'exit', maxBytes: 1, signal: stop.signal })
          .catch(() => undefined),
      ),
    );
  } finally {
    stop.abort();
    c.signal?.removeEventListener('abort', cancel);
  }
}

const runningSection = (jobs: readonly JobSnapshot[], c: Call): string =>
  jobs.length === 0
    ? ''
    : `[still_running]\nactive_background_tasks: ${jobs.length}\n${jobs
        .map((j) => taskRecord(j, c, timeouts(c).get(j.id)).join('\n'))
        .join('\n---\n')}`;

export const waitForTool = defineTool<Args>({
  name: 'WaitFor',
  summary: 'Wait up to `timeout` seconds (at most 600) for a background task (or any running one) to end.',
  description: [
    'Blocks until the task named by task_id ends, or, without task_id, until any task running when the call began ends,',
    'for at most `timeout` seconds (1 to 600). The answer starts "wait_status: completed" with the [finished] task\'s record',
    'and [output], then [completed_during_wait] for others that ended and [still_running] for the rest; "wait_status:',
    'timed_out" when the time ran out (not an error: call WaitFor again or go on working; completion is also announced',
    'automatically); "wait_status: no_tasks" when nothing runs. Prefer doing other work while tasks run.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      timeout: { type: 'integer', exclusiveMinimum: 0, maximum: 600 },
      task_id: { type: 'string' },
    },
    required: ['timeout'],
    additionalProperties: false,
  },
  tags: [TAGS.shell, TAGS.readOnly],
  examples: [
    {
      description: 'Wait for the test run',
      arguments: { timeout: 300, task_id: 'bash-a1b2c3d4' },
      expectedOutcome: 'wait_status: completed and the output, or wait_status: timed_out.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: 'NOT_FOUND: "Task not found: <id>". A timeout is a success ("wait_status: timed_out").',
  async call(args, c) {
    const t0 = Date.now();
    const timeoutMs = args.timeout * 1000;
    const named = args.task_id === undefined ? undefined : c.engine.shell.job(c, jobIdOf(args.task_id));
    const delivered = taskFacts(c).delivered;
    const before = visible(jobsOf(c.engine.shell, c, true), c);
    // A task that ended before the call and whose end the model was not told yet is the answer at once.
    const untold = visible(jobsOf(c.engine.shell, c, false), c).filter(
      (j) => j.status !== 'running' && !delivered.has(j.id),
    );
    const waitedOn = named ? [named] : untold.length > 0 ? untold.slice(0, 1) : before;
    if (waitedOn.length === 0) {
      const lines = [
        'wait_status: no_tasks',
        `timeout_ms: ${timeoutMs}`,
        'No background tasks are running, so there is nothing to wait for. Finished tasks report back via automatic notification.',
      ];
      return codeOk(lines.join('\n'));
    }
    if (waitedOn.some((j) => j.status === 'running') && !waitedOn.some((j) => j.status !== 'running'))
      await firstEnd(c, waitedOn, timeoutMs);
    const waited = `waited_ms: ${Date.now() - t0}`;
    const now = (j: JobSnapshot) => c.engine.shell.job(c, j.id);
    const finished = waitedOn.map(now).find((j) => j.status !== 'running');
    const others = before.filter((j) => j.id !== finished?.id).map(now);
    const still = others.filter((j) => j.status === 'running');
    if (!finished) {
      const head = [
        'wait_status: timed_out',
        waited,
        `timeout_ms: ${timeoutMs}`,
        'The wait ended before the task finished — a timeout is not an error. Call WaitFor again to keep waiting, or continue with other work; completion also arrives via automatic notification.',
      ];
      return codeOk([head.join('\n'), runningSection(still, c)].filter(Boolean).join('\n\n'));
    }
    const ended = others.filter((j) => j.status !== 'running');
    for (const j of [finished, ...ended]) {
      dropJobNotifications(c.session, j.id);
      delivered.add(j.id);
    }
    const sections = [
      ['wait_status: completed', `task_id: ${taskIdOf(finished.id)}`, waited, `timeout_ms: ${timeoutMs}`].join('\n'),
      `[finished]\n${await outputRecord(finished, c)}`,
      ended.length > 0
        ? `[completed_during_wait]\n${ended.map((j) => taskRecord(j, c, timeouts(c).get(j.id)).join('\n')).join('\n---\n')}`
        : '',
      runningSection(still, c),
    ];
    const shown = sections.filter(Boolean);
    // A section ending in the output's own line break is still followed by one blank line.
    return codeOk(shown.map((x, i) => (i < shown.length - 1 ? x.replace(/\n+$/, '') : x)).join('\n\n'));
  },
});
