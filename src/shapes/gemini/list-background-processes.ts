// list_background_processes: "- [PID n] STATUS: `command`" lines of this session's background processes.
import type { JobSnapshot } from '../../engine/index.js';
import { jobsHost } from '../kit/shell/jobs.js';
import { signalNumber } from '../kit/shell/signals.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { object } from '../gemini-family/schema.js';

const STATUS: Record<JobSnapshot['status'], string> = {
  running: 'RUNNING',
  completed: 'EXITED',
  failed: 'EXITED',
  killed: 'KILLED',
  timed_out: 'KILLED',
};

function line(j: JobSnapshot): string {
  const sig = signalNumber(j.signal);
  // A process ended by a signal was killed, whoever sent it.
  return `- [PID ${j.pid}] ${sig !== undefined ? 'KILLED' : STATUS[j.status]}: \`${j.command}\`${j.exitCode !== null ? ` (Exit Code: ${j.exitCode})` : ''}${sig !== undefined ? ` (Signal: ${sig})` : ''}`;
}

export const listBackgroundProcesses = defineTool<{ wait_for_previous?: boolean }, JobSnapshot[]>({
  name: 'list_background_processes',
  summary: 'List the background processes started with run_shell_command in this session, with status and exit codes.',
  description: [
    'One line per background process of this session: "- [PID n] STATUS: `command`", with (Exit Code: n) and (Signal: n)',
    'once it ended; STATUS is RUNNING, EXITED, or KILLED (ended by a signal or a timeout). Limits: only processes started with run_shell_command',
    'is_background: true in this session are listed (not other sessions\', and not commands backgrounded with "&" inside a',
    'foreground run, whose PIDs that run reported under "Background PIDs"); at most 32 may run at once, and of the finished',
    'ones only the newest 32 are kept. It shows no output: to see what a process printed use read_background_output with',
    'its PID, and do not call this in a loop to wait for a process (read_background_output with delay_ms waits instead).',
  ],
  // wait_for_previous: a scheduling hint (see read_background_output), accepted and ignored.
  schema: object({ wait_for_previous: 'boolean' }),
  tags: [TAGS.shell, TAGS.readOnly],
  examples: [
    {
      description: 'See what is running',
      arguments: {},
      expectedOutcome: 'One line per process, or "No background processes found."',
    },
  ],
  idempotency: 'idempotent',
  errorModes: 'None: a session without background processes gets "No background processes found."',
  call: async (_args, c) => c.engine.shell.jobs(c),
  format(jobs) {
    return {
      text: jobs.length === 0 ? 'No background processes found.' : jobs.map(line).join('\n'),
      host: jobsHost(jobs),
    };
  },
});
