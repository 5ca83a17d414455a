// shell_command: a command string run to completion in a login shell; a freeform text result.
import { lineCount } from '../kit/text/text-cut.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { patchFromScript } from '../kit/files/patch-invocation.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { BOOLEAN, NUMBER, STRING, STRINGS } from './schema.js';
import { additionalPermissionsSchema, APPROVAL_MODE, checkApproval, sandboxPermissionsSchema } from './approval.js';
import { middle } from './output.js';
import { DEFAULT_TIMEOUT_MS, execute, FAILURE_MODE, timeoutNote, type Ran } from './run.js';

const BUDGET_NOTE =
  'Output (stdout and stderr together) over 10000 tokens (40000 bytes) keeps its first and last 20000 bytes with "…N tokens truncated…" between.';

const schema = {
  type: 'object',
  properties: {
    additional_permissions: additionalPermissionsSchema,
    command: STRING,
    justification: STRING,
    login: BOOLEAN,
    prefix_rule: STRINGS,
    sandbox_permissions: sandboxPermissionsSchema,
    timeout_ms: NUMBER,
    workdir: STRING,
  },
  required: ['command'],
  additionalProperties: false,
} as const;

export const shellCommand = defineTool<ArgsOf<typeof schema>, Ran>({
  name: 'shell_command',
  summary: 'Run a shell command to completion and get its exit code and output; set workdir instead of using cd.',
  description: [
    'Runs `command` with bash -lc (a login shell; login: false for bash -c) in `workdir` (default: the session directory; must be inside the roots) and waits for it to end,',
    `at most timeout_ms (default ${DEFAULT_TIMEOUT_MS}). Stdin is closed; nothing persists between calls (a cd does not carry over).`,
    'The answer is text: "Exit code: N", "Wall time: S seconds" (one decimal), "Total output lines: N" when cutting the output changed its line count, then "Output:" and the output.',
    BUDGET_NOTE,
    'A command that is an apply_patch heredoc is applied as a patch instead.',
    'For servers, watchers or anything interactive use exec_command.',
  ],
  schema,
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'Show the files of the session directory',
      arguments: { command: 'ls -a', workdir: '.' },
      expectedOutcome: 'Exit code: 0 and the listing.',
    },
    {
      description: 'Run the test suite with more time',
      arguments: { command: 'npm test', workdir: '.', timeout_ms: 120000 },
      expectedOutcome: 'The test output and its exit code.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    FAILURE_MODE,
    BUDGET_NOTE,
    APPROVAL_MODE,
    "NOT_FOUND / PERMISSION_DENIED: workdir missing or outside the roots. SECURITY_POLICY: the server's command rules refuse the command.",
  ],
  async call(args, c) {
    checkApproval(args);
    // As in Codex, the command runs in a login shell (`bash -lc`) unless login is false.
    return execute(c, args.command, patchFromScript(args.command), { ...args, login: args.login !== false });
  },
  format(ran) {
    const lines = [`Exit code: ${ran.exitCode}`, `Wall time: ${(ran.durationMs / 1000).toFixed(1)} seconds`];
    const shown = middle(ran.output);
    // Codex names the original line count only when cutting changed it (a cut inside one long line does not).
    if (ran.output.truncated && lineCount(shown) !== ran.output.totalLines)
      lines.push(`Total output lines: ${ran.output.totalLines}`);
    lines.push('Output:', timeoutNote(ran) + shown);
    return { text: lines.join('\n'), host: ran.host, failure: ran.failure };
  },
});
