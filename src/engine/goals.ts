// A session's goal: one objective the model works toward until it says the goal is complete or
// blocked, with optional budgets (tokens, turns, wall-clock time). Several dialects give their
// model goal tools with different fields and wording; they share this one record, and each
// shape words it. Facet sees tool calls, not the model's tokens or turns: usage counters stay at
// what the host reports (recordUsage), and only wall-clock time is measured here.
import { engineFailure } from './errors.js';
import type { Session } from './session.js';

export const GOAL_STATUSES = ['active', 'complete', 'blocked', 'paused'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

export interface GoalBudget {
  tokens?: number;
  turns?: number;
  wallClockMs?: number;
}

export interface Goal {
  objective: string;
  completionCriterion?: string;
  status: GoalStatus;
  /** Why the status was set, where the dialect asks (blocked, complete). */
  reason?: string;
  /** The dialect's kind of blocker, as the model gave it. */
  blockerKind?: string;
  budget: GoalBudget;
  tokensUsed: number;
  turnsUsed: number;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
}

export interface NewGoal {
  objective: string;
  completionCriterion?: string;
  budget?: GoalBudget;
}

export interface GoalChange {
  status: GoalStatus;
  reason?: string;
  blockerKind?: string;
}

/** Objective and criterion lengths past which a goal is refused (a goal is a sentence, not a file). */
export const MAX_GOAL_CHARS = 20_000;

const KEY = 'goal';
type GoalState = { goal: Goal | undefined };
const state = (session: Session): GoalState => session.bag<GoalState>(KEY, () => ({ goal: undefined }));

/** A copy, so a caller's change never reaches the session's record. */
const copy = (g: Goal | undefined): Goal | undefined => (g ? { ...g, budget: { ...g.budget } } : undefined);

export function currentGoal(session: Session): Goal | undefined {
  return copy(state(session).goal);
}

/** Sets the session's goal; an existing one is kept (goal_exists) unless `replace`. */
export function createGoal(session: Session, init: NewGoal, replace = false, now = Date.now()): Goal {
  const s = state(session);
  const objective = init.objective.trim();
  if (objective.length === 0) throw engineFailure('goal_objective_empty', 'a goal needs an objective', {});
  for (const [field, text] of [
    ['objective', init.objective],
    ['completionCriterion', init.completionCriterion ?? ''],
  ] as const) {
    if (text.length > MAX_GOAL_CHARS) {
      throw engineFailure(
        'goal_field_too_long',
        `the goal's ${field} is ${text.length} characters, over ${MAX_GOAL_CHARS}`,
        { field, length: text.length, max: MAX_GOAL_CHARS },
        { field },
      );
    }
  }
  checkBudget(init.budget ?? {});
  if (s.goal && !replace) {
    throw engineFailure('goal_exists', 'the session already has a goal', { objective: s.goal.objective });
  }
  s.goal = {
    objective: init.objective,
    ...(init.completionCriterion !== undefined ? { completionCriterion: init.completionCriterion } : {}),
    status: 'active',
    budget: { ...(init.budget ?? {}) },
    tokensUsed: 0,
    turnsUsed: 0,
    createdAt: now,
    updatedAt: now,
  };
  return copy(s.goal)!;
}

function goalOrFail(session: Session): Goal {
  const g = state(session).goal;
  if (!g) throw engineFailure('goal_missing', 'the session has no goal', {});
  return g;
}

/** Sets the status (and its reason); fails with goal_missing when there is no goal. */
export function updateGoal(session: Session, change: GoalChange, now = Date.now()): Goal {
  const g = goalOrFail(session);
  if (!(GOAL_STATUSES as readonly string[]).includes(change.status)) {
    throw engineFailure(
      'bad_goal_status',
      `goal status ${change.status} is not one of ${GOAL_STATUSES.join(', ')}`,
      { status: change.status, allowed: [...GOAL_STATUSES] },
      { field: 'status' },
    );
  }
  g.status = change.status;
  if (change.reason !== undefined) g.reason = change.reason;
  if (change.blockerKind !== undefined) g.blockerKind = change.blockerKind;
  g.updatedAt = now;
  return copy(g)!;
}

/** Merges budgets into the goal's; fails with goal_missing when there is no goal. */
export function setGoalBudget(session: Session, budget: GoalBudget, now = Date.now()): Goal {
  const g = goalOrFail(session);
  checkBudget(budget);
  g.budget = { ...g.budget, ...budget };
  g.updatedAt = now;
  return copy(g)!;
}

/** Adds usage the host reports (Facet cannot count a model's tokens or turns itself). */
export function recordGoalUsage(session: Session, usage: { tokens?: number; turns?: number }): void {
  const g = state(session).goal;
  if (!g) return;
  g.tokensUsed += Math.max(0, Math.trunc(usage.tokens ?? 0));
  g.turnsUsed += Math.max(0, Math.trunc(usage.turns ?? 0));
}

/** Removes the goal (a dialect that clears it once complete); the removed goal, if any. */
export function clearGoal(session: Session): Goal | undefined {
  const s = state(session);
  const g = s.goal;
  s.goal = undefined;
  return copy(g);
}

function checkBudget(budget: GoalBudget): void {
  for (const [field, v] of Object.entries(budget) as Array<[string, number | undefined]>) {
    if (v === undefined) continue;
    if (!Number.isFinite(v) || v <= 0) {
      throw engineFailure(
        'bad_goal_budget',
        `a goal budget must be a positive number; ${field} is ${v}`,
        { field, value: v },
        { field },
      );
    }
  }
}
