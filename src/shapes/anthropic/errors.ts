// Anthropic's client tools: a failure goes back to the model as a tool_result with
// is_error: true and the message as its content. Most messages are the tools' own (thrown
// already worded, see `said`); failures the engine raises (a path outside the roots, a file
// system refusal, a command the shell policy refuses) are worded here. Every result also
// carries, as its structured data, the tool_result content block the host sends back.
import { EngineError, type ErrorKind } from '../../engine/index.js';
import { everyKind } from '../kit/failures/error-kinds.js';
import { errorTable, type Call, type Dialect, type KindWording } from '../common/define.js';
import type { ToolResult } from '../../registry/types.js';
import { anthropicDiagnostics } from './diagnostics.js';

/** A failure whose message is already the tool's words. */
export const said = (kind: ErrorKind, text: string, field?: string) =>
  new EngineError(kind, text, { field, facts: { worded: true } });

const EDITORS = new Set(['str_replace_based_edit_tool', 'str_replace_editor']);
const argPath = (args: unknown, err: EngineError) => {
  const a = (args ?? {}) as Record<string, unknown>;
  const p = err.field === 'new_path' ? a.new_path : (a.path ?? a.old_path);
  return typeof p === 'string' ? p : typeof err.facts.path === 'string' ? err.facts.path : '';
};
const readOnlyCommand = (args: unknown) => ((args ?? {}) as Record<string, unknown>).command === 'view';

/** The engine's message, with the "Error: " prefix Anthropic's documented errors carry. */
const plain = (err: EngineError) => (err.facts.worded ? err.message : `Error: ${err.message}`);

/** What the file system said, without the path the sentence names after it. */
const FS_CAUSES: Partial<Record<string, string>> = {
  read_only_fs: 'a read-only file system',
  no_space: 'a full disk (no space left on the device)',
};

/** I/O failures in the reference's words ("Ran into … while trying to read/write to …"). */
function ranInto(err: EngineError, args: unknown, c: Call): string {
  if (err.facts.worded) return err.message;
  if (!EDITORS.has(c.tool)) return plain(err);
  const what = (err.condition !== undefined ? FS_CAUSES[err.condition] : undefined) ?? err.message;
  return readOnlyCommand(args)
    ? `Ran into ${what} while trying to read ${argPath(args, err)}`
    : `Ran into ${what} while trying to write to ${argPath(args, err)}`;
}

const byKind = everyKind<KindWording<unknown>>(plain, {
  invalid_argument(err, args, c) {
    if (err.facts.worded) return err.message;
    const violations = err.facts.violations as Array<{ field: string; description: string }> | undefined;
    if (!violations) return plain(err);
    const command = ((args ?? {}) as Record<string, unknown>).command;
    const why = violations.map((v) => `Parameter \`${v.field}\` ${v.description}`).join('; ');
    return `${EDITORS.has(c.tool) || c.tool === 'memory' ? '' : 'Error: '}${why}${typeof command === 'string' ? ` (command: ${command})` : ''}`;
  },
  not_found: (err, _args, c) =>
    err.facts.worded ? err.message : EDITORS.has(c.tool) ? 'Error: File not found' : plain(err),
  permission_denied(err, args, c) {
    if (err.facts.worded) return err.message;
    if (!EDITORS.has(c.tool)) return plain(err);
    return readOnlyCommand(args)
      ? `Error: Permission denied. Cannot read file. ${err.message}`
      : `Error: Permission denied. Cannot write to file. ${err.message}`;
  },
  already_exists: ranInto,
  conflict: ranInto,
  precondition_failed: ranInto,
  resource_exhausted: ranInto,
  io_failed: ranInto,
  unsupported: ranInto,
});

/** A path outside the roots: the documented permission error, naming the roots. */
function outside(err: EngineError & { facts: { path: string; roots: string[] } }, args: unknown, c: Call): string {
  const where = `${err.facts.path} is outside the directories this session may use (${err.facts.roots.join(', ')}).`;
  if (!EDITORS.has(c.tool)) return `Error: ${where}`;
  return readOnlyCommand(args)
    ? `Error: Permission denied. Cannot read file. ${where}`
    : `Error: Permission denied. Cannot write to file. ${where}`;
}

/**
 * Every tool's output schema: its data is the tool_result block, which holds the whole result
 * (the text the model reads), so MCP serves it as structuredContent.
 */
export const TOOL_RESULT_OUTPUT = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['tool_result'] },
    content: { type: 'string' },
    is_error: { type: 'boolean' },
  },
  required: ['type'],
  additionalProperties: false,
};

/** The tool_result content block of a result, without tool_use_id (the host adds the id of the tool_use it answers). */
function toolResultOf(text: string, isError: boolean): Record<string, unknown> {
  return { type: 'tool_result', ...(text !== '' ? { content: text } : {}), ...(isError ? { is_error: true } : {}) };
}

function withToolResult(result: ToolResult): ToolResult {
  if (!('text' in result)) return result;
  const text = [result.text, ...(result.parts ?? [])].join('');
  return { ...result, data: { ...result.data, ...toolResultOf(text, result.failure !== undefined) } };
}

export const anthropicDialect: Dialect = {
  diagnostics: anthropicDiagnostics,
  errors: errorTable<unknown>({ outside_roots: outside, nul_in_path: outside }, byKind),
  after: withToolResult,
};
