// Claude Code 2.1.332's EnterWorktree: a git worktree made (or resumed) under the repository's
// .claude/worktrees/<name> on branch worktree-<name>, or an existing one entered by path; the
// session's directory moves into it (Bash runs there) until ExitWorktree. Its results and
// refusals are the vendor's words; nothing is left half made when the creation fails.
import { engineFailure, EngineError, isCondition } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { toolUseError } from './errors.js';
import { customIssue } from './input-issues.js';
import { CLAUDE_WORKTREES, NOW_WORKING, quoted, type WorktreeEntered } from './worktree-words.js';
import { here } from './render.js';

interface Args {
  name?: string;
  path?: string;
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

const badName = (name: string, reason: string) => customIssue('name', `Invalid worktree name "${name}": ${reason}`);
const CHARSET =
  'each "/"-separated segment must be non-empty and contain only letters, digits, dots, underscores, and dashes';

function said(e: WorktreeEntered): string {
  const at = `worktree at ${quoted(e.path)} on branch ${quoted(e.branch)}.`;
  if (e.how === 'created') return `Created ${at} ${NOW_WORKING}`;
  if (e.how === 'entered') return `Entered ${at} ${NOW_WORKING}`;
  return `Resumed ${at} A worktree with this name already existed and was resumed as-is \u2014 it may carry an earlier session\u2019s commits. Pass a different name if you wanted a fresh worktree. ${NOW_WORKING}`;
}

export const enterWorktree = defineTool<Args, WorktreeEntered>({
  name: 'EnterWorktree',
  summary: 'Move the session into a git worktree of its own (made under .claude/worktrees), or into an existing one.',
  description: [
    'Creates a git worktree at <repository root>/.claude/worktrees/<name> on a new branch worktree-<name> (from the',
    "remote's default branch when there is one, else HEAD; a random name when none is given) and moves the session's",
    'working directory into it: commands and relative paths then work there. The same name again resumes that worktree',
    'as it is. path enters an existing worktree of the repository instead (name and path exclude each other).',
    'ExitWorktree goes back, keeping or removing it.',
  ],
  schema: {
    type: 'object',
    properties: { name: { type: 'string' }, path: { type: 'string' } },
    additionalProperties: false,
  },
  tags: [TAGS.shell, TAGS.destructive],
  destructive: true,
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Work on a feature in isolation',
      arguments: { name: 'feat-x' },
      expectedOutcome:
        'Created worktree at “/repo/.claude/worktrees/feat-x” on branch “worktree-feat-x”. The session is now working in the worktree. ...',
    },
  ],
  errorModes: [
    'InputValidationError (<tool_use_error>): a name whose "/"-separated segments are empty or hold other than letters, digits, dots, underscores and dashes.',
    '<tool_use_error>Already in a worktree session...</tool_use_error> when the session works in one already (pass path to switch, or ExitWorktree first).',
    'Cannot create a worktree: not in a git repository... when the working directory is in no git repository.',
    'Cannot enter worktree: <path>: ... for a path that does not exist or is not a worktree; paths outside the roots are refused.',
  ],
  errors(err, a) {
    if (isCondition(err, 'bad_worktree_name')) return badName(err.facts.name, err.facts.reason);
    if (err.kind === 'invalid_argument' && err.field === 'path' && a.name !== undefined)
      return toolUseError('Pass either `name` or `path`, not both.');
    if (isCondition(err, 'worktree_active'))
      return toolUseError(
        'Already in a worktree session. Pass `path` to switch into another existing worktree, or use ExitWorktree to leave this one before creating a new worktree.',
      );
    if (isCondition(err, 'not_a_git_repository'))
      return 'Cannot create a worktree: not in a git repository and no WorktreeCreate hooks are configured. Configure WorktreeCreate/WorktreeRemove hooks in settings.json to use worktree isolation with other VCS systems.';
    if (isCondition(err, 'path_missing'))
      return `Cannot enter worktree: ${a.path}: ENOENT: no such file or directory, realpath '${a.path}'`;
    if (isCondition(err, 'not_a_worktree'))
      return `Cannot enter worktree: ${a.path}: not the top directory of a git worktree`;
    if (isCondition(err, 'worktree_path_taken'))
      return `Cannot create a worktree: ${err.facts.path} already exists and is not a worktree of this repository`;
    return undefined;
  },
  async call(a, c) {
    if (a.name !== undefined && a.path !== undefined)
      throw new EngineError('invalid_argument', 'name and path exclude each other', { field: 'path' });
    // The vendor's own check first; the engine's is stricter (no "." or ".." segment, at most 64 characters).
    if (a.name !== undefined && !a.name.split('/').every((s) => SEGMENT.test(s)))
      throw engineFailure('bad_worktree_name', CHARSET, { name: a.name, reason: CHARSET }, { field: 'name' });
    return c.engine.worktrees.enter(here(c), { ...CLAUDE_WORKTREES, name: a.name, path: a.path });
  },
  format(e): Reply {
    return {
      text: said(e),
      host: {
        summary: `${e.how === 'created' ? 'Created' : e.how === 'entered' ? 'Entered' : 'Resumed'} worktree ${e.path}`,
        details: { path: e.path, branch: e.branch, how: e.how, owned: e.owned, previousCwd: e.previousCwd },
      },
    };
  },
});
