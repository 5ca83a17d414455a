// process_list: the session's background processes, running and ended, as grok-dev tabulates them.
import { jobsHost } from '../kit/shell/jobs.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { devOk, devWords, zodObject } from './dev-result.js';
import { age, oneLine } from './processes.js';

const schema = zodObject({});

export const processList = defineTool<Record<string, never>>({
  name: 'process_list',
  summary: 'List the background processes with their id, status, pid, age and command.',
  description: [
    'Lists the background processes started with bash background=true in this session, oldest first: id (the number',
    'bash gave), status (running, or exited with its code; "?" when a signal ended it), pid, age (5s, 2m5s, 1h2m) and',
    'the command on one line, cut to 50 characters.',
  ],
  ...schema,
  tags: [TAGS.shell, TAGS.readOnly],
  examples: [{ description: 'What runs', arguments: {}, expectedOutcome: 'No background processes.' }],
  idempotency: 'idempotent',
  errorModes: ['None: with no background process the answer is "No background processes."'],
  async call(_a, c): Promise<Reply> {
    const jobs = c.engine.shell.jobs(c);
    if (jobs.length === 0) return devOk('No background processes.', {}, jobsHost(jobs));
    const now = Date.now();
    const rows = jobs.map((j) => {
      const status = j.status === 'running' ? 'running' : `exited(${j.exitCode ?? '?'})`;
      return `${j.number}  ${status}  pid:${j.pid}  ${age(j.startedAt, now)}  ${oneLine(j.command, 50)}`;
    });
    return devOk(['ID  STATUS       PID    AGE     COMMAND', ...rows].join('\n'), {}, jobsHost(jobs));
  },
  errors: devWords<Record<string, never>>(schema.schema),
});
