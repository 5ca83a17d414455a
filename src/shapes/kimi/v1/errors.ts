// Kimi CLI's result framing and its words for failures. A tool's short message goes to the
// model inside <system>…</system> (errors as <system>ERROR: …</system>), followed by the
// tool's output as its own text part; a result with neither says the output is empty.
// Failures are one or two plain sentences, paths in backticks; a failure's host block names
// only the tool (and, for file tools, the path). Our words; the facts are the engine's.
import type { EngineError } from '../../../engine/index.js';
import { CappedText } from '../../kit/text/capped.js';
import { errorTable, firstWording, type Dialect, type Reply } from '../../common/define.js';
import { kimiDiagnostics } from './diagnostics.js';

export const MAX_CHARS = 50_000;
export const system = (message: string): string => `<system>${message}</system>`;

/** A successful Kimi answer: the message (if any) framed, then the output (if any). */
export function kimiOk(
  message: string,
  output: string,
  host: Reply['host'] = {},
  more: Omit<Reply, 'text' | 'host'> = {},
): Reply {
  const parts = [...(message ? [system(message)] : []), ...(output ? [output] : []), ...(more.parts ?? [])];
  if (parts.length === 0 && !more.blobs?.length) parts.push(system('Tool output is empty.'));
  const [text = '', ...rest] = parts;
  return { ...more, text, ...(rest.length > 0 ? { parts: rest } : {}), host };
}

/** A failed Kimi answer: the framed error, then any output; the host block keeps only what is given. */
export function kimiFail(message: string, output = '', host: Reply['host'] = {}, failure?: EngineError): Reply {
  const bare = { summary: undefined, failure: undefined, paths: undefined, routedTo: undefined };
  return {
    text: `<system>ERROR: ${message}</system>`,
    ...(output ? { parts: [output] } : {}),
    host: { ...bare, ...host },
    ...(failure ? { failure } : {}),
  };
}

/** Output capped as Kimi's result builder does: 50,000 characters, 2,000 per line (null: no line cap). */
export const capped = (text: string, maxLine: number | null = 2000): CappedText =>
  new CappedText(MAX_CHARS, maxLine).write(text);

/** The message with Kimi's note added when the output was cut. */
export function cutNote(message: string, truncated: boolean, endWithPeriod = true): string {
  const m = message && endWithPeriod && !message.endsWith('.') ? `${message}.` : message;
  const note = 'Output is truncated to fit in the message.';
  return !truncated ? m : m ? `${m} ${note}` : note;
}

const sentence = (s: string): string => (/[.!?]$/.test(s) ? s : `${s}.`);

/** The message (without framing) for any engine error. */
export function kimiMessage(err: EngineError): string {
  const f = err.facts;
  const p = typeof f.path === 'string' ? f.path : undefined;
  const violations = f.violations as Array<{ field: string; description: string }> | undefined;
  if (err.kind === 'invalid_argument' && violations) {
    return `The arguments do not fit the tool's parameters: ${violations.map((v) => `${v.field || 'arguments'} ${v.description}`).join('; ')}. Correct them and call again.`;
  }
  if (p !== undefined) {
    if (err.kind === 'not_found') return `\`${p}\` does not exist.`;
    if (f.isDirectory || f.notRegular) return `\`${p}\` is not a file.`;
    if (err.condition === 'read_only_fs') return `\`${p}\` is on a read-only file system.`;
    if (err.condition === 'no_space') return `No space is left on the device for \`${p}\`.`;
    if (err.kind === 'permission_denied' && Array.isArray(f.roots))
      return `\`${p}\` is outside the workspace (${f.roots.join(', ')}); use a path inside it.`;
  }
  return sentence(err.message);
}

/** Kimi's wording follows the facts, not the kind: every kind not worded by condition gets the same plain words. */
const plain = (err: EngineError): Reply => kimiFail(kimiMessage(err));

export const kimiDialect: Dialect = {
  diagnostics: kimiDiagnostics,
  errors: firstWording(
    errorTable<unknown>({
      job_missing: (err) =>
        kimiFail(
          `There is no background task \`${err.facts.job}\` in this session; TaskList shows the tasks there are.`,
        ),
    }),
    plain,
  ),
};
