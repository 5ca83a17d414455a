// shell.output: a background job's new output, optionally after waiting for more or for its exit.
import type { JobRead } from '../../engine/index.js';
import { DEFAULT_OUTPUT_BYTES, MAX_TIMEOUT_MS, readReply } from './shell-common.js';
import { type ArgsOf, defineTool, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, description: 'Job id from shell.start (its number or pid work too).' },
    offset: {
      type: 'integer',
      minimum: 0,
      description: 'Byte offset to read from (default: where the last read stopped).',
    },
    from_start: { type: 'boolean', description: 'Read from the beginning of the log (default false).' },
    wait_ms: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_TIMEOUT_MS,
      description: 'How long to wait for output or exit first (default 0).',
    },
    until: { type: 'string', enum: ['output', 'exit'], description: 'What ends the wait early (default "output").' },
    max_bytes: {
      type: 'integer',
      minimum: 256,
      maximum: 16 * 1024 * 1024,
      description: 'Bytes returned at most (default 100000).',
    },
  },
  required: ['id'],
  additionalProperties: false,
} as const;

export const outputTool = defineTool<ArgsOf<typeof schema>, JobRead>({
  name: 'shell.output',
  summary: 'Read the new output of a background job, optionally waiting for more output or for its exit.',
  description: [
    "Returns the job's output since the previous read (or from `offset`, or from the start with from_start), at most max_bytes",
    '(the rest stays for the next read; hasMore says so). `wait_ms` waits first: until any new output (until: "output", default) or until the job exits (until: "exit").',
    "The structured block has the job's status and exit code and the next offset.",
  ],
  schema,
  tags: [TAGS.shell, TAGS.readOnly],
  examples: [
    {
      description: 'Wait up to 30 s for a build job to finish',
      arguments: { id: '1f2e3d4c', wait_ms: 30000, until: 'exit' },
      expectedOutcome: 'The output since the last read and the exit code.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'NOT_FOUND: no job with that id in this session (sessions are named by the facet-session metadata).',
    'CANCELLED: the call was cancelled while waiting; the job keeps running.',
  ],
  call: (a, c) =>
    c.engine.shell.output(c, a.id, {
      from: a.offset ?? (a.from_start ? 'start' : 'last'),
      waitMs: a.wait_ms,
      until: a.until,
      maxBytes: a.max_bytes ?? DEFAULT_OUTPUT_BYTES,
      budget: 'head',
    }),
  format: (r) => readReply(r),
});
