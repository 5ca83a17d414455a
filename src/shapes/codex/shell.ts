// shell (legacy): an argv run with execvp to completion; a JSON result.
import type { ArgsOf } from '../kit/args/schema-args.js';
import { patchFromArgv } from '../kit/files/patch-invocation.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { NUMBER, STRING, STRINGS } from './schema.js';
import { APPROVAL_MODE, checkApproval } from './approval.js';
import { structuredOutput, withWarning } from './output.js';
import { DEFAULT_TIMEOUT_MS, execute, FAILURE_MODE, timeoutNote, type Ran } from './run.js';

const schema = {
  type: 'object',
  properties: {
    command: STRINGS,
    justification: STRING,
    prefix_rule: STRINGS,
    sandbox_permissions: STRING,
    timeout_ms: NUMBER,
    workdir: STRING,
  },
  required: ['command'],
  additionalProperties: false,
} as const;

export const shell = defineTool<ArgsOf<typeof schema>, Ran>({
  name: 'shell',
  summary: 'Run a program from an argv list (no shell unless you call one) to completion; JSON output and exit code.',
  description: [
    '`command` is an argv run directly (execvp): prefix shell syntax with ["bash", "-lc", "..."]. Runs in `workdir`',
    `(default: the session directory; inside the roots), stdin closed, at most timeout_ms (default ${DEFAULT_TIMEOUT_MS}).`,
    'The answer is JSON: {"output": <stdout and stderr>, "metadata": {"exit_code": N, "duration_seconds": S}}.',
    'Output over 10000 tokens keeps its first and last 20000 bytes with "…N tokens truncated…" between, after a',
    '"Warning: truncated output (original token count: N)" header and the total line count.',
    '["apply_patch", PATCH] applies a patch instead of running anything.',
  ],
  schema,
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Run a shell line',
      arguments: { command: ['bash', '-lc', 'ls -a'], workdir: '.' },
      expectedOutcome: 'JSON with the listing and exit_code 0.',
    },
    {
      description: 'Run a program directly',
      arguments: { command: ['git', '--version'] },
      expectedOutcome: 'JSON with the version line.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    FAILURE_MODE,
    APPROVAL_MODE,
    'INVALID_ARGUMENT: an empty argv, or a lone patch without "apply_patch" before it. NOT_FOUND: the program or workdir does not exist (exit code 127 for a missing program).',
  ],
  async call(args, c) {
    checkApproval(args);
    return execute(c, args.command, patchFromArgv(args.command), args);
  },
  format: (ran) => ({
    text: structuredOutput(
      timeoutNote(ran) + withWarning(ran.output),
      ran.exitCode,
      Math.round(ran.durationMs / 100) / 10,
    ),
    host: ran.host,
    failure: ran.failure,
  }),
});
