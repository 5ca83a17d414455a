// bash: a command in the current directory; "cd <dir>" alone changes the directory for later
// calls and the file tools. grok-dev 1.x (`bash`): a timeout in ms (default 30 s), background
// processes numbered 1, 2, 3… (process_*.ts), the result as JSON. Grok CLI 0.0.34 (`bash0034`):
// a fixed 30 s timeout, plain text.
import path from 'node:path';
import { type CapturedText, type EngineError, NON_INTERACTIVE_ENV } from '../../engine/index.js';
import { cutStreams } from '../kit/shell/stream-cut.js';
import { plainCd } from '../kit/shell/plain-cd.js';
import { ranOrCancelled } from '../kit/shell/run-or-cancelled.js';
import { runFailure } from '../kit/shell/run-failure.js';
import { streamRunHost } from '../kit/shell/run-streams.js';
import { defineTool, errorTable, type Reply } from '../common/define.js';
import { namingShell } from '../common/shell-named.js';
import { TAGS } from '../tags.js';
import { devFail, devOk, devWords, zodObject } from './dev-result.js';
import { startBackground } from './processes.js';

const TIMEOUT_MS = 30_000;
const RUN = {
  timeoutMs: TIMEOUT_MS,
  maxTimeoutMs: TIMEOUT_MS,
  env: NON_INTERACTIVE_ENV,
  input: '',
  maxOutputBytes: 1 << 20,
};

interface Args {
  command: string;
}

/** What stands where a stream's middle was left out. */
const GAP = (o: CapturedText) => `\n... (${o.omittedBytes} bytes left out) ...\n`;
const cdWording = (e: EngineError, what: string) =>
  typeof e.facts.cdTarget === 'string' ? `Cannot change directory: ${e.facts.cdTarget} ${what}` : undefined;

// The description names the configured shell where the table writes {shell}.
export const bash0034 = namingShell(
  defineTool<Args>({
    name: 'bash',
    summary: 'Run a shell command (30 s limit) in the current directory; "cd <dir>" changes it for later calls.',
    description: [
      'Runs the command with {shell} -c in the current directory, with stdin closed and a fixed',
      '30-second timeout (the command and everything it started are killed then). Each call is a new',
      'shell, so variables do not carry over, but a command that is exactly "cd <dir>" changes the current',
      'directory for later bash calls and for the paths of the file tools ("Changed directory to: <dir>");',
      'the directory must stay inside the workspace. A compound line such as "cd sub && make" runs in a',
      'shell and does not change it. The result is stdout, then "STDERR: " and stderr when there is any;',
      '"Command executed successfully (no output)" when there is none. Output over 1 MiB keeps its start and end.',
    ],
    schema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      { description: 'Run the tests', arguments: { command: 'npm test' }, expectedOutcome: 'The test output.' },
      {
        description: 'Move into a sub-directory',
        arguments: { command: 'cd src' },
        expectedOutcome: 'Changed directory to: <absolute path>',
      },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      'PROCESS_FAILED: non-zero exit ("Command failed: <command> (exit code N)" then the output); the output is kept, unlike Grok CLI.',
      'TIMEOUT: ran past 30 s and was killed; the output so far follows the message.',
      'CANCELLED: the call was cancelled while it ran; it was killed and the output so far follows the message.',
      'NOT_FOUND / PERMISSION_DENIED: "cd" to a directory that does not exist or is outside the workspace ("Cannot change directory: …").',
      "SECURITY_POLICY_FAILED: the server's allow/deny rules refuse a command of the line. INVALID_ARGUMENT: empty command.",
    ],
    async call({ command }, c): Promise<Reply> {
      // The engine's condition stays (one condition, one code); cdTarget marks it as a cd for the wording.
      const dir = await plainCd(c.engine.shell, c, command, 'command');
      if (dir) return { text: `Changed directory to: ${dir}`, host: { paths: [dir], details: { cwd: dir } } };
      const { run: r, cancelled } = await ranOrCancelled(c.engine.shell.run(c, { command, ...RUN }));
      if (cancelled) {
        const shown = cancelled.text.trim();
        return {
          text: `Command failed: ${command} (cancelled before it finished)${shown ? `\n${shown}` : ''}`,
          failure: cancelled.err,
        };
      }
      const { stdout, stderr } = cutStreams(r, GAP);
      const output = (stdout + (stderr ? `\nSTDERR: ${stderr}` : '')).trim();
      const host = streamRunHost(r);
      const failure = runFailure(r, output, host.truncated);
      if (!failure) return { text: output || 'Command executed successfully (no output)', host };
      const why = r.timedOut
        ? `timed out after ${TIMEOUT_MS / 1000} s and was killed`
        : r.signal
          ? `killed by ${r.signal}`
          : `exit code ${r.exitCode}`;
      return { text: `Command failed: ${command} (${why})${output ? `\n${output}` : ''}`, failure, host };
    },
    errors: errorTable<Args>({
      path_missing: (e) => cdWording(e, 'does not exist'),
      not_a_directory: (e) => cdWording(e, 'is not a directory'),
      outside_roots: (e) => cdWording(e, `is outside the workspace (${e.facts.roots.join(', ')})`),
    }),
  }),
);

/** grok-dev runs a foreground command for at most this long unless the call says otherwise. */
const DEV_TIMEOUT_MS = 30_000;
/** Facet's ceiling on a foreground timeout (grok-dev has none): one hour. */
const DEV_MAX_TIMEOUT_MS = 3_600_000;
/** grok-dev's exec buffer: output past it fails the command there; here its middle is left out. */
const DEV_MAX_OUTPUT = 10 << 20;

interface DevArgs {
  command: string;
  timeout?: number;
  background?: boolean;
}

const devSchema = zodObject(
  { command: { type: 'string' }, timeout: { type: 'number' }, background: { type: 'boolean' } },
  ['command'],
);

/** A cd grok-dev refuses, in its words: the target is shown resolved against the current directory. */
const devCd = (
  e: EngineError,
  what: (abs: string) => string,
  c: { session: { cwd?: string }; scope: { primary: string } },
) =>
  typeof e.facts.cdTarget === 'string'
    ? `Cannot change directory: ${what(path.resolve(c.session.cwd ?? c.scope.primary, e.facts.cdTarget.replace(/^["']|["']$/g, '')))}`
    : undefined;

export const bash = namingShell(
  defineTool<DevArgs>({
    name: 'bash',
    summary: 'Run a shell command (timeout in ms, default 30000), or start it in the background with background=true.',
    description: [
      'Executes a command with {shell} -c in the current directory, a new shell per call (variables do not carry over).',
      'Use it for ls, find, git, builds, package managers and tests; search file contents with grep and read or change',
      'files with the file tools. timeout is in milliseconds (default 30000); a command still running then is killed.',
      'A command that starts with "cd " changes the current directory for later calls and for relative file paths.',
      'background=true returns at once with a process id (1, 2, 3…) for process_logs, process_stop and process_list;',
      'at most 8 run at a time. The answer is stdout, then "STDERR: " and stderr when there is any.',
    ],
    ...devSchema,
    tags: [TAGS.shell, TAGS.destructive],
    examples: [
      {
        description: 'Run the tests',
        arguments: { command: 'npm test', timeout: 120000 },
        expectedOutcome: '{"success":true,"output":"<test output>"}',
      },
      {
        description: 'Start a dev server',
        arguments: { command: 'npm run dev', background: true },
        expectedOutcome: 'Background process started (id: 1, pid: <pid>) and how to follow it.',
      },
    ],
    idempotency: 'side_effecting',
    errorModes: [
      '{"success":false,"output":…}: the command failed (its output, else "Command failed: Command failed: <command>"),',
      'ran past its timeout and was killed, or was cancelled ("[Cancelled]"); a cd to a missing directory or a file',
      '("Cannot change directory: …"); 8 background processes already run ("Too many background processes (8/8). …").',
      "A cd or working directory outside the workspace is refused, and the server's allow/deny rules may refuse a command.",
    ],
    async call({ command, timeout, background }, c): Promise<Reply> {
      if (background) return startBackground(c, command);
      const dir = await plainCd(c.engine.shell, c, command, 'command');
      if (dir) return devOk(`Changed directory to: ${dir}`, {}, { paths: [dir], details: { cwd: dir } });
      const timeoutMs = typeof timeout === 'number' && timeout > 0 ? Math.trunc(timeout) : DEV_TIMEOUT_MS;
      const run = { timeoutMs, maxTimeoutMs: DEV_MAX_TIMEOUT_MS, env: NON_INTERACTIVE_ENV, input: '' };
      const { run: r, cancelled } = await ranOrCancelled(
        c.engine.shell.run(c, { command, ...run, maxOutputBytes: DEV_MAX_OUTPUT }),
      );
      if (cancelled) return devFail('[Cancelled]', cancelled.err);
      const { stdout, stderr } = cutStreams(r, GAP);
      const output = (stdout + (stderr ? `\nSTDERR: ${stderr}` : '')).trim();
      const host = streamRunHost(r);
      const failure = runFailure(r, output, host.truncated);
      if (!failure) return devOk(output || 'Command executed successfully (no output)', {}, host);
      return { ...devFail(output || `Command failed: Command failed: ${command}`, failure), host };
    },
    errors: devWords<DevArgs>(devSchema.schema, {
      path_missing: (e, _a, c) => devCd(e, (abs) => `ENOENT: no such file or directory, stat '${abs}'`, c),
      not_a_directory: (e, _a, c) => devCd(e, (abs) => `${abs} is not a directory`, c),
      outside_roots: (e, _a, c) =>
        devCd(e, (abs) => `${abs} is outside the workspace (${e.facts.roots.join(', ')})`, c),
    }),
  }),
);
