// The named conditions a failure can be: each with the facts it carries and the one kind it
// has. A shape's error table is a map over these names, so the compiler knows every name and
// a misspelt one does not build; CONDITION_KIND fixes one kind (so one failure code) per name.
// A few conditions are raised by shapes for checks of their own arguments; they live here too
// so that two shapes naming the same thing cannot give it two codes.
/** The kinds of engine failure; the registry maps each to one FailureCode. */
export type ErrorKind =
  | 'invalid_argument'
  | 'permission_denied'
  | 'not_found'
  | 'already_exists'
  | 'conflict'
  | 'precondition_failed'
  | 'resource_exhausted'
  | 'timeout'
  | 'cancelled'
  | 'process_failed'
  | 'io_failed'
  | 'network_failed'
  | 'rate_limited'
  | 'unsupported'
  | 'unavailable'
  | 'security_policy'
  | 'internal';

type Path = { path: string };
type Provider = { provider: string };
type HttpStatus = { url: string; status: number; statusText: string };

export interface ConditionFacts {
  // ---- paths and scope
  empty_path: { path?: string };
  path_too_long: { path: string; length: number };
  outside_roots: { path: string; resolved?: string; roots: string[] };
  nul_in_path: { path: string; roots: string[] };
  root_not_absolute: { root: string };
  root_not_directory: { root: string; resolved: string };
  root_outside_scope: { path: string; resolved: string; roots: string[] };
  symlink_loop: { path: string; operation?: string; code?: string };
  path_missing: { path: string; resolved?: string; cwd?: string; operation?: string; code?: string };
  is_directory: { path: string; isDirectory?: true; operation?: string; code?: string; line?: number; file?: string };
  not_regular_file: { path: string; notRegular: true };
  not_a_directory: { path: string; notDirectory?: true; resolved?: string };
  fs_denied: { path: string; operation: string; code?: string };
  no_space: { path: string; operation: string; code?: string };
  /** The file system holding `path` is mounted read-only (EROFS). */
  read_only_fs: { path: string; operation: string; code?: string };
  /** `reason` is the system's words without the path it names (ours may be a temporary file's). */
  io_error: { path: string; operation?: string; code?: string; reason?: string };
  parent_missing: Path & { parent: string };
  parent_not_directory: Path & { parent: string; line?: number };

  // ---- reading and writing files
  file_exists: Path & { line?: number; operation?: string; code?: string };
  file_missing: Path & { line?: number };
  file_too_large: Path & { size: number; maxBytes: number; kind?: string };
  binary: Path & { ext?: string };
  empty_file: Path & { size: 0 };
  not_media: Path & { kind?: string };
  bad_image: { mediaType?: string; path?: string; ext?: string };
  image_too_large: { mediaType: string; width: number; height: number; bytes: number; maxBytes: number };
  range_too_large: { maxBytes: number };
  bad_start_line: { start: number };
  bad_line_limit: { limit: number };
  changed_during_read: { size: number; readTo: number };
  not_read: Path;
  partial_read: Path & { offset?: number; limit?: number };
  modified_since_read: Path & { readSize: number; readMtimeMs: number; size: number; mtimeMs: number };

  // ---- PDFs
  bad_pages: { pages: string };
  too_many_pages: { pages: string };
  pages_out_of_range: { first: number; last: number };
  pdf_pages_unavailable: Record<string, never>;
  pdf_render_timeout: Record<string, never>;
  pdf_unreadable: { stderr: string };

  // ---- edits
  no_edits: Record<string, never>;
  no_change: { path?: string; editIndex?: number };
  no_match: { path?: string; editIndex?: number; rungs?: string[] };
  ambiguous: { count: number; editIndex: number; rung: string };
  count_mismatch: { expected: number; count: number; editIndex: number; rung: string };
  bad_expected_count: { editIndex: number };
  notebook: Path;

  // ---- notebooks
  invalid_notebook: Path;
  not_notebook: Path;
  cell_missing: Path & { cellId: string };
  cell_id_needed: Record<string, never>;
  cell_type_needed: Record<string, never>;

  // ---- patches
  invalid_patch: { line?: number; text?: string; reason: string };
  empty_patch: Record<string, never>;
  context_not_found: Path & { line: number; chunk: number; context: string };
  lines_not_found: Path & { line: number; chunk: number; expected: string };
  /** A V4A diff that does not parse; reason is the reference apply_diff's own message. */
  invalid_diff: { reason: string };
  /** A V4A hunk or anchor not found in the file; reason is the reference's message ("Invalid Context 0:\n..."). */
  diff_mismatch: { reason: string; cursor: number; lines: string };

  // ---- sessions
  session_evicted: {
    session: string;
    reason: string;
    maxSessions: number;
    perCaller: boolean;
    idleMs: number;
    jobsStopped: boolean;
    evictedAt: string;
  };
  session_ended: { session: string };

  // ---- processes
  argument_too_long: { bytes: number; limit: number };

  // ---- processes and the shell
  program_missing: { program: string; cwd?: string; code?: string };
  /** The working directory a command starts in is not a directory (a root replaced by a file). */
  cwd_not_directory: { program: string; cwd?: string; code?: string };
  program_denied: { program: string; code?: string };
  spawn_failed: { program: string; code?: string };
  pty_start_failed: { program: string };
  empty_command: Record<string, never>;
  nul_in_command: Record<string, never>;
  no_program: Record<string, never>;
  not_positive: { value: number };
  unparsable_command: { reason: string };
  wrapped_too_deep: Record<string, never>;
  routed_elsewhere: { rule: string; list: 'route'; program: string; command: string };
  policy_denied: { rule: string; list: string; program: string; command: string };
  session_closing: Record<string, never>;
  too_many_jobs: { running: number; limit: number };
  job_missing: { job: string; known: string[] };
  job_exited: { job: string; exitCode: number | null };
  no_terminal: { job: string };
  directory_not_empty: { path: string };
  root_not_removed: { path: string };
  bad_offset: { offset?: number };
  context_file_too_large: { path: string; size: number; max: number };
  result_too_large: { bytes: number; maxBytes: number };

  // ---- search
  bad_depth: { depth: number };
  bad_limit: { limit: number };
  bad_number: Record<string, number>;
  empty_pattern: { pattern: string };
  nul_in_pattern: Record<string, never>;
  nul_in_glob: { glob: string };
  glob_too_complex: { reason: string };
  nul_in_argument: { field: string };
  pattern_climbs: { pattern: string };
  unknown_file_type: { type: string; knownTypes: string[] };
  regex_construct: { pattern: string; construct: string; dialect: 'rust-regex'; reason: string };
  invalid_regex: { pattern: string; dialect: 'rust-regex' };
  rg_missing: { rgPath: string; backend: 'rg' };
  rg_not_started: { rgPath: string };
  rg_output_unreadable: Record<string, never>;
  rg_refused: { pattern: string; stderr: string };
  rg_failed: Record<string, never>;
  rg_stopped: { reason: 'fifo' | 'memory' };
  no_include: Record<string, never>;
  too_many_patterns: { field: string; count: number; max: number };

  // ---- todos
  todo_missing: { id: string; known: string[] };
  bad_todo_status: { index: number; status: string; allowed: string[] };
  empty_todo: { index: number };
  duplicate_todo_id: { id: string };
  too_many_in_progress: { inProgress: number; max: number };
  bad_todo_id: { index: number; max: number };

  // ---- the web
  invalid_url: { url: string };
  unsupported_scheme: { url: string; protocol: string };
  url_credentials: { url: string };
  bad_max_bytes: Record<string, never>;
  empty_find_pattern: Record<string, never>;
  unexpected_redirect_notice: Record<string, never>;
  page_is_image: { url: string; mediaType: string };
  web_image_too_large: { url: string; mediaType: string; maxBytes: number };
  binary_content: { url: string; mediaType: string; bytes: number };
  page_conversion_failed: Record<string, never>;
  host_unresolved: { host: string };
  host_rate_limited: { host: string; limit: number; windowMs: number };
  http_not_found: HttpStatus;
  http_denied: HttpStatus;
  http_rate_limited: HttpStatus;
  http_server_error: HttpStatus;
  http_error: HttpStatus;
  unsupported_encoding: { encoding: string };
  dns_failed: { url: string; code: string };
  no_answer_in_time: { url: string; code: string };
  fetch_failed: { url: string; code: string };
  fetch_timeout: { url: string; timeoutMs: number };
  bad_redirect: { url: string; location: string };
  redirect_scheme: { url: string; location: string };
  too_many_redirects: { url: string; maxRedirects: number; redirects: string[] };
  empty_query: Record<string, never>;
  provider_disabled: { provider: string };
  unknown_provider: { provider: string; known: string[] };
  provider_not_configured: { provider: string };
  no_search_provider: { providers: string[] };
  blocked_destination: { host: string; address: string | null; addressClass: string; redirects?: string[] };
  provider_reply_too_large: Provider & { status: number; maxBytes: number };
  provider_rate_limited: Provider & { status: number };
  provider_denied: Provider & { status: number };
  provider_rejected_query: Provider & { status: number };
  provider_unavailable: Provider & { status: number };
  provider_bad_reply: Provider & { status: number };
  provider_timeout: Provider & { timeoutMs: number };
  provider_request_failed: Provider & { code: string };
  query_blocked: Provider & { blockReason: string };

  // ---- waiting
  timed_out: Record<string, never>;
  cancelled: Record<string, never>;

  // ---- shapes' own argument checks
  pages_with_file: Record<string, never>;
  pages_required: Record<string, never>;
  not_pdf: Record<string, never>;
  range_on_notebook: Record<string, never>;
  arguments_too_deep: { maxDepth: number };
  both_domain_lists: Record<string, never>;
  control_characters: Record<string, never>;
  empty_old: { editIndex?: number };
  escalation_refused: { sandboxPermissions: string };
  foreground_timeout: { timeout: number };
  grep_timeout: { timeoutMs: number };
  media_file: Path & { kind: 'video' | 'image'; mediaType?: string };
  binary_file: Path & { kind: 'video' | 'image'; mediaType?: string };
  no_description: Record<string, never>;
  no_matches: { pattern: string };
  no_text: { url: string };
  not_an_image: Path & { kind: string };
  not_text: Path & { kind?: string; size?: number };
  patch_without_apply_patch: { preview: string };
  pdf_needs_pages: Path & { pages: number };
  recursive_start: { pattern: string };
  relative_directory: { directory: string };
  sensitive_file: Path;
  stdin_closed: { job?: string; sessionId?: number | string };
  token_cap: Path & { cap: number };
  unknown_process: { sessionId: number | string; known: Array<number | string> };
  view_missing: Path;
  max_chars_too_small: { max_chars: number };
  media_options_on_video: Path;
  region_unsupported: Path & { width?: number; height?: number };

  // ---- code intelligence
  lsp_unavailable: { path?: string; language?: string; reason: string; detail: string };
  lsp_timeout: { path?: string; method: string; timeoutMs: number };
  no_language_server: Path & { ext: string };
  bad_position: Path & { line: number; column: number; lines: number };
  rename_refused: Path & { reason: string };

  // ---- a memory directory's commands
  unknown_command: { command: string; commands: string[] };
  parameter_missing: { param: string; command: string };
  memory_root: Path & { command: string };
  memory_too_long: Path & { lines: number; max: number };
  memory_no_match: Path & { old: string };
  memory_not_unique: Path & { old: string; lines: number[] };
  insert_line_out_of_range: { line: number; lines: number };
  // an apply_patch operation refused before anything is touched
  unknown_diff_operation: { type: string };
  diff_without_path: { type: string };
  diff_payload_missing: { type: string };
  // ---- session tasks, worktrees and skills (branch i34e)
  task_missing: { id: string; known: string[] };
  task_exists: { id: string };
  task_subject_empty: Record<string, never>;
  bad_task_status: { status: string; allowed: string[] };
  task_field_too_long: { field: string; length: number; max: number };
  too_many_tasks: { count: number; max: number };
  task_self_block: { id: string };
  task_refs_missing: { id: string; missing: string[] };
  task_cycle: { id: string; cycle: string[] };
  // ---- a session's goal
  goal_objective_empty: Record<string, never>;
  goal_field_too_long: { field: string; length: number; max: number };
  goal_exists: { objective: string };
  goal_missing: Record<string, never>;
  bad_goal_status: { status: string; allowed: string[] };
  bad_goal_budget: { field: string; value: number };
  not_a_git_repository: { path: string; stderr: string };
  bad_worktree_name: { name: string; reason: string };
  worktree_active: { path: string; branch: string };
  no_worktree_active: Record<string, never>;
  not_a_worktree: { path: string };
  worktree_path_taken: { path: string };
  worktree_branch_exists: { branch: string };
  /** cwd: where the session goes back to on keep. */
  worktree_not_owned: { path: string; branch: string; cwd: string };
  worktree_has_changes: {
    path: string;
    branch: string;
    trackedChanges: number;
    untrackedFiles: number;
    uncommittedFiles: number;
    commits: number;
  };
  worktree_busy: { path: string; jobs: string[] };
  git_failed: { args: string[]; exitCode: number | null; stderr: string };
  skill_missing: { name: string; known: string[]; closest?: string };
  skill_unreadable: { name: string; path: string; reason: string };
}

export type Condition = keyof ConditionFacts;

/** The conditions a search provider's own failure can be. */
export type ProviderCondition = Extract<Condition, `provider_${string}` | 'query_blocked'>;

/** A condition's facts as an error carries them: facts.condition names it. */
export type FactsOf<C extends Condition> = ConditionFacts[C] & { readonly condition: C };

/** One kind per condition: the registry maps the kind to the failure code and retryable. */
export const CONDITION_KIND = {
  empty_path: 'invalid_argument',
  path_too_long: 'invalid_argument',
  outside_roots: 'permission_denied',
  nul_in_path: 'permission_denied',
  root_not_absolute: 'invalid_argument',
  root_not_directory: 'invalid_argument',
  root_outside_scope: 'permission_denied',
  symlink_loop: 'invalid_argument',
  path_missing: 'not_found',
  is_directory: 'invalid_argument',
  not_regular_file: 'invalid_argument',
  not_a_directory: 'invalid_argument',
  fs_denied: 'permission_denied',
  no_space: 'resource_exhausted',
  read_only_fs: 'io_failed',
  io_error: 'io_failed',
  parent_missing: 'not_found',
  parent_not_directory: 'invalid_argument',

  file_exists: 'already_exists',
  file_missing: 'not_found',
  file_too_large: 'resource_exhausted',
  binary: 'invalid_argument',
  empty_file: 'invalid_argument',
  not_media: 'unsupported',
  bad_image: 'invalid_argument',
  image_too_large: 'resource_exhausted',
  range_too_large: 'resource_exhausted',
  bad_start_line: 'invalid_argument',
  bad_line_limit: 'invalid_argument',
  changed_during_read: 'conflict',
  not_read: 'conflict',
  partial_read: 'conflict',
  modified_since_read: 'conflict',

  bad_pages: 'invalid_argument',
  too_many_pages: 'invalid_argument',
  pages_out_of_range: 'invalid_argument',
  pdf_pages_unavailable: 'unavailable',
  pdf_render_timeout: 'timeout',
  pdf_unreadable: 'invalid_argument',

  no_edits: 'invalid_argument',
  no_change: 'invalid_argument',
  no_match: 'invalid_argument',
  ambiguous: 'conflict',
  count_mismatch: 'conflict',
  bad_expected_count: 'invalid_argument',
  notebook: 'unsupported',

  invalid_notebook: 'invalid_argument',
  not_notebook: 'invalid_argument',
  cell_missing: 'not_found',
  cell_id_needed: 'invalid_argument',
  cell_type_needed: 'invalid_argument',

  invalid_patch: 'invalid_argument',
  empty_patch: 'invalid_argument',
  context_not_found: 'precondition_failed',
  lines_not_found: 'precondition_failed',
  invalid_diff: 'invalid_argument',
  diff_mismatch: 'precondition_failed',

  session_evicted: 'precondition_failed',
  session_ended: 'unavailable',

  argument_too_long: 'invalid_argument',

  program_missing: 'not_found',
  cwd_not_directory: 'invalid_argument',
  program_denied: 'permission_denied',
  spawn_failed: 'process_failed',
  pty_start_failed: 'process_failed',
  empty_command: 'invalid_argument',
  nul_in_command: 'invalid_argument',
  no_program: 'invalid_argument',
  not_positive: 'invalid_argument',
  unparsable_command: 'invalid_argument',
  wrapped_too_deep: 'invalid_argument',
  routed_elsewhere: 'security_policy',
  policy_denied: 'security_policy',
  session_closing: 'unavailable',
  too_many_jobs: 'resource_exhausted',
  job_missing: 'not_found',
  job_exited: 'precondition_failed',
  no_terminal: 'precondition_failed',
  directory_not_empty: 'conflict',
  root_not_removed: 'conflict',
  bad_offset: 'invalid_argument',
  context_file_too_large: 'resource_exhausted',
  result_too_large: 'resource_exhausted',

  bad_depth: 'invalid_argument',
  bad_limit: 'invalid_argument',
  bad_number: 'invalid_argument',
  empty_pattern: 'invalid_argument',
  nul_in_pattern: 'invalid_argument',
  nul_in_glob: 'invalid_argument',
  glob_too_complex: 'invalid_argument',
  nul_in_argument: 'invalid_argument',
  pattern_climbs: 'invalid_argument',
  unknown_file_type: 'invalid_argument',
  regex_construct: 'invalid_argument',
  invalid_regex: 'invalid_argument',
  rg_missing: 'unavailable',
  rg_not_started: 'unavailable',
  rg_output_unreadable: 'internal',
  rg_refused: 'invalid_argument',
  rg_failed: 'process_failed',
  rg_stopped: 'resource_exhausted',
  no_include: 'invalid_argument',
  too_many_patterns: 'invalid_argument',

  todo_missing: 'not_found',
  bad_todo_status: 'invalid_argument',
  empty_todo: 'invalid_argument',
  duplicate_todo_id: 'invalid_argument',
  too_many_in_progress: 'invalid_argument',

  invalid_url: 'invalid_argument',
  unsupported_scheme: 'invalid_argument',
  url_credentials: 'invalid_argument',
  bad_max_bytes: 'invalid_argument',
  empty_find_pattern: 'invalid_argument',
  unexpected_redirect_notice: 'internal',
  page_is_image: 'unsupported',
  web_image_too_large: 'resource_exhausted',
  binary_content: 'unsupported',
  page_conversion_failed: 'internal',
  host_unresolved: 'network_failed',
  host_rate_limited: 'rate_limited',
  http_not_found: 'not_found',
  http_denied: 'permission_denied',
  http_rate_limited: 'rate_limited',
  http_server_error: 'unavailable',
  http_error: 'network_failed',
  unsupported_encoding: 'unsupported',
  dns_failed: 'network_failed',
  no_answer_in_time: 'timeout',
  fetch_failed: 'network_failed',
  fetch_timeout: 'timeout',
  bad_redirect: 'network_failed',
  redirect_scheme: 'security_policy',
  too_many_redirects: 'network_failed',
  empty_query: 'invalid_argument',
  provider_disabled: 'unavailable',
  unknown_provider: 'invalid_argument',
  provider_not_configured: 'unavailable',
  no_search_provider: 'unavailable',
  blocked_destination: 'security_policy',
  provider_reply_too_large: 'resource_exhausted',
  provider_rate_limited: 'rate_limited',
  provider_denied: 'permission_denied',
  provider_rejected_query: 'invalid_argument',
  provider_unavailable: 'unavailable',
  provider_bad_reply: 'network_failed',
  provider_timeout: 'timeout',
  provider_request_failed: 'network_failed',
  query_blocked: 'invalid_argument',

  timed_out: 'timeout',
  cancelled: 'cancelled',

  pages_with_file: 'invalid_argument',
  pages_required: 'invalid_argument',
  not_pdf: 'invalid_argument',
  range_on_notebook: 'invalid_argument',
  arguments_too_deep: 'invalid_argument',
  both_domain_lists: 'invalid_argument',
  control_characters: 'invalid_argument',
  empty_old: 'invalid_argument',
  escalation_refused: 'permission_denied',
  foreground_timeout: 'invalid_argument',
  grep_timeout: 'timeout',
  media_file: 'invalid_argument',
  binary_file: 'invalid_argument',
  no_description: 'invalid_argument',
  no_matches: 'not_found',
  no_text: 'invalid_argument',
  not_an_image: 'unsupported',
  not_text: 'invalid_argument',
  patch_without_apply_patch: 'invalid_argument',
  pdf_needs_pages: 'invalid_argument',
  recursive_start: 'invalid_argument',
  relative_directory: 'invalid_argument',
  sensitive_file: 'security_policy',
  stdin_closed: 'precondition_failed',
  token_cap: 'resource_exhausted',
  unknown_process: 'not_found',
  view_missing: 'not_found',
  max_chars_too_small: 'invalid_argument',
  media_options_on_video: 'invalid_argument',
  region_unsupported: 'unsupported',
  lsp_unavailable: 'unavailable',
  lsp_timeout: 'timeout',
  no_language_server: 'unsupported',
  bad_position: 'invalid_argument',
  rename_refused: 'invalid_argument',
  unknown_command: 'invalid_argument',
  parameter_missing: 'invalid_argument',
  memory_root: 'invalid_argument',
  memory_too_long: 'resource_exhausted',
  memory_no_match: 'conflict',
  memory_not_unique: 'conflict',
  insert_line_out_of_range: 'invalid_argument',
  unknown_diff_operation: 'invalid_argument',
  diff_without_path: 'invalid_argument',
  diff_payload_missing: 'invalid_argument',
  bad_todo_id: 'invalid_argument',
  // session tasks, worktrees and skills (branch i34e)
  task_missing: 'not_found',
  task_exists: 'already_exists',
  task_subject_empty: 'invalid_argument',
  bad_task_status: 'invalid_argument',
  task_field_too_long: 'invalid_argument',
  too_many_tasks: 'resource_exhausted',
  task_self_block: 'invalid_argument',
  task_refs_missing: 'not_found',
  task_cycle: 'invalid_argument',
  goal_objective_empty: 'invalid_argument',
  goal_field_too_long: 'invalid_argument',
  goal_exists: 'conflict',
  goal_missing: 'not_found',
  bad_goal_status: 'invalid_argument',
  bad_goal_budget: 'invalid_argument',
  not_a_git_repository: 'precondition_failed',
  bad_worktree_name: 'invalid_argument',
  worktree_active: 'precondition_failed',
  no_worktree_active: 'precondition_failed',
  not_a_worktree: 'invalid_argument',
  worktree_path_taken: 'already_exists',
  worktree_branch_exists: 'already_exists',
  worktree_not_owned: 'permission_denied',
  worktree_has_changes: 'precondition_failed',
  worktree_busy: 'precondition_failed',
  git_failed: 'process_failed',
  skill_missing: 'not_found',
  skill_unreadable: 'io_failed',
} as const satisfies { readonly [C in Condition]: ErrorKind };

/** `name` is a condition (for text that arrives untyped, such as a test's table). */
export function isConditionName(name: string): name is Condition {
  return Object.hasOwn(CONDITION_KIND, name);
}
