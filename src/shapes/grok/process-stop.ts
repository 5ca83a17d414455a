// process_stop: ends a background process and everything it started (the engine sends SIGTERM,
// then SIGKILL after its grace); one that already ended is left as it was.
import { stopRunning } from '../kit/shell/jobs.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { devOk, devWords, zodObject } from './dev-result.js';
import { isReply, processNumbered } from './processes.js';

interface Args {
  id: number;
}

const schema = zodObject({ id: { type: 'number' } }, ['id']);

export const processStop = defineTool<Args>({
  name: 'process_stop',
  summary: 'Stop a running background process by its id (SIGTERM, then SIGKILL if it lingers).',
  description: [
    'Stops a background process started with bash background=true, with everything it started: SIGTERM first,',
    'SIGKILL if it is still alive after a grace period. A process that already ended is reported with its exit code.',
  ],
  ...schema,
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Stop the dev server',
      arguments: { id: 1 },
      expectedOutcome: 'Process 1 (pid <pid>) stopped.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: ['{"success":false,"output":"No background process with id <id>."} for an id this session never had.'],
  async call({ id }, c): Promise<Reply> {
    const job = processNumbered(c, id);
    if (isReply(job)) return job;
    const { job: ended, already } = await stopRunning(c.engine.shell, c, job.id);
    const host = {
      summary: `Background process ${id} ${already ? 'had ended' : 'stopped'}`,
      details: { id, status: ended.status },
    };
    return already
      ? devOk(`Process ${id} already exited (code ${ended.exitCode ?? 'unknown'}).`, {}, host)
      : devOk(`Process ${id} (pid ${ended.pid}) stopped.`, {}, host);
  },
  errors: devWords<Args>(schema.schema),
});
