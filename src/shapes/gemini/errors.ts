// Gemini CLI's failures: each engine error gets the ToolErrorType Gemini would report for
// that tool (kept in the host block) and a message in our words carrying the same facts
// and remedy. Gemini sends a failed call to its model as {error: message}.
import { str } from '../../engine/index.js';
import type { EngineError } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import type { Dialect } from '../common/define.js';
import { familyErrorType, familyWords } from '../common/gemini-family-errors.js';
import { geminiDiagnostics } from './diagnostics.js';

const shown = (err: EngineError): string => str(err.facts.path ?? err.facts.resolved);

/** Our wording of each failure, with the remedy a Gemini model would be given. */
function textFor(tool: string, err: EngineError, type: string, args: Record<string, unknown>): string | undefined {
  const p = str(args.file_path ?? args.dir_path ?? shown(err));
  switch (type) {
    case 'path_not_in_workspace':
      return `Path not in workspace: "${str(err.facts.path ?? p)}" resolves to a location outside the workspace directories (${(err.facts.roots as string[]).join(', ')}). Use a path inside them.`;
    case 'file_not_found':
      if (tool === 'replace') return `File not found: ${p}. Nothing was edited; to create a new file, call replace with an empty old_string.`;
      return `No file exists at ${p}, so it could not be read. Check the path (glob or list_directory can find it).`;
    case 'target_is_directory':
      return tool === 'write_file'
        ? `Path is a directory, not a file: ${p}. Give the path of a file to write.`
        : `${p} is a directory, not a file, so it cannot be read. Use list_directory to see what it holds.`;
    case 'ls_execution_error':
      if (err.kind === 'not_found') return `Error: Directory not found: ${p}. Check the path with list_directory on its parent.`;
      return undefined;
    case 'path_is_not_a_directory':
      return `Error: Path is not a directory: ${p}. Use read_file for files.`;
    case 'search_path_not_found':
      return `Path does not exist: ${p}. Search a directory that exists (or leave dir_path out to search the workspace).`;
    case 'search_path_not_a_directory':
      return `Path is not a directory: ${p}. Give a directory to search in.`;
    case 'file_too_large':
      return `File size exceeds the 20MB limit (${p} is ${str(err.facts.size)} bytes); read a smaller file, or use grep_search to find what you need.`;
    case 'edit_no_occurrence_found':
      return `No exact match for 'old_string' was found in '${p}', so nothing was changed. The file may differ from what you remember (an earlier edit, or lines outside what you read): read_file the target lines and retry with text copied exactly.`;
    case 'edit_expected_occurrence_mismatch':
      return `Failed to edit: 'old_string' must match exactly one place but it matches ${str(err.facts.count)} places in ${p}. Add surrounding lines to make it unique, or set 'allow_multiple' to true to replace every occurrence.`;
    case 'edit_no_change':
      return `No changes to apply: old_string and new_string are identical (file: ${p}).`;
    case 'attempt_to_create_existing_file':
      return `File already exists, cannot create: ${p}. An empty old_string only creates new files; give the text to replace instead.`;
    case 'invalid_tool_params':
      return `Invalid parameters: ${err.message}.`;
    case 'web_search_failed':
      return `Error during web search for query "${str(args.query)}": ${err.message}`;
    case 'web_fetch_fallback_failed':
      return `Error during fetch: ${err.message}`;
    case 'read_content_failure':
      return `Could not read ${p}: ${err.message}.`;
    default:
      return undefined;
  }
}

/** Gemini's list_directory reports a directory that is not there as a failed listing. */
const geminiType = (tool: string, err: EngineError): string =>
  tool === 'list_directory' && err.kind === 'not_found' ? 'ls_execution_error' : familyErrorType(tool, err);

/** Every Gemini tool's failures: its error type in details.error_type, our words for the model. */
export const geminiDialect: Dialect = {
  diagnostics: geminiDiagnostics,
  errors: familyWords(textFor, geminiType),
};

/** Errors raised before a handler runs (schema validation) or thrown past it. */
export function geminiFormatError(err: EngineError, tool: ToolDefinition | undefined): string {
  if (err.kind === 'invalid_argument') return `Invalid parameters: ${err.message}`;
  return `Error executing tool ${tool?.name ?? ''}: ${err.message}`;
}
