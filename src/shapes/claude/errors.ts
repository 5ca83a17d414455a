// Claude Code's words for failures: <tool_use_error> around input-validation, permission and
// precondition failures (runtime failures bare), and the notices of background tasks that
// ended, added to the next result as Claude Code does: the claude Dialect.
import type { EngineError, JobSnapshot } from '../../engine/index.js';
import { str } from '../kit/text/str.js';
import { workingDir } from '../kit/files/working-dir.js';
import { everyKind } from '../kit/failures/error-kinds.js';
import { commandAsRun as recorded } from '../kit/shell/job-command.js';
import { endedToAnnounce } from '../kit/shell/announce.js';
import { exitCodeOf } from '../kit/shell/settle.js';
import type { ToolResult } from '../../registry/types.js';
import { type Call, type Dialect, errorTable, type KindWording, type Wording } from '../common/define.js';
import { claudeDiagnostics } from './diagnostics.js';
import { withNotices } from './notices.js';

export const toolUseError = (message: string) => `<tool_use_error>${message}</tool_use_error>`;

/** "Relative paths are resolved from ...": the end of every Claude "does not exist". */
export const resolvedFrom = (c: Call) =>
  `Relative paths are resolved from the current working directory, ${workingDir(c)}.`;

const sentence = (s: string) => {
  // A message that starts with a URL or a path keeps it as it is ("Http://..." is no address).
  const t = /^[a-z][a-z0-9+.-]*:\/\//.test(s) || s.startsWith('/') ? s : s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?)]$/.test(t) ? t : `${t}.`;
};

/** Our wording of a failure no tool words itself, before any wrapper. */
function plain(err: EngineError, c: Call): string {
  const f = err.facts;
  const violations = f.violations as Array<{ field: string; description: string }> | undefined;
  if (violations)
    return `InputValidationError: the arguments of ${c.tool} are not valid:\n${violations.map((v) => `- ${v.field}: ${v.description}`).join('\n')}`;
  if (err.kind === 'permission_denied' && Array.isArray(f.roots))
    return `Permission denied: ${str(f.path)} is outside the directories this session may use (${(f.roots as string[]).join(', ')}). Use a path inside them.`;
  if (err.kind === 'not_found' && typeof f.path === 'string') return `${f.path} does not exist. ${resolvedFrom(c)}`;
  return sentence(err.message);
}

/** Input validation, permission and precondition failures are wrapped; runtime failures are not. */
const WRAPPED = [
  'invalid_argument',
  'permission_denied',
  'not_found',
  'already_exists',
  'conflict',
  'precondition_failed',
  'security_policy',
] as const;
const wrapped = (err: EngineError, _args: unknown, c: Call) => toolUseError(plain(err, c));
const BY_KIND = everyKind<KindWording<unknown>>(
  (err, _args, c) => plain(err, c),
  Object.fromEntries(WRAPPED.map((k) => [k, wrapped])),
);

export const claudeErrors: Wording<unknown> = errorTable<unknown>(
  {
    not_read: () => toolUseError('This file has not been read in this session yet. Read it first, then change it.'),
    modified_since_read: () =>
      toolUseError(
        'The file changed on disk after you last read it (the user, a formatter or another tool wrote to it). Read it again before changing it.',
      ),
  },
  BY_KIND,
);

// ---- background tasks that ended, announced on the next result

/** Claude Code's task statuses. */
export const taskStatus = (j: JobSnapshot) => (j.status === 'timed_out' ? 'killed' : j.status);

/** The system-reminder Claude Code adds to a later result when a background task ended. */
function notice(j: JobSnapshot, label: string | undefined): string {
  const status = taskStatus(j);
  const what = `Background command "${label ?? recorded(j)}"`;
  const summary =
    status === 'killed'
      ? `${what} was stopped`
      : `${what} ${status === 'completed' ? 'completed' : 'failed'} (exit code ${j.exitCode ?? exitCodeOf(null, j.signal, 1)})`;
  return [
    '<system-reminder>',
    '[SYSTEM NOTIFICATION - NOT USER INPUT] A background task you started has ended.',
    '<task-notification>',
    `<task-id>${j.id}</task-id>`,
    `<output-file>${j.logPath}</output-file>`,
    `<status>${status}</status>`,
    `<summary>${summary}</summary>`,
    '</task-notification>',
    '</system-reminder>',
  ].join('\n');
}

function withTaskNotices(result: ToolResult, c: Call): ToolResult {
  const notes = endedToAnnounce(c.engine.shell, c).map((e) => notice(e.job, e.label));
  if (notes.length === 0 || 'content' in result) return result;
  return { ...result, text: `${result.text}\n\n${notes.join('\n')}` };
}

export const claudeDialect: Dialect = {
  diagnostics: claudeDiagnostics,
  errors: claudeErrors,
  // 2.1.197's notices for the commands its Bash started, then 2.1.332's queued notifications (notices.ts).
  after: (result, c) => withNotices(withTaskNotices(result, c), c),
};
