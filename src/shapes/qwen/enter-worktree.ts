// enter_worktree: Qwen Code 0.24.4's git worktree for isolated work, made at <repository
// root>/.qwen/worktrees/<slug> on a new branch worktree-<slug> from the current branch; the
// answer is Qwen's JSON. Facet also moves the session's directory into it (run_shell_command runs
// there) until exit_worktree; nothing is left half made when the creation fails.
import { isCondition } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { autoSlug, QWEN_WORKTREES, refusal, slugProblem, type WorktreeEntered } from './worktree-words.js';

interface Args {
  name?: string;
}

export const enterWorktree = defineTool<Args, WorktreeEntered & { slug: string }>({
  name: 'enter_worktree',
  summary: 'Create a git worktree (under .qwen/worktrees) on a new branch, to work in isolation.',
  description: [
    'Creates a git worktree at <repository root>/.qwen/worktrees/<name> on a new branch worktree-<name> from the current',
    'branch (name: letters, digits, dot, underscore, hyphen, at most 64; generated when omitted) and moves the',
    "session's working directory into it. Answers JSON {worktreePath, worktreeBranch, message}; use that absolute path",
    'for file operations until exit_worktree.',
  ],
  schema: { type: 'object', properties: { name: { type: 'string' } } },
  // Qwen checks the name itself (its words), not by the schema.
  argumentsSchema: { type: 'object' },
  tags: [TAGS.shell],
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'A worktree for a feature',
      arguments: { name: 'feat-login' },
      expectedOutcome: '{"worktreePath":".../.qwen/worktrees/feat-login","worktreeBranch":"worktree-feat-login",...}',
    },
  ],
  errorModes: [
    'INVALID_ARGUMENT: a name Qwen refuses (characters, length, leading "." or "-", "..", reserved "agent-"/"pr-N").',
    'PRECONDITION_FAILED: not in a git repository, or already inside a worktree (call exit_worktree first).',
  ],
  errors(err) {
    if (typeof err.facts.said === 'string') return err.facts.said;
    if (isCondition(err, 'worktree_active'))
      return 'Already inside a git worktree. Call exit_worktree first, or return to the main repository checkout before creating a new worktree.';
    if (isCondition(err, 'not_a_git_repository'))
      return `Cannot create a worktree: ${err.facts.path} is not a git repository. Initialize the repo with \`git init\` first.`;
    if (isCondition(err, 'worktree_path_taken')) return `Worktree already exists at ${err.facts.path}`;
    if (isCondition(err, 'worktree_branch_exists'))
      return `Cannot create worktree "${err.facts.branch.slice(QWEN_WORKTREES.branchPrefix.length)}": branch ${err.facts.branch} already exists. Choose a different name, or delete the branch first (e.g. \`git branch -d ${err.facts.branch}\`).`;
    if (isCondition(err, 'bad_worktree_name')) return err.facts.reason;
    return undefined;
  },
  async call(a, c) {
    if (a.name !== undefined && typeof a.name !== 'string')
      throw refusal('Parameter "name" must be a string.', 'name', 'invalid_argument');
    const slug = a.name !== undefined && a.name.length > 0 ? a.name : autoSlug();
    const problem = slugProblem(slug);
    if (problem) throw refusal(problem, 'name', 'invalid_argument');
    return { ...(await c.engine.worktrees.enter(c, { ...QWEN_WORKTREES, name: slug })), slug };
  },
  format(e) {
    const message = `Created worktree "${e.slug}" at ${e.path} on branch ${e.branch}. Use this absolute path for all subsequent file operations until you call exit_worktree.`;
    return {
      text: JSON.stringify({ worktreePath: e.path, worktreeBranch: e.branch, message }),
      host: {
        summary: `Created worktree ${e.path}`,
        details: { path: e.path, branch: e.branch, previousCwd: e.previousCwd },
      },
    };
  },
});
