// What Claude Code 2.1.332's EnterWorktree and ExitWorktree share: where named worktrees live
// and how their branches are named, the curly quotes its results put around paths and branches,
// and the sentence every entry ends with.
import type { Engine } from '../../engine/index.js';

// The engine's worktree types, named by the calls that use them (its entry does not export them).
type Worktrees = Engine['worktrees'];
export type WorktreeEnterOptions = Parameters<Worktrees['enter']>[1];
export type WorktreeEntered = Awaited<ReturnType<Worktrees['enter']>>;
export type WorktreeExited = Awaited<ReturnType<Worktrees['exit']>>;
export type WorktreeChanges = Awaited<ReturnType<Worktrees['changes']>>;

/** <repository root>/.claude/worktrees/<name> on branch worktree-<name>; an existing branch is reset to the base. */
export const CLAUDE_WORKTREES: Omit<WorktreeEnterOptions, 'name' | 'path'> = {
  dir: '.claude/worktrees',
  branchPrefix: 'worktree-',
  base: 'fresh',
  existingBranch: 'reset',
  existingWorktree: 'adopt',
};

/** “text”, with U+201C and U+201D as Claude Code writes them. */
export const quoted = (s: string) => `\u201c${s}\u201d`;

export const NOW_WORKING =
  'The session is now working in the worktree. Use ExitWorktree to leave mid-session, or exit the session to be prompted.';
