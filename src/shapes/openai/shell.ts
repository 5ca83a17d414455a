// shell: the action of a Responses API shell_call: commands run one after another, each in
// its own bash from the session directory, each answered {stdout, stderr, outcome}. The
// result's data is the shell_call_output item a host sends back unchanged.
import { EngineError, NON_INTERACTIVE_ENV, plural } from '../../engine/index.js';
import { endedLines } from '../kit/text/ended-lines.js';
import { type EachEntry, type EachRun, runEach } from '../kit/shell/run-each.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { CALL_ID_MODE, CALL_ID_SCHEMA, inItem, outputItem, withCallId, wordingOf, type WithCallId } from './errors.js';
import {
  DEFAULT_TIMEOUT_MS,
  MAX_TIMEOUT_MS,
  NULLABLE_INT,
  NULL_AS_ABSENT_INT,
  OUTPUT_LIMIT,
  runOpts,
} from './output.js';
import { requestedTimeout } from '../kit/shell/timeout-arg.js';

interface Args extends WithCallId {
  commands: string[];
  timeout_ms?: number | null;
  max_output_length?: number | null;
}

const commands = { type: 'array', items: { type: 'string' } };
/** Served: no type arrays (see NULL_AS_ABSENT_INT). */
const SCHEMA = {
  type: 'object',
  properties: { commands, timeout_ms: NULL_AS_ABSENT_INT, max_output_length: NULL_AS_ABSENT_INT },
  required: ['commands'],
};
/** Checked: the nulls the API sends are accepted. */
const ARGS = {
  type: 'object',
  properties: { commands, timeout_ms: NULLABLE_INT, max_output_length: NULLABLE_INT },
  required: ['commands'],
};

/**
 * Commands taken in one call. OpenAI documents no limit; a model's action lists a handful. Past
 * this a call is refused before any runs: 100,000 commands run one by one would hold the call for
 * minutes however short each is.
 */
export const MAX_COMMANDS = 100;

/**
 * How long all the commands of one call may run together. OpenAI documents no such limit; without
 * one, 100 commands each allowed MAX_TIMEOUT_MS would hold a call for days. It is one command's
 * own ceiling: a single command may still use all of it, and the call ends within it whatever
 * the list. Past it the command running is killed (a timeout) and the rest are not run.
 */
export const CALL_LIMIT_MS = MAX_TIMEOUT_MS;

/** Refuses a list of commands longer than MAX_COMMANDS, naming the limit. */
function checkCount(a: Args): void {
  const n = a.commands.length;
  if (n <= MAX_COMMANDS) return;
  throw new EngineError(
    'invalid_argument',
    `${n} commands given; at most ${MAX_COMMANDS} are run in one call: chain them in fewer commands (with && or ;) or split them over several calls`,
    { field: 'commands', facts: { count: n, max: MAX_COMMANDS } },
  );
}

/** The limit of characters kept: the model's max_output_length, at most OUTPUT_LIMIT. */
const limitOf = (a: Args) =>
  Math.min(typeof a.max_output_length === 'number' ? Math.max(0, a.max_output_length) : OUTPUT_LIMIT, OUTPUT_LIMIT);

const outcome = (e: EachEntry) => (e.timedOut ? { type: 'timeout' } : { type: 'exit', exit_code: e.exitCode });

/** Why the call stopped at its limit, said of the last entry's command (killed, or never started). */
function deadlineNote(r: EachRun): string {
  const limit = `the call's limit of ${CALL_LIMIT_MS / 1000} s for all its commands together was reached`;
  const n = r.skipped;
  if (r.entries.at(-1)?.unstarted)
    return `${limit} before this command started; ${n > 0 ? `it and ${plural(n, 'more command')} were` : 'it was'} not run`;
  return `${limit}: this command was killed${n > 0 ? `; ${plural(n, 'more command')} not run` : ''}`;
}

/** The entries; at the call's limit, the last one's stderr ends with why (the item has no other place for it). */
function entriesOf(r: EachRun): EachEntry[] {
  if (!r.deadlinePassed) return r.entries;
  const last = r.entries.at(-1)!;
  const stderr = `${last.stderr}${last.stderr === '' || last.stderr.endsWith('\n') ? '' : '\n'}[${deadlineNote(r)}]\n`;
  return [...r.entries.slice(0, -1), { ...last, stderr }];
}

/** The output item for the host; it echoes the limit applied when the model gave one. */
const shellOutput = (args: Args, entries: EachEntry[]) =>
  outputItem('shell_call_output', args, {
    ...(typeof args.max_output_length === 'number' ? { max_output_length: limitOf(args) } : {}),
    output: entries.map((e) => ({ stdout: e.stdout, stderr: e.stderr, outcome: outcome(e) })),
  });

/** The model-facing text: each command, what it printed, and how it ended. */
function shown(a: Args, r: EachRun): string {
  const parts = entriesOf(r).map((e, i) => {
    const end = e.unstarted ? 'not run' : e.timedOut ? 'timed out' : `exit code ${e.exitCode}`;
    return `$ ${a.commands[i]}\n${endedLines([e.stdout, e.stderr], `[${end}]`)}`;
  });
  if (r.skipped > 0 && !r.deadlinePassed) parts.push(`[${plural(r.skipped, 'more command')} not run]`);
  return parts.join('\n');
}

/** The result: the text shown, the output item, and the host's facts. */
function reply(r: EachRun, a: Args): Reply {
  const n = a.commands.length;
  const last = r.entries.at(-1);
  const ran = r.entries.filter((e) => !e.unstarted).length;
  const atLimit = r.deadlinePassed
    ? new EngineError('timeout', deadlineNote(r), { facts: { limitMs: CALL_LIMIT_MS } })
    : undefined;
  const failure = r.failure ?? atLimit;
  const why = [r.failure?.message, atLimit?.message].filter((m) => m !== undefined).join('; ');
  return {
    text: shown(a, r),
    data: shellOutput(a, entriesOf(r)),
    host: {
      summary: `Ran ${ran} of ${plural(n, 'command')}${why ? `; ${why}` : ''}`,
      exitCode: last && (last.timedOut ? null : last.exitCode),
      truncated: r.truncated,
      counts: { commands: n, run: ran },
      details: { outcomes: r.entries.map(outcome), maxOutputLength: limitOf(a) },
    },
    failure,
  };
}

export const shell = defineTool<Args, EachRun>({
  name: 'shell',
  summary:
    'Run a list of shell commands in order (a Responses API shell_call action); stdout, stderr and outcome of each.',
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
  schema: SCHEMA,
  argumentsSchema: withCallId(ARGS),
  output: {
    type: 'object',
    properties: {
      type: { type: 'string', enum: ['shell_call_output'] },
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
              anyOf: [
                {
                  type: 'object',
                  properties: { type: { type: 'string', enum: ['exit'] }, exit_code: { type: 'integer' } },
                  required: ['type', 'exit_code'],
                  additionalProperties: false,
                },
                {
                  type: 'object',
                  properties: { type: { type: 'string', enum: ['timeout'] } },
                  required: ['type'],
                  additionalProperties: false,
                },
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
    `commands: at most ${MAX_COMMANDS} in one call (OpenAI documents no limit [unverified]); a longer list is refused before any runs (INVALID_ARGUMENT, the output item's one entry names the limit).`,
    "Default timeout_ms: not documented by OpenAI [unverified]; 60000 as the docs' sample executors use, each command separately, at most 3600000.",
    `All the commands of one call together run at most ${CALL_LIMIT_MS} ms (OpenAI documents no such limit [unverified]): each gets at most the time left; the one running at the limit is killed and reported {type: "timeout"}, the rest are not run (if the limit falls between two, the next is reported {type: "timeout"} unstarted), and the last entry's stderr ends with why (TIMEOUT).`,
    'Commands run one after another, never concurrently (the SDK calls them "ordered"); the server\'s command policy and roots apply as in every shape, and the tool is not served with --read-only.',
    CALL_ID_MODE,
  ],
  call: (a, c) => {
    checkCount(a);
    const own = Math.min(requestedTimeout(a.timeout_ms) ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
    return runEach(
      (command, left) =>
        c.engine.shell.run(c, { command, ...runOpts(Math.min(own, left), limitOf(a), NON_INTERACTIVE_ENV) }),
      a.commands,
      limitOf(a),
      (err) => wordingOf(err, a, c),
      Date.now() + CALL_LIMIT_MS,
    );
  },
  format: reply,
  errors: inItem((args, text) => shellOutput(args, [{ stdout: '', stderr: text, timedOut: false, exitCode: 1 }])),
});
