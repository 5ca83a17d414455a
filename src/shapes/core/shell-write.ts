// shell.write: characters typed into an interactive job, and what it printed back.
import type { JobRead } from '../../engine/index.js';
import { DEFAULT_OUTPUT_BYTES, MAX_TIMEOUT_MS, readReply } from './shell-common.js';
import { type ArgsOf, defineTool, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, description: 'Job id from shell.start.' },
    chars: { type: 'string', description: 'Characters to write (may be empty to poll).' },
    wait_ms: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_TIMEOUT_MS,
      description: 'How long to collect output (default 250).',
    },
    until: {
      type: 'string',
      enum: ['output', 'exit'],
      description:
        'Return at the first output ("output") or collect for all of wait_ms unless the job exits ("exit", default).',
    },
    max_bytes: {
      type: 'integer',
      minimum: 256,
      maximum: 16 * 1024 * 1024,
      description: 'Bytes returned at most, head and tail (default 100000).',
    },
  },
  required: ['id', 'chars'],
  additionalProperties: false,
} as const;

export const shellWriteTool = defineTool<ArgsOf<typeof schema>, JobRead>({
  name: 'shell.write',
  summary: 'Type characters into an interactive job and read what it printed back.',
  description: [
    'Writes `chars` to the standard input of a job started with stdin or tty (use "\\n" or, on a terminal, "\\r" to submit a line; "\\u0003" is Ctrl-C),',
    'then waits up to wait_ms (default 250) or until the job exits (or, with until: "output", until it prints), and returns the output since the last read. Empty chars only polls.',
  ],
  schema,
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Evaluate an expression in a Python prompt',
      arguments: { id: '1f2e3d4c', chars: '1+1\n', wait_ms: 500 },
      expectedOutcome: "The prompt's answer, 2.",
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'NOT_FOUND: no job with that id in this session.',
    'PRECONDITION_FAILED: the job was started without stdin/tty, or has already exited.',
  ],
  call: (a, c) =>
    c.engine.shell.write(c, a.id, a.chars, {
      waitMs: a.wait_ms ?? 250,
      until: a.until ?? 'exit',
      maxBytes: a.max_bytes ?? DEFAULT_OUTPUT_BYTES,
      budget: 'head_tail',
    }),
  format: (r) => readReply(r),
});
