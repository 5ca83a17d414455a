// Qwen Code's failures: Gemini CLI's ToolErrorType names plus Qwen's own (prior read,
// task_stop), kept in the host block as details.error_type; messages in our words with the
// same facts and remedy. Qwen sends a failed call to its model as {error: message}.
import type { EngineError } from '../../engine/index.js';
import { str } from '../kit/text/str.js';
import { unescapeShellPath } from '../kit/files/path-escapes.js';
import type { Dialect } from '../common/define.js';
import { familyWording, type TypeText, type TypeTexts } from '../gemini-family/errors.js';
import { badParams } from '../gemini-family/shared.js';
import { qwenDiagnostics } from './diagnostics.js';
import { SAFETY_FOOTER } from './web-search.js';

const fetchFailed: TypeText = (_p, err, args) => `Error during fetch for ${str(args.url)}: ${err.message}`;
const stopFailed: TypeText = (_p, err) => `${err.message}.`;

/** Qwen's wording by error type. */
const TEXT: TypeTexts = {
  path_not_in_workspace: (p, err) =>
    `Path not in workspace: ${str(err.facts.path ?? p)} is outside the workspace directories (${(err.facts.roots as string[]).join(', ')}); this server does not ask for permission to go further. Use a path inside them.`,
  file_not_found: (p, _e, _a, tool) =>
    tool === 'edit'
      ? `File not found: ${p}. Nothing was edited; to create a new file, call edit with an empty old_string.`
      : `No file exists at ${p}, so it could not be read. Check the path with glob or list_directory.`,
  ls_execution_error: (p, err) =>
    err.kind === 'not_found' ? `Error listing directory: ${p} does not exist.` : undefined,
  target_is_directory: (p, _e, _a, tool) =>
    tool === 'read_file'
      ? `${p} is a directory, not a file; use list_directory to see its entries.`
      : `${p} is a directory; give the path of a file.`,
  path_is_not_a_directory: (p) => `Error: ${p} is not a directory; use read_file for files.`,
  search_path_not_found: (p) =>
    `Path does not exist: ${p}. Search a directory that exists, or leave path out to search the workspace.`,
  search_path_not_a_directory: (p) => `Path is not a directory: ${p}.`,
  file_too_large: (p, err) =>
    `File size exceeds the 10MB limit (${p} is ${str(err.facts.size)} bytes); use grep_search to find the part you need.`,
  edit_no_occurrence_found: (p) =>
    `Failed to edit: old_string was not found in ${p} (0 occurrences), so nothing was changed. Copy the text exactly as the file has it (no added escaping; same whitespace and indentation); read_file shows the current content.`,
  edit_expected_occurrence_mismatch: (p, err) =>
    `Failed to edit: old_string occurs ${str(err.facts.count)} times in ${p} and replace_all is not set. Add surrounding context so it matches once, or set replace_all to true.`,
  edit_no_change: (p) => `No changes to apply: the new content of ${p} would be identical to the current one.`,
  attempt_to_create_existing_file: (p) =>
    `File already exists, cannot create: ${p}. An empty old_string only creates new files.`,
  edit_requires_prior_read: (p) =>
    `File ${p} has not been read in this session. Use the read_file tool on it first (a partial read with offset/limit is enough), then retry.`,
  file_changed_since_read: (p) =>
    `File ${p} has changed since it was last read in this session. Read it again with read_file, then retry with its current content.`,
  invalid_tool_params: (_p, err) => `Error: Invalid parameters provided. Reason: ${err.message}`,
  policy_violation: (_p, err, args, tool) =>
    tool === 'web_fetch'
      ? `Error during fetch for ${str(args.url)}: ${err.message}. This server does not fetch private, loopback or cloud-metadata addresses; use a public URL.`
      : undefined,
  // A site's 401/403 is a refusal by that site, not by the file system.
  permission_denied: (p, err, args, tool) => (tool === 'web_fetch' ? fetchFailed(p, err, args, tool) : undefined),
  web_fetch_fallback_failed: fetchFailed,
  task_stop_not_found: stopFailed,
  task_stop_not_running: stopFailed,
};

const dialectOf = (texts: TypeTexts): Dialect => ({
  diagnostics: qwenDiagnostics,
  errors: familyWording(texts, (a, err) => str(a.file_path ?? a.path ?? a.directory ?? err.facts.path)),
});

/** Every Qwen tool's failures (as served for 0.15.10): its error type in details.error_type, words for the model. */
export const qwenDialect: Dialect = dialectOf(TEXT);

/**
 * 0.24.4's texts where the capture quotes what its model sees (vendors/qwen/0.24.4.json): a failed call's text is the
 * error message alone.
 */
const TEXT_0244: TypeTexts = {
  file_not_found: (p, err, args, tool) =>
    tool === 'read_file' || tool === 'edit' ? `File not found: ${p}` : TEXT.file_not_found!(p, err, args, tool),
  edit_no_occurrence_found: (p) =>
    `Failed to edit, 0 occurrences found for old_string in ${p}. No edits made. The exact text in old_string was not found. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.`,
  edit_expected_occurrence_mismatch: (p, err) =>
    `Failed to edit. Found ${str(err.facts.count)} occurrences for old_string in ${p} but replace_all was not enabled.`,
  attempt_to_create_existing_file: (p) => `File already exists, cannot create: ${p}`,
  edit_requires_prior_read: (p, _e, _a, tool) =>
    tool === 'write_file'
      ? `File ${p} has not been read in this session. Use the read_file tool first to load the current content (read the full file \u2014 overwriting replaces every byte, so any unseen bytes would be discarded) before overwriting it.`
      : `File ${p} has not been read in this session. Use the read_file tool first to load the current content (a partial read with offset / limit is fine \u2014 you only need to have seen the bytes you intend to edit) before editing it.`,
  task_stop_not_found: (_p, err) => `Task not found: ${str(err.facts.task_id)}`,
  // Qwen sends a failed search's message with the footer of its results.
  web_search_backend_failed: (_p, err) => `${err.message}${SAFETY_FOOTER}`,
  web_search_no_results: (_p, err) => `${err.message}${SAFETY_FOOTER}`,
};

/** Qwen Code 0.24.4's failures: 0.15.10's, with the texts 0.24.4 was seen to send. */
export const qwenDialect0244: Dialect = dialectOf({ ...TEXT, ...TEXT_0244 });

/** Errors raised before a handler runs (schema validation) or thrown past it, in Qwen's framing. */
export function qwenFormatError(err: EngineError): string {
  if (err.kind === 'invalid_argument') return `Error: Invalid parameters provided. Reason: ${err.message}`;
  return `Error: Tool call execution failed. Reason: ${err.message}`;
}

/** Qwen's file tools take absolute paths only: the path with shell escapes undone. */
export function requireAbsolute(p: string, field: string): string {
  if (!p.startsWith('/'))
    throw badParams(`${field} must be an absolute path, but "${p}" is relative; give the full path`, field, {
      path: p,
    });
  return unescapeShellPath(p);
}
