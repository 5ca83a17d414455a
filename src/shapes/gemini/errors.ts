// Gemini CLI's failures: each engine error gets the ToolErrorType Gemini would report for
// that tool (kept in the host block) and a message in our words carrying the same facts
// and remedy. Gemini sends a failed call to its model as {error: message}.
import { str } from '../kit/text/str.js';
import type { EngineError } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import type { Dialect } from '../common/define.js';
import { familyWording, type TypeTexts } from '../gemini-family/errors.js';
import { geminiDiagnostics } from './diagnostics.js';

/** Our wording of each error type, with the remedy a Gemini model would be given. */
const TEXT: TypeTexts = {
  path_not_in_workspace: (p, err) =>
    `Path not in workspace: "${str(err.facts.path ?? p)}" resolves to a location outside the workspace directories (${(err.facts.roots as string[]).join(', ')}). Use a path inside them.`,
  file_not_found: (p, _e, _a, tool) =>
    tool === 'replace'
      ? `File not found: ${p}. Nothing was edited; to create a new file, call replace with an empty old_string.`
      : `No file exists at ${p}, so it could not be read. Check the path (glob or list_directory can find it).`,
  target_is_directory: (p, _e, _a, tool) =>
    tool === 'write_file'
      ? `Path is a directory, not a file: ${p}. Give the path of a file to write.`
      : `${p} is a directory, not a file, so it cannot be read. Use list_directory to see what it holds.`,
  ls_execution_error: (p, err) =>
    err.kind === 'not_found'
      ? `Error: Directory not found: ${p}. Check the path with list_directory on its parent.`
      : undefined,
  path_is_not_a_directory: (p) => `Error: Path is not a directory: ${p}. Use read_file for files.`,
  search_path_not_found: (p) =>
    `Path does not exist: ${p}. Search a directory that exists (or leave dir_path out to search the workspace).`,
  search_path_not_a_directory: (p) => `Path is not a directory: ${p}. Give a directory to search in.`,
  file_too_large: (p, err) =>
    `File size exceeds the 20MB limit (${p} is ${str(err.facts.size)} bytes); read a smaller file, or use grep_search to find what you need.`,
  edit_no_occurrence_found: (p) =>
    `No exact match for 'old_string' was found in '${p}', so nothing was changed. The file may differ from what you remember (an earlier edit, or lines outside what you read): read_file the target lines and retry with text copied exactly.`,
  edit_expected_occurrence_mismatch: (p, err) =>
    `Failed to edit: 'old_string' must match exactly one place but it matches ${str(err.facts.count)} places in ${p}. Add surrounding lines to make it unique, or set 'allow_multiple' to true to replace every occurrence.`,
  edit_no_change: (p) => `No changes to apply: old_string and new_string are identical (file: ${p}).`,
  attempt_to_create_existing_file: (p) =>
    `File already exists, cannot create: ${p}. An empty old_string only creates new files; give the text to replace instead.`,
  invalid_tool_params: (_p, err) => `Invalid parameters: ${err.message}.`,
  web_search_failed: (_p, err, args) => `Error during web search for query "${str(args.query)}": ${err.message}`,
  web_fetch_fallback_failed: (_p, err) => `Error during fetch: ${err.message}`,
  read_content_failure: (p, err) => `Could not read ${p}: ${err.message}.`,
  // The MCP resource tools' own messages are the vendor's (vendors/gemini/0.61.0.json).
  mcp_resource_not_found: (_p, err) => err.message,
  mcp_tool_error: (_p, err) => err.message,
};

/** Every Gemini tool's failures: its error type in details.error_type, our words for the model. */
export const geminiDialect: Dialect = {
  diagnostics: geminiDiagnostics,
  errors: familyWording(TEXT, (a, err) => str(a.file_path ?? a.dir_path ?? err.facts.path ?? err.facts.resolved)),
};

/** Errors raised before a handler runs (schema validation) or thrown past it. */
export function geminiFormatError(err: EngineError, tool: ToolDefinition | undefined): string {
  if (err.kind === 'invalid_argument') return `Invalid parameters: ${err.message}`;
  return `Error executing tool ${tool?.name ?? ''}: ${err.message}`;
}
