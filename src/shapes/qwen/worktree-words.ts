// What Qwen Code 0.24.4's enter_worktree and exit_worktree share: where worktrees live
// (<repository root>/.qwen/worktrees/<slug>, branch worktree-<slug>) and its slug rules.
import { randomBytes, randomInt } from 'node:crypto';
import { EngineError, type Engine } from '../../engine/index.js';

type Worktrees = Engine['worktrees'];
export type WorktreeEntered = Awaited<ReturnType<Worktrees['enter']>>;
export type WorktreeExited = Awaited<ReturnType<Worktrees['exit']>>;

export const QWEN_WORKTREES = {
  dir: '.qwen/worktrees',
  branchPrefix: 'worktree-',
  base: 'head' as const,
  existingBranch: 'refuse' as const,
  existingWorktree: 'refuse' as const,
};

/** Qwen's refusal of a slug, or undefined when it may be used (exit_worktree also takes "pr-<n>"). */
export function slugProblem(slug: string, opts: { allowPr?: boolean } = {}): string | undefined {
  if (slug.length === 0) return 'Worktree name must be a non-empty string.';
  if (slug.length > 64) return 'Worktree name must be at most 64 characters.';
  if (!/^[a-zA-Z0-9._-]+$/.test(slug))
    return 'Worktree name may only contain letters, digits, dots, underscores, and hyphens.';
  if (slug.includes('..') || slug.startsWith('.') || slug.startsWith('-'))
    return 'Worktree name must not start with "." or "-" or contain "..".';
  if (/^pr-[1-9]\d{0,8}$/.test(slug) && !opts.allowPr)
    return 'Worktree name must not look like "pr-<number>": that shape is reserved for PR-backed worktrees.';
  if (slug.startsWith('agent-') && !/^agent-[0-9a-f]{7}$/.test(slug))
    return 'Worktree name must not start with "agent-": that prefix is reserved for ephemeral agent worktrees and is subject to automatic cleanup after 30 days.';
  return undefined;
}

/** A refusal whose text is the model's answer as it stands. */
export const refusal = (
  text: string,
  field?: string,
  kind: 'precondition_failed' | 'invalid_argument' = 'precondition_failed',
) => new EngineError(kind, text, { ...(field ? { field } : {}), facts: { said: text } });

const ADJECTIVES = ['swift', 'bright', 'calm', 'keen', 'bold', 'eager', 'kind', 'quick'];
const NOUNS = ['fox', 'owl', 'elm', 'oak', 'ray', 'sky', 'leaf', 'pine'];
const pick = (list: readonly string[]) => list[randomInt(list.length)]!;

/** A slug as Qwen makes one when none is given: adjective-noun-6 hex digits (from a strong RNG, as Qwen's). */
export function autoSlug(): string {
  return `${pick(ADJECTIVES)}-${pick(NOUNS)}-${randomBytes(3).toString('hex')}`;
}
