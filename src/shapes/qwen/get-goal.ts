// get_goal: the session's goal (engine.goals, shared with every dialect's goal tools) in Qwen
// Code 0.24.4's JSON. Qwen has goals only in a "Goal turn" its runtime grants; Facet owns no
// turns, so an active goal (set by another dialect's tool or the host) is this session's Goal
// turn: {"active":true,"snapshot":{...}}. A goal that ended answers {"active":false,"lastGoal":
// {...}}, none at all {"active":false}, as Qwen answers outside a Goal turn.
import type { Goal } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';

/** The goal's figures under Qwen's names; budgets only where set. */
export function goalFigures(g: Goal, now = Date.now()): Record<string, unknown> {
  return {
    status: g.status,
    turnCount: g.turnsUsed,
    activeTimeMs: Math.max(0, now - g.createdAt),
    tokensUsed: g.tokensUsed,
    ...(g.budget.tokens !== undefined ? { tokenBudget: g.budget.tokens } : {}),
    ...(g.budget.turns !== undefined ? { turnBudget: g.budget.turns } : {}),
    ...(g.budget.wallClockMs !== undefined ? { activeTimeBudgetMs: g.budget.wallClockMs } : {}),
    ...(g.reason !== undefined ? { lastReason: g.reason } : {}),
  };
}

export function goalView(g: Goal | undefined, now = Date.now()): Record<string, unknown> {
  if (!g) return { active: false };
  if (g.status !== 'active') return { active: false, lastGoal: goalFigures(g, now) };
  return { active: true, snapshot: { goal: { objective: g.objective, ...goalFigures(g, now) } } };
}

export const getGoal = defineTool<Record<string, never>, Goal | undefined>({
  name: 'get_goal',
  summary: "Read the session's goal: its objective, status and budget figures, as JSON.",
  description: [
    'Answers {"active":true,"snapshot":{"goal":{objective, status, turnCount, activeTimeMs, tokensUsed, and the',
    'budgets set}}} while the session has an active goal; {"active":false,"lastGoal":{...}} once it ended (complete,',
    'blocked or paused), {"active":false} when there is none. It never changes the goal; use the result silently.',
  ],
  schema: { type: 'object', properties: {} },
  tags: [TAGS.readOnly, TAGS.planning],
  idempotency: 'idempotent',
  examples: [{ description: 'Read the goal', arguments: {}, expectedOutcome: '{"active":false} when there is none.' }],
  errorModes: 'None: without a goal it answers {"active":false}.',
  call: async (_a, c) => c.engine.goals.current(c),
  format: (g) => {
    const text = JSON.stringify(goalView(g));
    return { text, host: { summary: g ? `Goal ${g.status}` : 'No active Goal is available for this turn.' } };
  },
});
