// shell.stop: a background job stopped with everything it started; a repeat stop is not an error.
import { stopRunning } from '../kit/shell/jobs.js';
import { jobHost } from './shell-common.js';
import { type ArgsOf, defineTool, type Reply, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, description: 'Job id from shell.start.' } },
  required: ['id'],
  additionalProperties: false,
} as const;

export const stopTool = defineTool<ArgsOf<typeof schema>>({
  name: 'shell.stop',
  summary: 'Stop a background job and everything it started.',
  description:
    "Sends TERM to the job's whole process group, then KILL after a grace period, so no child or grandchild it started survives. Its output stays readable with shell.output. Stopping a finished job changes nothing and reports how it ended. An interactive session started by shell.start with stdin is stopped the same way.",
  schema,
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    { description: 'Stop the dev server', arguments: { id: '1f2e3d4c' }, expectedOutcome: 'The job, now killed.' },
  ],
  idempotency: 'idempotent',
  errorModes:
    'NOT_FOUND: no job with that id in this session. A job that already ended is not an error: the call succeeds, says so and changes nothing (alreadyEnded true), so a repeat stop is safe.',
  async call(args, c): Promise<Reply> {
    // A repeat stop (or a stop of a job that ended by itself) is not an error: the job is
    // stopped either way, which is what the caller wanted; the text says nothing was done.
    const { job, already: ended } = await stopRunning(c.engine.shell, c, args.id);
    const text = ended
      ? `Job ${job.id} had already ended (${job.status}); nothing to stop.`
      : `Job ${job.id} is ${job.status}.`;
    return { text, data: { job: { ...job }, alreadyEnded: ended }, host: jobHost(job, text) };
  },
});
