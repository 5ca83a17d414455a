// write_stdin: types into, or polls, a process exec_command left running, and answers as
// exec_command does with what it printed since the last read.
import type { ArgsOf } from '../kit/args/schema-args.js';
import { writeToHandle } from '../kit/shell/handle-write.js';
import { jobOfHandle, releaseHandle } from '../kit/shell/handles.js';
import { defineTool, errorTable, type Call, type Wording } from '../common/define.js';
import { TAGS } from '../tags.js';
import { NUMBER, STRING } from './schema.js';
import {
  BUDGET_MODE,
  execReply,
  OUTPUT_SCHEMA,
  readAnswer,
  readOpts,
  tokenBudget,
  YIELD_MS,
  type ExecOutput,
} from './exec-reply.js';

const WRITE_YIELD_MS = 250;

const schema = {
  type: 'object',
  properties: { chars: STRING, max_output_tokens: NUMBER, session_id: NUMBER, yield_time_ms: NUMBER },
  required: ['session_id'],
  additionalProperties: false,
} as const;

/**
 * Ctrl-C sent to a process on pipes (no terminal to turn it into SIGINT): Codex 0.171.0 interrupts it, so its process
 * group gets SIGINT and the call reads what follows (a trap's output and exit code, or 130). Undefined: not that case.
 */
async function interruptPipe(args: { session_id: number; chars?: string }, c: Call, read: ReturnType<typeof readOpts>) {
  if (args.chars !== '\u0003') return undefined;
  const jobId = jobOfHandle(c.session, args.session_id);
  if (jobId === undefined || c.engine.shell.job(c, jobId).interactive) return undefined;
  const job = c.engine.shell.signal(c, jobId, 'SIGINT');
  const r = await c.engine.shell.output(c, job.id, read);
  if (r.job.status !== 'running') releaseHandle(c.session, args.session_id);
  return r;
}

/**
 * write_stdin; `unknownMode`: what error_modes say of a session id that is not running, `errors` the release's own
 * words for it, `interrupts`: Ctrl-C interrupts a process on pipes (0.171.0) rather than being refused.
 */
const writeStdinOf = (unknownMode: string, errors?: Wording<ArgsOf<typeof schema>>, interrupts = false) =>
  defineTool<ArgsOf<typeof schema>, ExecOutput>({
    name: 'write_stdin',
    summary: 'Type into, or poll, a command exec_command left running, and read what it printed since.',
    description: [
      'Writes `chars` to the process with `session_id` (from "Process running with session ID N"), then waits up to',
      `yield_time_ms (default ${WRITE_YIELD_MS}, between ${YIELD_MS.min} and ${YIELD_MS.max}) and returns the output printed since the last read,`,
      'in the same form as exec_command. Empty or absent chars only polls; a poll waits at least 5 s (at most 5 min) unless the process ends first.',
      'Send "\\n" (or "\\r" on a tty) to submit a line and "\\u0003" for Ctrl-C. Typing needs a process started with tty: true.',
      'Once the answer says "Process exited with code N" the session id is gone.',
      BUDGET_MODE,
    ],
    schema,
    output: OUTPUT_SCHEMA,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'Evaluate an expression in a Python prompt started with tty',
        arguments: { session_id: 41234, chars: '1 + 1\n', yield_time_ms: 1000 },
        expectedOutcome: 'The output 2, process still running.',
      },
      {
        description: 'Wait for more output of a long build',
        arguments: { session_id: 41234, yield_time_ms: 30000 },
        expectedOutcome: 'New output, and the exit code once it finished.',
      },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      unknownMode,
      'PRECONDITION_FAILED: chars sent to a process started without tty, whose stdin is closed; run it again with exec_command tty: true.',
      BUDGET_MODE,
    ],
    async call(args, c) {
      const started = performance.now();
      const chars = args.chars ?? '';
      const read = readOpts(args.yield_time_ms ?? WRITE_YIELD_MS, tokenBudget(args.max_output_tokens), chars === '');
      const r =
        (interrupts ? await interruptPipe(args, c, read) : undefined) ??
        (await writeToHandle(c.engine.shell, c, args.session_id, chars, read, 'exec_command'));
      return readAnswer(r, started, { jobId: r.job.id, pid: r.job.pid }, () => args.session_id);
    },
    format: execReply,
    ...(errors ? { errors } : {}),
  });

/** The first capture's write_stdin (codex@0.149.0): Facet's own words for an unknown session. */
export const writeStdin149 = writeStdinOf(
  'NOT_FOUND: no running process has that session id in this session (it exited and was reported, or never existed); start it again with exec_command.',
);

/** Codex CLI 0.171.0's write_stdin: an unknown session in its words. */
export const writeStdin = writeStdinOf(
  'NOT_FOUND "write_stdin failed: Unknown process id N": no running process has that session id in this session (it exited and was reported, or never existed); start it again with exec_command. "\\u0003" to a process without tty interrupts it (SIGINT).',
  errorTable({ unknown_process: ({ facts: f }) => `write_stdin failed: Unknown process id ${f.sessionId}` }),
  true,
);
