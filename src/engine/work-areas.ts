// The engine areas for a session's own work beyond files and commands: its task list, the git
// worktree it works in, and the skills it may load. Each call takes the call's context, as
// the other areas do; shapes word the results and failures their dialect's way.
import type { Scope } from './scope.js';
import type { Session } from './session.js';
import {
  clearGoal,
  createGoal,
  currentGoal,
  recordGoalUsage,
  setGoalBudget,
  updateGoal,
  type Goal,
  type GoalBudget,
  type GoalChange,
  type NewGoal,
} from './goals.js';
import type { JobSnapshot } from './shell/jobs.js';
import {
  discoverSkills,
  findSkill,
  loadSkill,
  skillFiles,
  skillNamesNow,
  type LoadedSkill,
  type SkillCatalog,
  type SkillFileEntry,
} from './skills.js';
import {
  createTask,
  DEFAULT_TASK_LIMITS,
  findTask,
  getTask,
  listTasks,
  updateTask,
  type NewTask,
  type Task,
  type TaskChange,
  type TaskFilter,
  type TaskLimits,
  type TaskUpdated,
} from './tasks.js';
import {
  activeWorktree,
  enterWorktree,
  exitWorktree,
  worktreeChanges,
  type WorktreeChanges,
  type WorktreeEntered,
  type WorktreeEnterOptions,
  type WorktreeExited,
} from './worktrees.js';

type SessionCtx = { session: Session };
type ScopedCtx = { session: Session; scope: Scope; signal?: AbortSignal };

/** The session's task list (ids 1, 2, 3... never reused, or the caller's own); limits: DEFAULT_TASK_LIMITS. */
export interface TasksEngine {
  create(ctx: SessionCtx, task: NewTask, limits?: TaskLimits): Task;
  /** Fails with task_missing for an unknown id. */
  get(ctx: SessionCtx, id: string): Task;
  /** undefined for an unknown id. */
  find(ctx: SessionCtx, id: string): Task | undefined;
  list(ctx: SessionCtx, filter?: TaskFilter): Task[];
  /** One change, all or nothing (status 'deleted' removes the task). */
  update(ctx: SessionCtx, id: string, change: TaskChange, limits?: TaskLimits): TaskUpdated;
}

/** The session's one goal (see goals.ts); shapes word it in their dialect. */
export interface GoalsEngine {
  current(ctx: SessionCtx): Goal | undefined;
  /** Fails with goal_exists when the session has a goal and `replace` is not set. */
  create(ctx: SessionCtx, goal: NewGoal, replace?: boolean): Goal;
  /** Fails with goal_missing when there is none. */
  update(ctx: SessionCtx, change: GoalChange): Goal;
  /** Merges budgets; fails with goal_missing when there is none. */
  setBudget(ctx: SessionCtx, budget: GoalBudget): Goal;
  /** Usage the host reports; nothing without a goal. */
  recordUsage(ctx: SessionCtx, usage: { tokens?: number; turns?: number }): void;
  clear(ctx: SessionCtx): Goal | undefined;
}

/** The git worktree the session works in. */
export interface WorktreesEngine {
  enter(ctx: ScopedCtx, opts: WorktreeEnterOptions): Promise<WorktreeEntered>;
  /** 'remove' is refused while a running job of the session works in the worktree. */
  exit(ctx: ScopedCtx, action: 'keep' | 'remove', discard?: boolean): Promise<WorktreeExited>;
  active(ctx: SessionCtx): ReturnType<typeof activeWorktree>;
  changes(ctx: ScopedCtx): Promise<WorktreeChanges>;
}

/** Skills from the operator's directories (--skills-dir) and the roots' layouts the dialect names. */
export interface SkillsEngine {
  /** The operator's skills directories. */
  readonly dirs: readonly string[];
  /** Every skill, found afresh (`perRoot`: the subdirectories of each root that hold skills). */
  list(ctx: { scope: Pick<Scope, 'roots'> }, perRoot: readonly string[]): Promise<SkillCatalog>;
  /** Skill `name`'s instructions with $ARGUMENTS and `placeholders` replaced; skill_missing names the closest. */
  load(
    ctx: { scope: Pick<Scope, 'roots'> },
    perRoot: readonly string[],
    name: string,
    args?: string,
    placeholders?: Record<string, string>,
  ): Promise<LoadedSkill>;
  /** The names of the skills the roots and the operator's directories hold now, read at once (start-up catalogs). */
  namesNow(roots: readonly string[], perRoot: readonly string[]): string[];
  /** What skill `name`'s directory holds, breadth first, at most `max` entries, not descending into `skip` names. */
  files(
    ctx: { scope: Pick<Scope, 'roots'> },
    perRoot: readonly string[],
    name: string,
    max: number,
    skip: ReadonlySet<string>,
  ): Promise<{ dir: string; entries: SkillFileEntry[] }>;
}

export interface WorkAreas {
  readonly tasks: TasksEngine;
  readonly goals: GoalsEngine;
  readonly worktrees: WorktreesEngine;
  readonly skills: SkillsEngine;
}

/** Builds the three areas; `jobs` gives a session's background jobs (a removal checks none works in the worktree). */
export function workAreas(
  config: { skillsDirs?: readonly string[] },
  jobs: (ctx: ScopedCtx) => JobSnapshot[],
): WorkAreas {
  const dirs = [...(config.skillsDirs ?? [])];
  return {
    tasks: {
      create: (ctx, task, limits = DEFAULT_TASK_LIMITS) => createTask(ctx.session, task, limits),
      get: (ctx, id) => getTask(ctx.session, id),
      find: (ctx, id) => findTask(ctx.session, id),
      list: (ctx, filter) => listTasks(ctx.session, filter),
      update: (ctx, id, change, limits = DEFAULT_TASK_LIMITS) => updateTask(ctx.session, id, change, limits),
    },
    goals: {
      current: (ctx) => currentGoal(ctx.session),
      create: (ctx, goal, replace) => createGoal(ctx.session, goal, replace),
      update: (ctx, change) => updateGoal(ctx.session, change),
      setBudget: (ctx, budget) => setGoalBudget(ctx.session, budget),
      recordUsage: (ctx, usage) => recordGoalUsage(ctx.session, usage),
      clear: (ctx) => clearGoal(ctx.session),
    },
    worktrees: {
      enter: (ctx, opts) => enterWorktree(ctx, opts),
      exit: (ctx, action, discard) => exitWorktree({ ...ctx, jobs: () => jobs(ctx) }, action, discard),
      active: (ctx) => activeWorktree(ctx.session),
      changes: (ctx) => worktreeChanges(ctx),
    },
    skills: {
      dirs,
      list: (ctx, perRoot) => discoverSkills(ctx.scope, { dirs, perRoot }),
      load: async (ctx, perRoot, name, args, placeholders) =>
        loadSkill(await discoverSkills(ctx.scope, { dirs, perRoot }), name, args, placeholders),
      namesNow: (roots, perRoot) => skillNamesNow(roots, { dirs, perRoot }),
      files: async (ctx, perRoot, name, max, skip) => {
        const skill = findSkill(await discoverSkills(ctx.scope, { dirs, perRoot }), name);
        return { dir: skill.dir, entries: await skillFiles(skill.dir, max, skip) };
      },
    },
  };
}
