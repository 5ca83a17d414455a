// exec_command (Codex "unified exec"): a command starts as a process of the session; the call
// waits up to yield_time_ms and returns what it printed, with the exit code if it ended or a
// session id to poll or type into with write_stdin if it still runs.
import type { ArgsOf } from '../kit/args/schema-args.js';
import { patchFromScript } from '../kit/files/patch-invocation.js';
import { handleFor } from '../kit/shell/handles.js';
import { lineIn } from '../kit/shell/line-in.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { BOOLEAN, NUMBER, STRING, STRINGS } from './schema.js';
import {
  additionalPermissionsSchema,
  APPROVAL_MODE,
  checkApproval,
  ESCALATION_MODE,
  NEVER_ESCALATE,
  sandboxPermissionsSchema,
} from './approval.js';
import {
  BUDGET_MODE,
  execReply,
  OUTPUT_SCHEMA,
  readAnswer,
  readOpts,
  since,
  tokenBudget,
  YIELD_MS,
  type ExecOutput,
} from './exec-reply.js';
import { sentPatch } from './patch.js';
import { patchToolText } from './patch-text.js';
import { sentPatchRun } from '../kit/files/patch-run.js';
import { cutText } from '../kit/text/text-cut.js';
import { middle } from './output.js';
import { EXEC_ENV } from './run.js';

const EXEC_YIELD_MS = 10_000;

/** The schema as the first capture declared it (served as codex@0.149.0). */
const schema149 = {
  type: 'object',
  properties: {
    additional_permissions: additionalPermissionsSchema,
    cmd: STRING,
    environment_id: STRING,
    ingress: { type: 'integer' },
    justification: STRING,
    login: BOOLEAN,
    max_output_tokens: NUMBER,
    prefix_rule: STRINGS,
    sandbox_permissions: sandboxPermissionsSchema,
    shell: STRING,
    tty: BOOLEAN,
    workdir: STRING,
    yield_time_ms: NUMBER,
  },
  required: ['cmd'],
  additionalProperties: false,
} as const;

/** Codex CLI 0.171.0's schema: no ingress or environment_id, and additional_permissions only behind a feature. */
const { additional_permissions: _ap, environment_id: _env, ingress: _in, ...kept } = schema149.properties;
const schema = {
  ...schema149,
  properties: { ...kept, sandbox_permissions: { type: 'string', enum: ['use_default', 'require_escalated'] } },
} as const;

type Args = ArgsOf<typeof schema149>;

/** exec_command with the release's schema and the words that differ between releases. */
const execCommandOf = (
  schemaOf: typeof schema149 | typeof schema,
  words: { login: string; approval: string; ignored: string; refusal?: string; patchAsTool?: boolean },
) =>
  defineTool<Args, ExecOutput>({
    name: 'exec_command',
    fields: { command: 'cmd' },
    summary:
      'Run a shell command; get its output and exit code, or a session id to poll or type into if it keeps running.',
    description: [
      'Runs `cmd` with bash -lc (or `shell` -lc; -c with login: false) in `workdir` (default: the session directory; must be inside the roots).',
      `The call waits up to yield_time_ms (default ${EXEC_YIELD_MS}, between ${YIELD_MS.min} and ${YIELD_MS.max}) for the command to finish.`,
      'The answer lists "Chunk ID", "Wall time: <s> seconds", then "Process exited with code N" if it finished,',
      'or "Process running with session ID N" if not (use write_stdin with that id to read more, or to type into it),',
      'then "Original token count" and "Output:" with what it printed (stdout and stderr together) during the call.',
      BUDGET_MODE,
      '`tty: true` runs it on a pseudo-terminal with stdin open (needed for write_stdin input, REPLs, prompts); without tty stdin is closed.',
      words.login,
      'Running processes end with the session; there is no other time limit, so stop servers yourself (write_stdin "\\u0003" on a tty).',
    ],
    schema: schemaOf,
    output: OUTPUT_SCHEMA,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'List the files of the project',
        arguments: { cmd: 'ls -a', workdir: '.' },
        expectedOutcome: 'Process exited with code 0 and the listing.',
      },
      {
        description: 'Start a Python prompt to type into',
        arguments: { cmd: 'python3 -i', tty: true, yield_time_ms: 1000 },
        expectedOutcome: 'Process running with session ID N.',
      },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      'A command that exits non-zero is not an error: read "Process exited with code N" and the output.',
      BUDGET_MODE,
      words.approval,
      "NOT_FOUND / PERMISSION_DENIED: workdir missing or outside the roots. SECURITY_POLICY: the server's command rules refuse the command (the message names the rule).",
      'RESOURCE_EXHAUSTED: the session already has the maximum number of running processes; end one first.',
      words.ignored,
    ],
    async call(args, c) {
      const started = performance.now();
      checkApproval(args, words.refusal);
      const budget = tokenBudget(args.max_output_tokens);
      const intercepted = patchFromScript(args.cmd);
      if (intercepted && words.patchAsTool) {
        // 0.171.0 answers with apply_patch's own text behind the wall time (no chunk id or exit line).
        const run = await sentPatchRun(c.engine.files, c.engine.shell, c, intercepted, args.workdir, true);
        const output = cutText(patchToolText(run, c), budget);
        return { wallSeconds: since(started), patchText: middle(output), output, extra: {}, failure: run.error };
      }
      if (intercepted) {
        const { run, output, host } = await sentPatch(c, intercepted, args.workdir, budget);
        return {
          wallSeconds: since(started),
          exitCode: run.exitCode,
          output,
          extra: { patch: { tool: c.tool, ...host } },
          failure: run.error,
        };
      }
      // As in Codex, the command runs in a login shell (`bash -lc`) unless login is false; a terminal session reads the
      // profile.
      const login = args.login !== false;
      const tty = args.tty === true;
      const env = tty ? EXEC_ENV : { ...EXEC_ENV, TERM: 'dumb' };
      const job = await c.engine.shell.start(c, {
        ...lineIn(args.cmd, login, args.shell),
        workdir: args.workdir,
        startupFiles: tty,
        tty,
        stdin: tty,
        description: c.tool,
        env,
      });
      const r = await c.engine.shell.output(c, job.id, readOpts(args.yield_time_ms ?? EXEC_YIELD_MS, budget));
      return readAnswer(r, started, { jobId: job.id, pid: job.pid }, () => handleFor(c.session, job.id));
    },
    format: execReply,
  });

/** The first capture's exec_command, served as codex@0.149.0 (and its alias 0.169.0). */
export const execCommand149 = execCommandOf(schema149, {
  login:
    "The command runs in a login shell (bash -lc) unless login is false; the user's profile is read on a tty only, as in a terminal. A command that is an apply_patch heredoc is applied as a patch instead of being run.",
  approval: APPROVAL_MODE,
  ignored:
    'environment_id and ingress are accepted and ignored (one environment). justification and prefix_rule are ignored (no approvals).',
});

/** Codex CLI 0.171.0's exec_command. */
export const execCommand = execCommandOf(schema, {
  login:
    "login requests login-shell startup; omitted, it is inherited (a login shell, bash -lc). The user's profile is read on a tty only, as in a terminal. A command that is an apply_patch heredoc is applied as a patch instead of being run.",
  approval: ESCALATION_MODE,
  refusal: NEVER_ESCALATE,
  patchAsTool: true,
  ignored: 'justification and prefix_rule are ignored (no approvals).',
});
