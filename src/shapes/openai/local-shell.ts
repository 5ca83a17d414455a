// local_shell: the exec action of a Responses API local_shell_call (codex-mini): an argv run
// without a shell, with the model's environment variables and working directory. The result's
// data is the local_shell_call_output item a host sends back unchanged.
import { NON_INTERACTIVE_ENV, type RunOutcome } from '../../engine/index.js';
import { endedLines } from '../kit/text/ended-lines.js';
import { endFailure, runHost } from '../kit/shell/run-host.js';
import { HeadBudget } from '../kit/shell/heads-in-turn.js';
import { requireOwnUser } from '../kit/shell/own-user.js';
import { shellExitCode } from '../kit/shell/settle.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { CALL_ID_MODE, CALL_ID_SCHEMA, inItem, outputItem, type WithCallId } from './errors.js';
import {
  DEFAULT_TIMEOUT_MS,
  NULLABLE_INT,
  NULL_AS_ABSENT_INT,
  MAX_TIMEOUT_MS,
  OUTPUT_LIMIT,
  runOpts,
} from './output.js';

interface Args extends WithCallId {
  type: 'exec';
  command: string[];
  env: Record<string, string>;
  timeout_ms?: number | null;
  working_directory?: string | null;
  user?: string | null;
}

const NULLABLE_STRING = { type: ['string', 'null'] };
const NULL_AS_ABSENT_STRING = { type: 'string', description: 'Optional; null is taken as absent.' };
const COMMON = {
  type: { type: 'string', enum: ['exec'] },
  command: { type: 'array', items: { type: 'string' } },
  env: { type: 'object', additionalProperties: { type: 'string' } },
};
/** Served: no type arrays (Gemini and OpenAI strict mode refuse them). */
const PROPERTIES = {
  ...COMMON,
  timeout_ms: NULL_AS_ABSENT_INT,
  working_directory: NULL_AS_ABSENT_STRING,
  user: NULL_AS_ABSENT_STRING,
};
/** Checked: the nulls the API sends are accepted. */
const CHECKED = { ...COMMON, timeout_ms: NULLABLE_INT, working_directory: NULLABLE_STRING, user: NULLABLE_STRING };

/** The output item for the host. */
const localShellOutput = (args: unknown, output: string) => outputItem('local_shell_call_output', args, { output });

/** stdout then stderr, cut to OUTPUT_LIMIT characters, then how the command ended when it did not exit 0. */
function reply(a: Args, r: RunOutcome): Reply {
  const kept = new HeadBudget(OUTPUT_LIMIT);
  const output =
    kept.keep(r.stdout) + kept.keep(r.stderr) + (kept.truncated ? `\n[output cut at ${OUTPUT_LIMIT} characters]` : '');
  const exitCode = r.timedOut ? null : shellExitCode(r.exitCode, r.signal);
  const status = r.timedOut ? `Timed out after ${r.timeoutMs} ms` : exitCode !== 0 ? `Exit code: ${exitCode}` : '';
  const text = status === '' ? output : endedLines([output], status);
  const host = runHost(r, exitCode, kept.truncated, {
    stdoutBytes: r.stdout.totalBytes,
    stderrBytes: r.stderr.totalBytes,
  });
  return { text, data: localShellOutput(a, text), host, failure: endFailure(a.command.join(' '), r, exitCode) };
}

export const localShell = defineTool<Args, RunOutcome>({
  name: 'local_shell',
  summary: 'Run one program from an argv list (a Responses API local_shell_call exec action); its stdout and stderr.',
  description: [
    'The arguments are the `action` object of a local_shell_call item. `command` is an argv run directly, without a',
    'shell (use ["bash", "-lc", "..."] for shell syntax), in `working_directory` (default: the session directory; it',
    'must be inside the roots), with `env` added to the environment, for at most timeout_ms',
    `(default ${DEFAULT_TIMEOUT_MS}). stdin is closed. The output is stdout followed by stderr; a command that does not`,
    'exit 0 gets "Exit code: N" (or "Timed out after N ms") on a line after it. `user` may only name the user the',
    'server runs as. The structured data is the local_shell_call_output item {type, call_id?, output} to send back.',
  ],
  schema: { type: 'object', properties: PROPERTIES, required: ['type', 'command', 'env'] },
  argumentsSchema: {
    type: 'object',
    properties: { ...CHECKED, call_id: CALL_ID_SCHEMA },
    required: ['type', 'command', 'env'],
  },
  output: {
    type: 'object',
    properties: {
      type: { type: 'string', enum: ['local_shell_call_output'] },
      call_id: CALL_ID_SCHEMA,
      output: { type: 'string' },
    },
    required: ['type', 'output'],
    additionalProperties: false,
  },
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'List a directory',
      arguments: { type: 'exec', command: ['ls', '-la'], env: {} },
      expectedOutcome: 'The listing as output.',
    },
    {
      description: 'Run the tests in a subdirectory with a variable set',
      arguments: {
        type: 'exec',
        command: ['bash', '-lc', 'npm test'],
        env: { CI: '1' },
        working_directory: 'web',
        timeout_ms: 120000,
      },
      expectedOutcome: 'The test output; "Exit code: N" after it when they fail.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'Every result carries the local_shell_call_output item, failures included, with the error in output (as the docs ask).',
    'A non-zero exit: the output ends with "Exit code: N" (PROCESS_FAILED); a timeout kills the program and everything it started and ends the output with "Timed out after N ms" (TIMEOUT). The docs\' sample sends only stdout and stderr; the exit status is added because a model needs it.',
    "user: the API passes it and the reference implementations ignore it; here a user other than the server's own is refused (PERMISSION_DENIED), since commands cannot change user.",
    'env: added to the environment commands get; variables of the server (FACET_*) and shell start-up files (BASH_ENV, ENV) cannot be set.',
    'working_directory outside the roots (PERMISSION_DENIED) or missing (NOT_FOUND); a program that does not exist (NOT_FOUND); a program the command policy refuses (SECURITY_POLICY).',
    `timeout_ms is a hint in the docs; absent, 0 or null means ${DEFAULT_TIMEOUT_MS}, and no command runs past ${MAX_TIMEOUT_MS}. Output over ${OUTPUT_LIMIT} characters keeps its head and says where it was cut.`,
    'The output item: the docs send {type, call_id, output}; the generated SDK types name the key id and call output "a JSON string" [conflicting]. The documented form is kept: call_id, and output as plain text.',
    CALL_ID_MODE,
  ],
  call(a, c) {
    requireOwnUser(a.user, 'user');
    const opts = runOpts(a.timeout_ms, OUTPUT_LIMIT, { ...NON_INTERACTIVE_ENV, ...a.env });
    return c.engine.shell.run(c, {
      command: a.command,
      workdir: a.working_directory ?? undefined,
      workdirField: 'working_directory',
      ...opts,
    });
  },
  format: (r, a) => reply(a, r),
  errors: inItem(localShellOutput),
});
