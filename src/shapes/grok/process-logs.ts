// process_logs: the newest lines of a background process's output (stdout and stderr as they
// came), under a line naming its state, pid and command.
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { devOk, devWords, zodObject } from './dev-result.js';
import { isReply, oneLine, processNumbered } from './processes.js';

/** grok-dev reads at most this much of the end of a log. */
const TAIL_BYTES = 8192;
const DEFAULT_LINES = 50;

interface Args {
  id: number;
  tail?: number;
}

const schema = zodObject({ id: { type: 'number' }, tail: { type: 'number' } }, ['id']);

export const processLogs = defineTool<Args>({
  name: 'process_logs',
  summary: "Show the last lines (default 50) of a background process's output by its id.",
  description: [
    'Shows the recent output (stdout and stderr together) of a background process started with bash background=true:',
    'the last `tail` lines (default 50) of the newest 8 KiB of its log, after a line with its state (running, or exited',
    'with its code), pid and command.',
  ],
  ...schema,
  tags: [TAGS.shell, TAGS.readOnly],
  examples: [
    {
      description: "A dev server's latest output",
      arguments: { id: 1, tail: 20 },
      expectedOutcome: '[Process 1 — running — pid <pid>], the command, then its last 20 lines.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: ['{"success":false,"output":"No background process with id <id>."} for an id this session never had.'],
  async call({ id, tail }, c): Promise<Reply> {
    const job = processNumbered(c, id);
    if (isReply(job)) return job;
    const t = await c.engine.shell.tail(c, job.id, TAIL_BYTES);
    const shown = t.text
      .split('\n')
      .slice(-(tail ?? DEFAULT_LINES))
      .join('\n')
      .trimEnd();
    const state = t.job.status === 'running' ? 'running' : `exited (code ${t.job.exitCode ?? 'unknown'})`;
    return devOk(
      [
        `[Process ${id} — ${state} — pid ${t.job.pid}]`,
        `[${oneLine(t.job.command, 70)}]`,
        '',
        shown || '(no output yet)',
      ].join('\n'),
      {},
      { summary: `Output of background process ${id}`, details: { id, status: t.job.status } },
    );
  },
  errors: devWords<Args>(schema.schema),
});
