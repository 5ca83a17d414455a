// The ToolErrorType identifiers of Gemini CLI and its fork Qwen Code (kept in the host block
// as details.error_type), which tool gets which for each failure, the messages both word
// alike, and the error words of a defineTool table that carry the type.
import { str } from '../../engine/index.js';
import type { Condition, EngineError } from '../../engine/index.js';
import type { Reply, Words } from './define.js';

/** The error type both vendors give most engine failures, whatever the tool. */
function commonErrorType(err: EngineError): string | undefined {
  const f = err.facts;
  if (err.kind === 'permission_denied' && Array.isArray(f.roots)) return 'path_not_in_workspace';
  if (err.kind === 'permission_denied') return 'permission_denied';
  if (err.condition === 'file_too_large') return 'file_too_large';
  if (err.kind === 'resource_exhausted' && (f.code === 'ENOSPC' || f.code === 'EFBIG')) return 'no_space_left';
  if (err.kind === 'invalid_argument' && f.isDirectory) return 'target_is_directory';
  if (err.kind === 'security_policy') return 'policy_violation';
  return undefined;
}

/** The error type of a file edit's condition (replace / edit / write_file). */
const EDIT_TYPES: { [C in Condition]?: string } = {
  no_match: 'edit_no_occurrence_found',
  ambiguous: 'edit_expected_occurrence_mismatch',
  count_mismatch: 'edit_expected_occurrence_mismatch',
  no_change: 'edit_no_change',
  file_exists: 'attempt_to_create_existing_file',
  file_missing: 'file_not_found',
  not_read: 'edit_requires_prior_read',
  partial_read: 'edit_requires_prior_read',
  modified_since_read: 'file_changed_since_read',
};

/** Error type of a file edit (replace / edit / write_file). */
function editErrorType(err: EngineError): string {
  const byCondition = err.condition !== undefined ? EDIT_TYPES[err.condition] : undefined;
  if (byCondition) return byCondition;
  if (err.kind === 'not_found') return 'file_not_found';
  if (err.kind === 'io_failed') return 'file_write_failure';
  return commonErrorType(err) ?? (err.kind === 'invalid_argument' ? 'invalid_tool_params' : 'edit_preparation_failure');
}

/** What a tool's failures are typed when they are neither invalid arguments nor common: by tool. */
const OTHER_TYPES: Record<string, string> = {
  read_many_files: 'read_many_files_search_error',
  run_shell_command: 'shell_execute_error',
  web_fetch: 'web_fetch_fallback_failed',
};

/** The error type of a failure of `tool`; the tool names the two vendors share map alike. */
export function familyErrorType(tool: string, err: EngineError): string {
  if (typeof err.facts.errorType === 'string') return err.facts.errorType;
  if (tool === 'replace' || tool === 'edit' || tool === 'write_file') return editErrorType(err);
  const common = commonErrorType(err);
  if (common) return common;
  const invalid = err.kind === 'invalid_argument';
  const notDir = invalid && err.facts.notDirectory;
  switch (tool) {
    case 'read_file':
      if (err.kind === 'not_found') return 'file_not_found';
      return invalid && !err.facts.notRegular ? 'invalid_tool_params' : 'read_content_failure';
    case 'grep_search':
    case 'glob':
      if (err.kind === 'not_found') return 'search_path_not_found';
      if (notDir) return 'search_path_not_a_directory';
      return invalid ? 'invalid_tool_params' : `${tool === 'glob' ? 'glob' : 'grep'}_execution_error`;
    case 'list_directory':
      if (err.kind === 'not_found') return 'file_not_found';
      if (notDir) return 'path_is_not_a_directory';
      return invalid ? 'invalid_tool_params' : 'ls_execution_error';
    case 'google_web_search':
      return 'web_search_failed';
  }
  if (invalid) return 'invalid_tool_params';
  return OTHER_TYPES[tool] ?? (err.kind === 'not_found' ? 'file_not_found' : 'execution_failed');
}

/** A vendor's wording of a failure; undefined leaves it to the wording both vendors share. */
export type VendorText = (tool: string, err: EngineError, type: string, args: Record<string, unknown>) => string | undefined;

/** Messages that read the same in both dialects. */
function sharedText(err: EngineError, type: string, p: string): string {
  switch (type) {
    case 'file_write_failure':
      return `Writing ${p} failed: ${err.message}.`;
    case 'no_space_left':
      return `No space left on the device while writing ${p}.`;
    case 'permission_denied':
      return `Permission denied: the file system refused access to ${p}.`;
    case 'policy_violation':
      return `The command was refused by this server's command policy: ${err.message}.`;
    default:
      return `Error: ${err.message}`;
  }
}

/** A failure's text: the vendor's wording first, then the shared one. */
function familyText(tool: string, err: EngineError, type: string, args: unknown, vendor: VendorText): string {
  const a = (args ?? {}) as Record<string, unknown>;
  return vendor(tool, err, type, a) ?? sharedText(err, type, str(a.file_path ?? a.dir_path ?? a.path ?? err.facts.path));
}

/**
 * The error words of a shape of the family: the failure's error type (`typeOf`, default
 * familyErrorType) in the host block as details.error_type, its text as the vendor words it.
 */
export function familyWords(vendor: VendorText, typeOf: (tool: string, err: EngineError) => string = familyErrorType): Words<unknown> {
  return (err, args, c): Reply => {
    const type = typeOf(c.tool, err);
    const text = familyText(c.tool, err, type, args, vendor);
    return { text, host: { summary: text.split('\n')[0]!.slice(0, 200), details: { error_type: type } } };
  };
}
