// The openai dialect: the words of a failed call, as the plain sentences OpenAI's own sample
// executors send back ("Error: File not found at path '…'"), and the output item a host
// forwards to the Responses API. The reference's V4A messages are passed on unchanged.
import type { EngineError as Failure } from '../../engine/index.js';
import { str } from '../kit/text/str.js';
import { everyKind } from '../kit/failures/error-kinds.js';
import { type Call, type Dialect, errorTable, type KindWording, type Reply } from '../common/define.js';
import { openaiDiagnostics } from './diagnostics.js';

/** A call item's call_id, echoed into the output item when the host passes it with the arguments. */
export interface WithCallId {
  call_id?: string;
}

/** Arguments carry call_id only to have it echoed: the output item gets it first, as the API lists it. */
const callIdOf = (args: unknown): WithCallId =>
  typeof (args as WithCallId)?.call_id === 'string' ? { call_id: (args as WithCallId).call_id } : {};

export const CALL_ID_SCHEMA = { type: 'string', minLength: 1, maxLength: 64 };

/** A tool's output item for the host: its type, the call_id echoed, then its own fields. */
export const outputItem = (type: string, args: unknown, fields: Record<string, unknown>) => ({
  type,
  ...callIdOf(args),
  ...fields,
});

/** The schema arguments are checked against: the served one, which may also carry call_id. */
export const withCallId = (s: { properties: object }) => ({
  ...s,
  properties: { ...s.properties, call_id: CALL_ID_SCHEMA },
});

export const CALL_ID_MODE =
  'call_id: the arguments are the call item\'s operation/action object, which has no call_id; a host may add "call_id" (1-64 characters) to them and it is echoed in the output item (data), otherwise the output item has none and the host adds it before sending.';

/** The engine's message as a sentence: a capital first, a stop last. */
const said = (err: Failure) =>
  `Error: ${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}${/[.!?:]$/.test(err.message) ? '' : '.'}`;

const BY_KIND = everyKind<KindWording<unknown>>(said, {
  invalid_argument(err) {
    const violations = err.facts.violations as Array<{ field: string; description: string }> | undefined;
    return violations
      ? `Error: invalid arguments: ${violations.map((v) => `${v.field} ${v.description}`).join('; ')}`
      : said(err);
  },
  not_found: (err) =>
    typeof err.facts.path === 'string' ? `Error: File not found at path '${err.facts.path}'` : said(err),
});

const outside = (err: Failure & { facts: { path: string; roots: string[] } }) =>
  `Error: ${err.facts.path} is outside the workspace (${err.facts.roots.join(', ')}); use a path inside it.`;

const openaiWording = errorTable<unknown>(
  {
    outside_roots: outside,
    nul_in_path: outside,
    root_outside_scope: outside,
    // The reference apply_diff's own messages, unchanged: a model was trained on them.
    invalid_diff: (err) => err.facts.reason,
    diff_mismatch: (err) => err.facts.reason,
    file_missing: (err) => `Error: File not found at path '${err.facts.path}'`,
    path_missing: (err) =>
      err.field === 'working_directory'
        ? `Error: Directory not found at path '${err.facts.path}'`
        : `Error: File not found at path '${err.facts.path}'`,
    read_only_fs: (err) => `Error: ${err.facts.path} is on a read-only file system.`,
    no_space: (err) => `Error: no space left on the device for ${err.facts.path}.`,
    file_exists: (err) =>
      `Error: File already exists at path '${err.facts.path}'. Use an update_file operation to change it, or delete_file first to replace it.`,
    policy_denied: (err) =>
      `Error: the command policy of this server refuses ${str(err.facts.program)} (rule ${str(err.facts.rule)}).`,
    // The Agents SDK's own checks of an apply_patch operation.
    unknown_diff_operation: (err) => `Unknown apply_patch operation: ${err.facts.type}`,
    diff_without_path: () => 'Apply patch operation is missing a valid path.',
    diff_payload_missing: (err) => `Apply patch operation ${err.facts.type} is missing the required diff payload.`,
  },
  BY_KIND,
);

/** The openai dialect: every failure in plain words; each tool wraps them in its output item. */
export const openaiDialect: Dialect = { diagnostics: openaiDiagnostics, errors: openaiWording };

/** The text of a failure in openai's words. */
export function wordingOf(err: Failure, args: unknown, c: Call): string {
  const said = openaiWording(err, args, c);
  return typeof said === 'object' ? said.text : (said ?? err.message);
}

/** A tool's failure words: openai's text, with the output item `item` makes of it as the data. */
export const inItem =
  <A>(item: (args: A, text: string) => Record<string, unknown>) =>
  (err: Failure, args: A, c: Call): Reply => {
    const text = wordingOf(err, args, c);
    return { text, data: item(args, text) };
  };
