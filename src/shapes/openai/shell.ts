// shell: the action of a Responses API shell_call: commands run one after another, each in
// its own bash from the session directory, each answered {stdout, stderr, outcome}. The
// result's data is the shell_call_output item a host sends back unchanged.
import { EngineError, isEngineError, NON_INTERACTIVE_ENV, shellExitCode } from '../../engine/index.js';
import { type Call, defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { CALL_ID_MODE, CALL_ID_SCHEMA, callIdOf, openaiWords, type WithCallId } from './errors.js';
import { captureBytes, captured, DEFAULT_TIMEOUT_MS, headChars, MAX_TIMEOUT_MS, OUTPUT_LIMIT, timeoutOf } from './output.js';

interface Args extends WithCallId {
  commands: string[];
  timeout_ms?: number | null;
  max_output_length?: number | null;
}

type Outcome = { type: 'exit'; exit_code: number } | { type: 'timeout' };
export interface ShellEntry {
  stdout: string;
  stderr: string;
  outcome: Outcome;
}

interface Ran {
  entries: ShellEntry[];
  /** Characters kept of all the output: max_output_length, at most OUTPUT_LIMIT. */
  limit: number;
  truncated: boolean;
  /** The first command that did not exit 0 (timed out, failed, or could not start). */
  failure?: EngineError;
  /** Commands not run because one before them timed out or could not start. */
  skipped: number;
}

const NULLABLE_INT = { type: ['integer', 'null'] };

/** The output item for the host. */
export const shellOutput = (args: unknown, entries: ShellEntry[], maxOutputLength: number | undefined) => ({
  type: 'shell_call_output',
  ...callIdOf(args),
  ...(maxOutputLength !== undefined ? { max_output_length: maxOutputLength } : {}),
  output: entries,
});

/** The limit the output item echoes: the model's, lowered to ours (absent when the model gave none). */
const echoed = (a: Args, limit: number) => (typeof a.max_output_length === 'number' ? limit : undefined);

async function runAll(a: Args, c: Call): Promise<Ran> {
  const asked = typeof a.max_output_length === 'number' ? Math.max(0, a.max_output_length) : OUTPUT_LIMIT;
  const limit = Math.min(asked, OUTPUT_LIMIT);
  let budget = limit;
  let truncated = false;
  const entries: ShellEntry[] = [];
  let failure: EngineError | undefined;
  const keep = (s: string, cut: boolean) => {
    const h = headChars(s, budget);
    budget -= h.used;
    if (cut || h.text.length < s.length) truncated = true;
    return h.text;
  };
  for (const [i, command] of a.commands.entries()) {
    let r;
    try {
      r = await c.engine.shell.run(c, {
        command,
        timeoutMs: timeoutOf(a.timeout_ms),
        defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
        maxTimeoutMs: MAX_TIMEOUT_MS,
        streams: 'separate',
        maxOutputBytes: captureBytes(limit),
        headShare: 1,
        env: NON_INTERACTIVE_ENV,
      });
    } catch (err) {
      // A command that cannot start (refused by the policy, bad line) ends the call here.
      if (!isEngineError(err) || err.kind === 'cancelled' || err.kind === 'internal') throw err;
      const said = openaiWords(err, a, c);
      const reason = typeof said === 'object' ? said.text : (said ?? err.message);
      entries.push({ stdout: '', stderr: keep(reason, false), outcome: { type: 'exit', exit_code: 1 } });
      return { entries, limit, truncated, failure: failure ?? err, skipped: a.commands.length - i - 1 };
    }
    const stdout = keep(captured(r.stdout), r.stdout.truncated);
    const stderr = keep(captured(r.stderr), r.stderr.truncated);
    if (r.timedOut) {
      entries.push({ stdout, stderr, outcome: { type: 'timeout' } });
      const timedOut = new EngineError('timeout', `${command}: ran past ${r.timeoutMs} ms and was killed`, { facts: { timeoutMs: r.timeoutMs } });
      return { entries, limit, truncated, failure: failure ?? timedOut, skipped: a.commands.length - i - 1 };
    }
    const code = shellExitCode(r.exitCode, r.signal);
    entries.push({ stdout, stderr, outcome: { type: 'exit', exit_code: code } });
    failure ??= code !== 0 ? exitError(command, code, r.signal) : undefined;
  }
  return { entries, limit, truncated, failure, skipped: 0 };
}

const exitError = (command: string, exitCode: number, signal: string | null) =>
  new EngineError('process_failed', `${command}: exited with code ${exitCode}`, { facts: { exitCode, signal } });

/** The model-facing text: each command, what it printed, and how it ended. */
function shown(a: Args, entries: ShellEntry[], skipped: number): string {
  const parts = entries.map((e, i) => {
    const end = e.outcome.type === 'timeout' ? 'timed out' : `exit code ${e.outcome.exit_code}`;
    const out = [e.stdout, e.stderr].filter((s) => s !== '').map((s) => (s.endsWith('\n') ? s : `${s}\n`));
    return `$ ${a.commands[i]}\n${out.join('')}[${end}]`;
  });
  if (skipped > 0) parts.push(`[${skipped} more command${skipped === 1 ? '' : 's'} not run]`);
  return parts.join('\n');
}

function reply(a: Args, r: Ran): Reply {
  const codes = r.entries.map((e) => (e.outcome.type === 'exit' ? e.outcome.exit_code : null));
  return {
    text: shown(a, r.entries, r.skipped),
    data: shellOutput(a, r.entries, echoed(a, r.limit)),
    host: {
      summary: `Ran ${r.entries.length} of ${a.commands.length} command${a.commands.length === 1 ? '' : 's'}${r.failure ? `; ${r.failure.message}` : ''}`,
      exitCode: codes.length > 0 ? codes[codes.length - 1] : undefined,
      truncated: r.truncated,
      counts: { commands: a.commands.length, run: r.entries.length },
      details: { outcomes: r.entries.map((e) => e.outcome), maxOutputLength: r.limit },
    },
    failure: r.failure,
  };
}

export const shell = defineTool<Args, Ran>({
  name: 'shell',
  summary: 'Run a list of shell commands in order (a Responses API shell_call action); stdout, stderr and outcome of each.',
  description: [
    'The arguments are the `action` object of a shell_call item. Each string of `commands` runs with bash, one after',
    'another, each in a fresh shell started in the session directory (nothing carries over from one to the next:',
    'chain with && or cd inside one command). Each gets {stdout, stderr, outcome}: {type: "exit", exit_code} or, when',
    `it runs past timeout_ms (default ${DEFAULT_TIMEOUT_MS}, per command), {type: "timeout"} with what it printed;`,
    'after a timeout the remaining commands are not run. stdin is closed. max_output_length caps the characters kept',
    "of all the output together: each command's stdout then stderr in turn take the head of one shared budget, and",
    `the rest is dropped without a marker (at most ${OUTPUT_LIMIT} characters, also when it is absent).`,
    'The result text shows each command and its output; the structured data is the shell_call_output item',
    '{type, call_id?, max_output_length?, output: [...]} to send back as it is.',
  ],
  schema: {
    type: 'object',
    properties: { commands: { type: 'array', items: { type: 'string' } }, timeout_ms: NULLABLE_INT, max_output_length: NULLABLE_INT },
    required: ['commands'],
  },
  argumentsSchema: {
    type: 'object',
    properties: { commands: { type: 'array', items: { type: 'string' } }, timeout_ms: NULLABLE_INT, max_output_length: NULLABLE_INT, call_id: CALL_ID_SCHEMA },
    required: ['commands'],
  },
  output: {
    type: 'object',
    properties: {
      type: { const: 'shell_call_output' },
      call_id: CALL_ID_SCHEMA,
      max_output_length: { type: 'integer' },
      output: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            stdout: { type: 'string' },
            stderr: { type: 'string' },
            outcome: {
              oneOf: [
                {
                  type: 'object',
                  properties: { type: { const: 'exit' }, exit_code: { type: 'integer' } },
                  required: ['type', 'exit_code'],
                  additionalProperties: false,
                },
                { type: 'object', properties: { type: { const: 'timeout' } }, required: ['type'], additionalProperties: false },
              ],
            },
          },
          required: ['stdout', 'stderr', 'outcome'],
          additionalProperties: false,
        },
      },
    },
    required: ['type', 'output'],
    additionalProperties: false,
  },
  tags: [TAGS.shell, TAGS.destructive],
  examples: [
    {
      description: 'List files',
      arguments: { commands: ['ls -l'], timeout_ms: 120000, max_output_length: 4096 },
      expectedOutcome: 'One output entry with the listing and exit_code 0.',
    },
    {
      description: 'Run the tests, then show the status',
      arguments: { commands: ['npm test', 'git status --short'] },
      expectedOutcome: 'Two entries, in order.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'Every result carries the shell_call_output item, failures included: a non-zero exit is its exit_code (the call is reported PROCESS_FAILED, naming the first command that failed); a timeout is {type: "timeout"} with the partial output (the call is reported TIMEOUT).',
    "A command the server's command policy refuses, or one that cannot start, gets exit_code 1 and the reason as its stderr; the commands after it are not run (SECURITY_POLICY, INVALID_ARGUMENT...).",
    "max_output_length: OpenAI does not document how it truncates (head or tail, per command or combined) [unverified]; this follows the Agents SDK: the head of one budget shared by all streams in order, no marker, and the limit applied is echoed as max_output_length (lowered to 100000 when larger). The docs' older advice to send the raw output was not followed: a model must not be flooded.",
    "Default timeout_ms: not documented by OpenAI [unverified]; 60000 as the docs' sample executors use, each command separately, at most 3600000.",
    'Commands run one after another, never concurrently (the SDK calls them "ordered"); the server\'s command policy and roots apply as in every shape, and the tool is not served with --read-only.',
    CALL_ID_MODE,
  ],
  call: runAll,
  format: (r, a) => reply(a, r),
  errors(err, args, c) {
    const said = openaiWords(err, args, c);
    const text = typeof said === 'object' ? said.text : (said ?? err.message);
    return { text, data: shellOutput(args, [{ stdout: '', stderr: text, outcome: { type: 'exit', exit_code: 1 } }], undefined) };
  },
});
