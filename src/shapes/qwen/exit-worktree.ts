// exit_worktree: Qwen Code 0.24.4's end of the worktree enter_worktree made, by its name: keep
// it, or remove it with its branch. A removal is refused while it has uncommitted files (unless
// discard_changes) and, even then, while its branch has commits no other ref holds, as Qwen
// refuses; the answers are Qwen's JSON and words. Only this session's worktree is known here.
import { isCondition } from '../../engine/index.js';
import { type Call, defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { QWEN_WORKTREES, refusal, slugProblem, type WorktreeExited } from './worktree-words.js';

interface Args {
  name: string;
  action: 'keep' | 'remove';
  discard_changes?: boolean;
}

/** The session's worktree when `name` names it; else Qwen's not-found refusal. */
function named(c: Call, name: string) {
  const active = c.engine.worktrees.active(c);
  const dir = active ? `${active.repoRoot}/${QWEN_WORKTREES.dir}` : `${c.scope.roots[0]}/${QWEN_WORKTREES.dir}`;
  if (!active || active.path !== `${dir}/${name}`)
    throw refusal(`Worktree "${name}" not found at ${dir}/${name}.`, 'name');
  return active;
}

/** Qwen's own checks of the arguments, in its words and order. */
function checked(a: Args): void {
  if (typeof a.name !== 'string' || a.name.trim() === '')
    throw refusal('Parameter "name" must be a non-empty string.', 'name', 'invalid_argument');
  const problem = slugProblem(a.name, { allowPr: true });
  if (problem) throw refusal(problem, 'name', 'invalid_argument');
  if (a.action !== 'keep' && a.action !== 'remove')
    throw refusal('Parameter "action" must be either "keep" or "remove".', 'action', 'invalid_argument');
  if (a.discard_changes !== undefined && typeof a.discard_changes !== 'boolean')
    throw refusal('Parameter "discard_changes" must be a boolean.', 'discard_changes', 'invalid_argument');
}

export const exitWorktree = defineTool<Args, WorktreeExited>({
  name: 'exit_worktree',
  summary: 'Leave the worktree enter_worktree made, keeping it or removing it with its branch.',
  description: [
    "Moves the session's working directory back and keeps (action keep) or removes (action remove) the worktree",
    'named `name` with its branch worktree-<name>. A removal is refused while the worktree has uncommitted changes',
    '(discard_changes: true throws them away) and while its branch has commits no other branch holds. Answers JSON',
    '{action, worktreePath, worktreeBranch, message}.',
  ],
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      action: { type: 'string', enum: ['keep', 'remove'] },
      discard_changes: { type: 'boolean' },
    },
    required: ['name', 'action'],
  },
  // Qwen checks these arguments itself (its words below), not by the schema.
  argumentsSchema: { type: 'object' },
  tags: [TAGS.shell, TAGS.destructive],
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Keep the work for later',
      arguments: { name: 'feat-login', action: 'keep' },
      expectedOutcome: '{"action":"keep",...,"message":"Kept worktree \\"feat-login\\" at ..."}',
    },
  ],
  errorModes: [
    'PRECONDITION_FAILED: no worktree of that name in this session; uncommitted changes without discard_changes;',
    'commits only its branch holds; a background command still running in it.',
  ],
  errors(err, a) {
    if (typeof err.facts.said === 'string') return err.facts.said;
    if (isCondition(err, 'worktree_not_owned'))
      return `Refusing to remove worktree "${a.name}" \u2014 it was created by a different session (owner=unknown). Resume the owning session to drop it, or remove it manually with \`git worktree remove ${err.facts.path}\`.`;
    if (isCondition(err, 'worktree_busy'))
      return `Refusing to remove worktree "${a.name}" \u2014 background tasks still run in it (${err.facts.jobs.join(', ')}). Stop them with task_stop first.`;
    return undefined;
  },
  async call(a, c) {
    checked(a);
    const wt = named(c, a.name);
    if (a.action === 'remove') {
      const ch = await c.engine.worktrees.changes(c);
      if (a.discard_changes !== true && ch.uncommittedFiles > 0)
        throw refusal(
          `Refusing to remove worktree "${a.name}" \u2014 it has ${ch.trackedChanges} tracked change(s) and ${ch.untrackedFiles} untracked file(s). Commit or stash first, or call again with \`discard_changes: true\`.`,
        );
      if (ch.commits > 0)
        throw refusal(
          `Refusing to remove worktree "${a.name}" \u2014 its branch \`${wt.branch}\` has commits that no other branch or remote ref points at, and deleting the branch would lose them. Merge, push, or rename the branch first, then call exit_worktree again.`,
        );
    }
    return c.engine.worktrees.exit(c, a.action, a.action === 'remove');
  },
  format(x, a) {
    const message =
      x.action === 'keep'
        ? `Kept worktree "${a.name}" at ${x.path}. Resume work there by referencing this path in subsequent tool calls.`
        : `Removed worktree "${a.name}" and deleted branch ${x.branch}.`;
    return {
      text: JSON.stringify({ action: x.action, worktreePath: x.path, worktreeBranch: x.branch, message }),
      host: { summary: `${x.action === 'keep' ? 'Kept' : 'Removed'} worktree ${x.path}`, details: { ...x } },
    };
  },
});
