// write_stdin: types into, or polls, a process exec_command left running, and answers as
// exec_command does with what it printed since the last read.
import type { ArgsOf } from '../kit/args/schema-args.js';
import { writeToHandle } from '../kit/shell/handle-write.js';
import { defineTool, errorTable, type Wording } from '../common/define.js';
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

/** write_stdin; `unknownWords`: the release's own words for a session id that is not running, where it has them. */
const writeStdinOf = (unknownMode: string, errors?: Wording<ArgsOf<typeof schema>>) =>
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
    const r = await writeToHandle(c.engine.shell, c, args.session_id, chars, read, 'exec_command');
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
  'NOT_FOUND "write_stdin failed: Unknown process id N": no running process has that session id in this session (it exited and was reported, or never existed); start it again with exec_command.',
  errorTable({ unknown_process: ({ facts: f }) => `write_stdin failed: Unknown process id ${f.sessionId}` }),
);
