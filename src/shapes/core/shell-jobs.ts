// shell.jobs: the background jobs of this session, one line each.
import type { JobSnapshot } from '../../engine/index.js';
import { endedBy, jobsOf } from '../kit/shell/jobs.js';
import { type ArgsOf, defineTool, TAGS } from './shared.js';

const line = (j: JobSnapshot) =>
  `${j.id}  ${j.status}${endedBy(j, { code: (n) => ` (exit ${n})`, signal: (s) => ` (${s})` }, '')}  pid ${j.pid}  ${j.description ? `${j.description}: ` : ''}${j.command}`;

const schema = {
  type: 'object',
  properties: { running_only: { type: 'boolean', description: 'Only jobs still running (default false).' } },
  additionalProperties: false,
} as const;

export const jobsTool = defineTool<ArgsOf<typeof schema>, JobSnapshot[]>({
  name: 'shell.jobs',
  summary: 'List the background jobs of this session with their status and exit codes.',
  description:
    'One line per job started with shell.start in this session: id, status (running, completed, failed, killed, timed_out), exit code, pid and command; the structured block carries the same fields. Finished jobs stay listed until the session holds more than its job limit, oldest first out. To read what a job printed, use shell.output; to end one, shell.stop.',
  schema,
  tags: [TAGS.shell, TAGS.readOnly],
  examples: [{ description: 'List every job', arguments: {}, expectedOutcome: 'One line per job, or "no jobs".' }],
  idempotency: 'idempotent',
  errorModes: 'None beyond the usual: an empty session lists no jobs.',
  call: async (args, c) => jobsOf(c.engine.shell, c, args.running_only === true),
  format(list) {
    const running = list.filter((j) => j.status === 'running').length;
    const host = {
      summary: `${list.length} job${list.length === 1 ? '' : 's'}, ${running} running`,
      counts: { jobs: list.length, running },
    };
    return {
      text: list.length > 0 ? list.map(line).join('\n') : 'no jobs',
      data: { jobs: list.map((j) => ({ ...j })) },
      host,
    };
  },
});
