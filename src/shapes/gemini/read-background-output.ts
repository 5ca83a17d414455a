// read_background_output: the last lines of a background process of this session, by PID.
import type { JobSnapshot } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { newestLines } from '../kit/shell/job-tail.js';
import { waitMs } from '../kit/shell/pause.js';
import { defineTool } from '../common/define.js';
import { shapeError } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { atLeast, object } from '../gemini-family/schema.js';

// wait_for_previous: Gemini CLI's scheduling hint (run after the calls before it); a tool server runs each call as it
// comes, so it is accepted and changes nothing.
const schema = object({ pid: 'integer', lines: atLeast(1), delay_ms: 'integer', wait_for_previous: 'boolean' }, [
  'pid',
]);
type Args = ArgsOf<typeof schema>;

const TAIL_BYTES = 64 * 1024;

export const readBackgroundOutput = defineTool<
  Args,
  { pid: number; want: number; lines: string[]; total: number; job: JobSnapshot }
>({
  name: 'read_background_output',
  summary: 'Read the last lines of output of a background process started in this session, by PID.',
  description: [
    'Returns the newest output (at most 64 KB, default the last 100 lines; `lines` sets how many) of a process started',
    'with run_shell_command is_background: true in this session. delay_ms waits first (for a server to print its port).',
    'The text starts "Showing last n of m lines:" when lines were left out, else "Full Log Output:".',
  ],
  schema,
  tags: [TAGS.shell, TAGS.readOnly],
  examples: [
    {
      description: 'Last 20 lines of a server',
      arguments: { pid: 12345, lines: 20 },
      expectedOutcome: 'Showing last 20 of N lines: ...',
    },
  ],
  idempotency: 'idempotent',
  errorModes:
    'execution_failed (NOT_FOUND): no background process with that PID was started in this session; list_background_processes shows them.',
  async call(args, c) {
    const job = c.engine.shell.jobs(c).find((j) => j.pid === args.pid);
    if (!job) {
      const message = `no background process with PID ${args.pid} was started in this session (other sessions' processes cannot be read); call list_background_processes to see the PIDs you can read`;
      throw shapeError('not_found', message, 'execution_failed', { pid: args.pid }, 'pid');
    }
    const want = args.lines ?? 100;
    const tail = await newestLines(c.engine.shell, c, job.id, {
      waitMs: waitMs(args.delay_ms, 0),
      maxBytes: TAIL_BYTES,
      lines: want,
    });
    return { pid: job.pid, want, ...tail };
  },
  format({ pid, want, lines, total, job }) {
    const text =
      total === 0
        ? 'Log is empty.'
        : total > want
          ? `Showing last ${want} of ${total} lines:\n${lines.join('\n')}`
          : `Full Log Output:\n${lines.join('\n')}`;
    return {
      text,
      host: {
        summary: `Output of PID ${pid}`,
        counts: { lines: lines.length },
        details: { status: job.status, exitCode: job.exitCode },
      },
    };
  },
});
