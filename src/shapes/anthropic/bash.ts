// bash (bash_20250124): one live bash process per session, so the working directory,
// variables and functions carry over from one command to the next. stdout and stderr come
// back together, in order; a non-zero exit status is reported (the reference drops it) and
// makes the result an error. `restart` starts a clean shell.
import { EngineError, type LiveOutcome, NON_INTERACTIVE_ENV } from '../../engine/index.js';
import { headCut } from '../kit/text/head-cut.js';
import { presentLines } from '../kit/text/present-lines.js';
import { secondsOf } from '../kit/text/seconds.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { said, TOOL_RESULT_OUTPUT } from './errors.js';

interface BashArgs {
  command?: string;
  restart?: boolean;
}

/** Lines of output shown at most (the docs' truncation helper). */
const MAX_LINES = 100;
/** Characters shown at most, for output of few but very long lines. */
const MAX_CHARS = 30_000;
/** Output bytes kept from one command. */
const KEPT_BYTES = 1024 * 1024;

const RESTARTED_NOTE =
  '<system>The bash session was restarted: the working directory, variables and background processes are gone.</system>';

function answer(out: LiveOutcome, timeoutMs: number): Reply {
  // The docs' truncation: the first 100 lines, then how many there were.
  const note = `\n\n... Output truncated (${out.totalLines} total lines) ...`;
  const { text, truncated } = headCut(out.output, {
    maxLines: MAX_LINES,
    maxChars: MAX_CHARS,
    note,
    cut: out.truncated,
  });
  const host = { truncated, counts: { outputBytes: out.totalBytes } };
  const end = out.end;
  if (end.type === 'exit') {
    const reset = out.cwdReset
      ? `<system>The working directory ${end.cwd} is outside the workspace; the shell went back to ${out.cwdReset.resetTo}.</system>`
      : '';
    const exited = { ...host, summary: `Exited with code ${end.code}`, exitCode: end.code, details: { cwd: end.cwd } };
    if (end.code === 0) return { text: presentLines(text, reset), host: exited };
    const failure = new EngineError('process_failed', `the command exited with code ${end.code}`, {
      facts: { exitCode: end.code },
    });
    return { text: presentLines(`<system>Exit code ${end.code}</system>`, text, reset), host: exited, failure };
  }
  if (end.type === 'timeout') {
    const words = `Error: command did not finish within ${secondsOf(timeoutMs)} seconds`;
    const failure = new EngineError('timeout', words, { facts: { timeoutMs } });
    return {
      text: `${words}\n${RESTARTED_NOTE}`,
      host: { ...host, summary: `Timed out after ${timeoutMs} ms; session restarted` },
      failure,
    };
  }
  if (end.type === 'cancelled')
    throw new EngineError(
      'cancelled',
      'the call was cancelled before the command finished; the bash session was restarted',
    );
  const words = `bash has exited with returncode ${end.code ?? end.signal}`;
  const failure = new EngineError('process_failed', words, { facts: { exitCode: end.code } });
  const shown = presentLines(text, words, '<system>The next command starts a new bash session.</system>');
  return { text: shown, host: { ...host, summary: words, exitCode: end.code }, failure };
}

export const bash = defineTool<BashArgs>({
  name: 'bash',
  summary:
    'Run a command in a persistent bash session (cd and variables carry over); restart: true starts a clean one.',
  description: [
    "Anthropic's bash tool (bash_20250124), executed by this server: one bash process per session, started in the session directory.",
    'Each command runs in it as typed, so cd, exported variables and functions persist to the next call. stdin is empty (no interactive programs);',
    'stdout and stderr come back together in order. A non-zero exit status is shown first as "<system>Exit code N</system>" and makes the result an error.',
    `Output over ${MAX_LINES} lines keeps the first ${MAX_LINES} and says how many there were; use head, tail or grep to see other parts.`,
    'A command that runs past the server\'s timeout is killed with the whole session, which starts again clean. {"restart": true} restarts it on request.',
    'Run servers and watchers in the background (cmd > log 2>&1 &).',
    'Give command, or restart true without one (checked when called: a call with neither is refused with an error result).',
  ],
  // No root anyOf (command, or restart: true): the model APIs refuse root combinators, so the
  // call checks it and the description says it.
  schema: { type: 'object', properties: { command: { type: 'string' }, restart: { type: 'boolean' } } },
  output: TOOL_RESULT_OUTPUT,
  tags: [TAGS.shell, TAGS.destructive],
  idempotency: 'side_effecting',
  examples: [
    { description: 'List the Python files', arguments: { command: 'ls -la *.py' }, expectedOutcome: 'The listing.' },
    { description: 'Start a clean session', arguments: { restart: true }, expectedOutcome: 'Bash session restarted' },
  ],
  errorModes: [
    'Every failure is a tool_result with is_error: true (the structured data holds that block).',
    'A non-zero exit: "<system>Exit code N</system>" then the output (PROCESS_FAILED). The reference sends only stderr as the error and drops the status; here output stays in order and the status is given.',
    'A timeout (--anthropic-bash-timeout-ms, default 120000): "Error: command did not finish within N seconds" (the current docs\' words) and a note that the session was restarted; as in the docs\' sample, the process group is killed and the next command gets a fresh shell (TIMEOUT).',
    'A command that ends the shell (exit, exec): the output, then "bash has exited with returncode N" (the reference\'s words) and a note that the next command starts a new session.',
    'Neither command nor restart: "no command provided." (the reference\'s words). restart together with command restarts and ignores the command, as the reference does (undocumented).',
    'A directory left outside the roots: the shell goes back to the first root, with a note. SECURITY_POLICY: the server\'s shell rules refuse the command, worded "Error: …".',
    `Output over ${MAX_LINES} lines or ${MAX_CHARS} characters: cut, followed by the docs' "... Output truncated (N total lines) ...".`,
    'Network access is whatever the server\'s host allows: the "no access to the internet" line of a third-party copy of the description is unverified and not promised here.',
  ],
  async call(args, c) {
    if (args.restart === true) {
      c.engine.shell.restartLive(c);
      return { text: 'Bash session restarted', host: { summary: 'Bash session restarted' } };
    }
    if (args.command === undefined || args.command === '')
      throw said('invalid_argument', 'no command provided.', 'command');
    const timeoutMs = c.config.anthropic.bashTimeoutMs;
    const out = await c.engine.shell.runLive(c, args.command, {
      timeoutMs,
      maxOutputBytes: KEPT_BYTES,
      env: NON_INTERACTIVE_ENV,
    });
    return answer(out, timeoutMs);
  },
});
