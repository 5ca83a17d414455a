// What Kimi Code's goal tools share: the goal as the JSON its tools return, over the engine's
// one goal per session. Facet sees tool calls, not the model's turns or tokens: turnsUsed and
// tokensUsed are what the host reported (engine.goals.recordUsage; 0 until it does), and the
// turn and token budgets are measured against them; wallClockMs is the time since the goal was
// created, measured here.
import type { Goal } from '../../engine/index.js';

const reached = (used: number, budget: number | undefined) => budget !== undefined && used >= budget;
const left = (used: number, budget: number | undefined) => (budget === undefined ? null : Math.max(0, budget - used));

/** The goal's counters and budget, as Kimi Code's goal tools report them. */
export function goalView(g: Goal, now = Date.now()) {
  const wallClockMs = Math.max(0, now - g.createdAt);
  const b = g.budget;
  const flags = {
    tokenBudgetReached: reached(g.tokensUsed, b.tokens),
    turnBudgetReached: reached(g.turnsUsed, b.turns),
    wallClockBudgetReached: reached(wallClockMs, b.wallClockMs),
  };
  return {
    objective: g.objective,
    completionCriterion: g.completionCriterion ?? null,
    status: g.status,
    turnsUsed: g.turnsUsed,
    tokensUsed: g.tokensUsed,
    wallClockMs,
    budget: {
      tokenBudget: b.tokens ?? null,
      turnBudget: b.turns ?? null,
      wallClockBudgetMs: b.wallClockMs ?? null,
      remainingTokens: left(g.tokensUsed, b.tokens),
      remainingTurns: left(g.turnsUsed, b.turns),
      remainingWallClockMs: left(wallClockMs, b.wallClockMs),
      ...flags,
      overBudget: flags.tokenBudgetReached || flags.turnBudgetReached || flags.wallClockBudgetReached,
    },
  };
}

/** `{"goal": …}` pretty-printed with two spaces, as Kimi Code returns it. */
export const goalJson = (g: Goal | undefined): string =>
  JSON.stringify({ goal: g === undefined ? null : goalView(g) }, null, 2);

/** "Worked <n> turns over <d>s, using <t> tokens." */
export const worked = (g: Goal): string =>
  `Worked ${g.turnsUsed} turns over ${Math.round(goalView(g).wallClockMs / 1000)}s, using ${g.tokensUsed} tokens.`;

export const GOAL_TAGS_NOTE =
  'Facet sees tool calls, not turns or tokens: turnsUsed and tokensUsed count what the host reports (0 until it does).';
