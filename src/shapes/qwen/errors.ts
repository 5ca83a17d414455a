// Qwen Code's failures: Gemini CLI's ToolErrorType names plus Qwen's own (prior read,
// task_stop), kept in the host block; messages in our words with the same facts and
// remedy. Qwen sends a failed call to its model as {error: message}.
import type { EngineError } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { familyErrors, type FamilyErrors } from '../common/gemini-family.js';
import { str } from '../common/str.js';

function textFor(tool: string, err: EngineError, type: string, args: Record<string, unknown>): string | undefined {
  const p = str(args.file_path ?? args.path ?? args.directory ?? err.facts.path);
  // A site's 401/403 is a refusal by that site, not by the file system.
  if (tool === 'web_fetch' && type === 'permission_denied') return `Error during fetch for ${str(args.url)}: ${err.message}`;
  switch (type) {
    case 'path_not_in_workspace':
      return `Path not in workspace: ${str(err.facts.path ?? p)} is outside the workspace directories (${(err.facts.roots as string[]).join(', ')}); this server does not ask for permission to go further. Use a path inside them.`;
    case 'file_not_found':
      if (tool === 'edit') return `File not found: ${p}. Nothing was edited; to create a new file, call edit with an empty old_string.`;
      return `No file exists at ${p}, so it could not be read. Check the path with glob or list_directory.`;
    case 'ls_execution_error':
      if (err.kind === 'not_found') return `Error listing directory: ${p} does not exist.`;
      return undefined;
    case 'target_is_directory':
      return tool === 'read_file' ? `${p} is a directory, not a file; use list_directory to see its entries.` : `${p} is a directory; give the path of a file.`;
    case 'path_is_not_a_directory':
      return `Error: ${p} is not a directory; use read_file for files.`;
    case 'search_path_not_found':
      return `Path does not exist: ${p}. Search a directory that exists, or leave path out to search the workspace.`;
    case 'search_path_not_a_directory':
      return `Path is not a directory: ${p}.`;
    case 'file_too_large':
      return `File size exceeds the 10MB limit (${p} is ${str(err.facts.size)} bytes); use grep_search to find the part you need.`;
    case 'edit_no_occurrence_found':
      return `Failed to edit: old_string was not found in ${p} (0 occurrences), so nothing was changed. Copy the text exactly as the file has it (no added escaping; same whitespace and indentation); read_file shows the current content.`;
    case 'edit_expected_occurrence_mismatch':
      return `Failed to edit: old_string occurs ${str(err.facts.count)} times in ${p} and replace_all is not set. Add surrounding context so it matches once, or set replace_all to true.`;
    case 'edit_no_change':
      return `No changes to apply: the new content of ${p} would be identical to the current one.`;
    case 'attempt_to_create_existing_file':
      return `File already exists, cannot create: ${p}. An empty old_string only creates new files.`;
    case 'edit_requires_prior_read':
      return `File ${p} has not been read in this session. Use the read_file tool on it first (a partial read with offset/limit is enough), then retry.`;
    case 'file_changed_since_read':
      return `File ${p} has changed since it was last read in this session. Read it again with read_file, then retry with its current content.`;
    case 'invalid_tool_params':
      return `Error: Invalid parameters provided. Reason: ${err.message}`;
    case 'policy_violation':
      if (tool !== 'web_fetch') return undefined;
      return `Error during fetch for ${str(args.url)}: ${err.message}. This server does not fetch private, loopback or cloud-metadata addresses; use a public URL.`;
    case 'web_fetch_fallback_failed':
      return `Error during fetch for ${str(args.url)}: ${err.message}`;
    case 'task_stop_not_found':
    case 'task_stop_not_running':
      return `${err.message}.`;
    default:
      return undefined;
  }
}

export function qwenErrors<A>(tool: string): FamilyErrors<A> {
  const family = familyErrors<A>(tool, textFor);
  if (tool !== 'list_directory') return family;
  // Qwen's list_directory reports a missing directory as a listing failure, not file_not_found.
  return {
    ...family,
    type: (err, args) => (err.kind === 'not_found' && typeof err.facts.errorType !== 'string' ? 'ls_execution_error' : family.type(err, args)),
  };
}

/** Errors raised before a handler runs (schema validation) or thrown past it, in Qwen's framing. */
export function qwenFormatError(err: EngineError, _tool: ToolDefinition | undefined): string {
  if (err.kind === 'invalid_argument') return `Error: Invalid parameters provided. Reason: ${err.message}`;
  return `Error: Tool call execution failed. Reason: ${err.message}`;
}
