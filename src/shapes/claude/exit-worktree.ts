// Claude Code 2.1.332's ExitWorktree: leave the worktree EnterWorktree moved the session into,
// keeping it or removing it (with its branch). A removal is refused while the worktree holds
// uncommitted files or commits (unless discard_changes), for a worktree this session did not
// make, and while a background command runs in it; the refusals are the vendor's words.
import { isCondition } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { toolUseError } from './errors.js';
import { here } from './render.js';
import { quoted, type WorktreeChanges, type WorktreeExited } from './worktree-words.js';

interface Args {
  action: 'keep' | 'remove';
  discard_changes?: boolean;
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const files = (ch: Pick<WorktreeChanges, 'uncommittedFiles'>) => count(ch.uncommittedFiles, 'uncommitted file');
const commits = (ch: Pick<WorktreeChanges, 'commits'>) => count(ch.commits, 'commit');

/** "1 uncommitted file and 1 commit on “b”", as the refusal counts the work (files first). */
function work(ch: WorktreeChanges, branch: string): string {
  const parts = [...(ch.uncommittedFiles > 0 ? [files(ch)] : []), ...(ch.commits > 0 ? [commits(ch)] : [])];
  return `${parts.join(' and ')}${ch.commits > 0 ? ` on ${quoted(branch)}` : ''}`;
}

/** "1 commit and 1 uncommitted file", as the removal reports what it threw away (commits first). */
function discarded(ch: WorktreeChanges): string {
  return [...(ch.commits > 0 ? [commits(ch)] : []), ...(ch.uncommittedFiles > 0 ? [files(ch)] : [])].join(' and ');
}

function said(x: WorktreeExited): string {
  const back = `Session is now back in ${quoted(x.cwd)}.`;
  if (x.action === 'keep')
    return `Exited worktree. Your work is preserved at ${quoted(x.path)} on branch ${quoted(x.branch)}. ${back}`;
  const lost = x.discarded && discarded(x.discarded);
  return `Exited and removed worktree at ${quoted(x.path)}.${lost ? ` Discarded ${lost}.` : ''} ${back}`;
}

export const exitWorktree = defineTool<Args, WorktreeExited>({
  name: 'ExitWorktree',
  summary: 'Leave the worktree EnterWorktree moved the session into, keeping it or removing it with its branch.',
  description: [
    "Moves the session's working directory back to where it was before EnterWorktree. action keep leaves the worktree",
    'and its branch in place; remove deletes both, and is refused while the worktree holds uncommitted files or commits',
    'its base lacks (pass discard_changes: true once the user agreed to lose them), while a background command runs in',
    'it, and for a worktree this session did not create (entered by path, or held by another session). Only the',
    "worktree of this session's EnterWorktree is touched.",
  ],
  schema: {
    type: 'object',
    properties: { action: { type: 'string', enum: ['keep', 'remove'] }, discard_changes: { type: 'boolean' } },
    required: ['action'],
    additionalProperties: false,
  },
  tags: [TAGS.shell, TAGS.destructive],
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Keep the work for later',
      arguments: { action: 'keep' },
      expectedOutcome:
        'Exited worktree. Your work is preserved at “/repo/.claude/worktrees/feat-x” on branch “worktree-feat-x”. Session is now back in “/repo”.',
    },
  ],
  errorModes: [
    '<tool_use_error>No-op: there is no active EnterWorktree session to exit...</tool_use_error> when the session works in no worktree of its EnterWorktree.',
    '<tool_use_error>Worktree has N uncommitted file(s) and M commit(s)...</tool_use_error> for remove with work in it: ask the user, then discard_changes: true or action keep.',
    '<tool_use_error>This session is not the owner of the worktree...</tool_use_error> for remove of a worktree entered by path or held by another session: use keep.',
    '<tool_use_error>... background command(s) still run in the worktree...</tool_use_error>: stop them with TaskStop first.',
  ],
  errors(err) {
    if (isCondition(err, 'no_worktree_active'))
      return toolUseError(
        'No-op: there is no active EnterWorktree session to exit. This tool only operates on worktrees created by EnterWorktree in the current session \u2014 it will not touch worktrees created manually or in a previous session. No filesystem changes were made.',
      );
    if (isCondition(err, 'worktree_has_changes'))
      return toolUseError(
        `Worktree has ${work(err.facts, err.facts.branch)}. Removing will discard this work permanently. Confirm with the user, then re-invoke with discard_changes: true \u2014 or use action: "keep" to preserve the worktree.`,
      );
    if (isCondition(err, 'worktree_not_owned'))
      return toolUseError(
        `This session is not the owner of the worktree at ${quoted(err.facts.path)} \u2014 it either entered a pre-existing worktree via EnterWorktree({path}) or resumed into a checkout whose liveness lock another running Claude Code session still holds \u2014 so this tool will not remove it. Use action: "keep" to return to ${quoted(err.facts.cwd)}. If no other session is using it, remove it yourself with \`git worktree remove\`; while a live session's lock is present, git will refuse and name the owner.`,
      );
    // Not observed (the vendor's description says it refuses): our words, in its manner.
    if (isCondition(err, 'worktree_busy'))
      return toolUseError(
        `${count(err.facts.jobs.length, 'background task')} (${err.facts.jobs.join(', ')}) still run in the worktree at ${quoted(err.facts.path)}. Stop them with TaskStop, or use action: "keep" to preserve the worktree.`,
      );
    return undefined;
  },
  call: (a, c) => c.engine.worktrees.exit(here(c), a.action, a.discard_changes === true),
  format(x): Reply {
    return {
      text: said(x),
      host: {
        summary: `${x.action === 'keep' ? 'Left' : 'Removed'} worktree ${x.path}`,
        details: { ...x },
      },
    };
  },
});
