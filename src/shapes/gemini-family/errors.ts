// The ToolErrorType identifiers of Gemini CLI and its fork Qwen Code (kept in the host block
// as details.error_type), which type each tool gives each engine failure (tables over the
// engine's conditions and kinds: a misspelt condition or a kind left out does not build), the
// messages both word alike, and the error words of a defineTool table that carry the type.
import { str } from '../kit/text/str.js';
import { everyKind } from '../kit/failures/error-kinds.js';
import type { Condition, EngineError, ErrorKind, FailureOf } from '../../engine/index.js';
import type { Reply, Wording } from '../common/define.js';

const TYPES = [
  ...[
    'invalid_tool_params',
    'file_not_found',
    'file_write_failure',
    'no_space_left',
    'permission_denied',
    'path_not_in_workspace',
    'target_is_directory',
  ],
  ...[
    'policy_violation',
    'file_too_large',
    'edit_no_occurrence_found',
    'edit_expected_occurrence_mismatch',
    'edit_no_change',
    'edit_preparation_failure',
  ],
  ...[
    'attempt_to_create_existing_file',
    'edit_requires_prior_read',
    'file_changed_since_read',
    'read_content_failure',
    'search_path_not_found',
  ],
  ...[
    'search_path_not_a_directory',
    'grep_execution_error',
    'glob_execution_error',
    'path_is_not_a_directory',
    'ls_execution_error',
    'web_search_failed',
  ],
  ...[
    'read_many_files_search_error',
    'shell_execute_error',
    'web_fetch_fallback_failed',
    'web_fetch_no_url_in_prompt',
    'web_fetch_processing_error',
  ],
  ...['execution_failed', 'task_stop_not_found', 'task_stop_not_running', 'web_search_backend_failed'],
  ...['web_search_no_results'],
  ...['mcp_resource_not_found', 'mcp_tool_error'],
] as const;
/** The ToolErrorType values the two vendors report (Qwen's task_stop ones included). */
export type ToolErrorType = (typeof TYPES)[number];

type Typed<E> = ToolErrorType | ((err: E) => ToolErrorType | undefined);
/** Error types by condition: each entry sees its condition's typed facts. */
type ConditionTypes = { [C in Condition]?: Typed<FailureOf<C>> };
/** Error types by kind, for failures no condition entry types: total. */
type KindTypes = Record<ErrorKind, ToolErrorType>;

/** The types every tool gives: paths outside the workspace, sizes, full disks, directories. */
const COMMON: ConditionTypes = {
  outside_roots: 'path_not_in_workspace',
  nul_in_path: 'path_not_in_workspace',
  root_outside_scope: 'path_not_in_workspace',
  file_too_large: 'file_too_large',
  no_space: 'no_space_left',
  is_directory: (e) => (e.facts.isDirectory ? 'target_is_directory' : undefined),
};

/** A total kind table: `rest` for every kind the exceptions leave, with the kinds every tool types alike. */
const kinds = (rest: ToolErrorType, except: Partial<KindTypes> = {}): KindTypes =>
  everyKind<KindTypes>(rest, {
    permission_denied: 'permission_denied',
    security_policy: 'policy_violation',
    ...except,
  });

const invalid = { invalid_argument: 'invalid_tool_params' } as const;
/** A file edit's types (replace / edit / write_file). */
const EDIT = {
  conditions: {
    no_match: 'edit_no_occurrence_found',
    ambiguous: 'edit_expected_occurrence_mismatch',
    count_mismatch: 'edit_expected_occurrence_mismatch',
    no_change: 'edit_no_change',
    file_exists: 'attempt_to_create_existing_file',
    file_missing: 'file_not_found',
    not_read: 'edit_requires_prior_read',
    partial_read: 'edit_requires_prior_read',
    modified_since_read: 'file_changed_since_read',
  },
  kinds: kinds('edit_preparation_failure', {
    ...invalid,
    not_found: 'file_not_found',
    io_failed: 'file_write_failure',
  }),
} satisfies { conditions: ConditionTypes; kinds: KindTypes };

/** A search's types: a missing path, a file given as the directory, the search's own failure. */
const search = (failed: ToolErrorType, notDir: ToolErrorType, notFound: ToolErrorType) => ({
  conditions: { not_a_directory: (e) => (e.facts.notDirectory ? notDir : undefined) } satisfies ConditionTypes,
  kinds: kinds(failed, { ...invalid, not_found: notFound }),
});

/** Each tool's table (the tool names the two vendors share type alike); other tools take DEFAULT. */
const TOOLS: Record<string, { conditions?: ConditionTypes; kinds: KindTypes }> = {
  replace: EDIT,
  edit: EDIT,
  write_file: EDIT,
  read_file: {
    conditions: { not_regular_file: 'read_content_failure' },
    kinds: kinds('read_content_failure', { ...invalid, not_found: 'file_not_found' }),
  },
  grep_search: search('grep_execution_error', 'search_path_not_a_directory', 'search_path_not_found'),
  glob: search('glob_execution_error', 'search_path_not_a_directory', 'search_path_not_found'),
  // Both vendors report a directory that is not there as a failed listing.
  list_directory: search('ls_execution_error', 'path_is_not_a_directory', 'ls_execution_error'),
  google_web_search: { kinds: kinds('web_search_failed') },
  web_search: { kinds: kinds('web_search_backend_failed', invalid) },
  read_many_files: { kinds: kinds('read_many_files_search_error', invalid) },
  run_shell_command: { kinds: kinds('shell_execute_error', invalid) },
  web_fetch: { kinds: kinds('web_fetch_fallback_failed', invalid) },
};
const DEFAULT = { kinds: kinds('execution_failed', { ...invalid, not_found: 'file_not_found' }) };

/** The error type of a failure of `tool`: a type the shape gave it, else its condition's, else its kind's. */
export function familyErrorType(tool: string, err: EngineError): ToolErrorType {
  const given = err.facts.errorType as ToolErrorType;
  if (TYPES.includes(given)) return given;
  const table = TOOLS[tool] ?? DEFAULT;
  const typed = err.condition !== undefined ? (table.conditions?.[err.condition] ?? COMMON[err.condition]) : undefined;
  const type = typeof typed === 'function' ? (typed as (e: EngineError) => ToolErrorType | undefined)(err) : typed;
  return type ?? table.kinds[err.kind];
}

/**
 * A vendor's wording of one error type: the path named, the failure, the arguments and the tool; undefined for the
 * shared words.
 */
export type TypeText = (p: string, err: EngineError, args: Record<string, unknown>, tool: string) => string | undefined;
/** A vendor's wording by error type (a misspelt type does not build). */
export type TypeTexts = Partial<Record<ToolErrorType, TypeText>>;

/** Messages that read the same in both dialects. */
function sharedText(err: EngineError, type: ToolErrorType, p: string): string {
  switch (type) {
    case 'file_write_failure':
      if (err.condition === 'read_only_fs') return `${p} is on a read-only file system, so it could not be written.`;
      // The engine's message names the path already: the system's reason alone, after ours.
      return `Writing ${p} failed: ${typeof err.facts.reason === 'string' ? err.facts.reason : err.message}.`;
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

/**
 * The error words of a shape of the family: the failure's error type in the host block as
 * details.error_type, its text as the vendor words it (`texts`, given the path `pathOf` names),
 * else as both word it.
 */
export function familyWording(
  texts: TypeTexts,
  pathOf: (args: Record<string, unknown>, err: EngineError) => string,
): Wording<unknown> {
  return (err, args, c): Reply => {
    const type = familyErrorType(c.tool, err);
    const a = (args ?? {}) as Record<string, unknown>;
    const text =
      texts[type]?.(pathOf(a, err), err, a, c.tool) ??
      sharedText(err, type, str(a.file_path ?? a.dir_path ?? a.path ?? err.facts.path));
    return { text, host: { summary: text.split('\n')[0]!.slice(0, 200), details: { error_type: type } } };
  };
}
