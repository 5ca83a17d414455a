// The goal as Codex CLI 0.171.0's goal tools answer: compact JSON {goal, remainingTokens,
// completionBudgetReport}, times in Unix seconds, the thread being Facet's session. Facet cannot
// count a model's tokens: tokensUsed is what the host reported to the engine (0 until it does),
// and remainingTokens is the budget less that.
import type { Goal } from '../../engine/index.js';
import type { Call, Reply } from '../common/define.js';

/** What update_goal adds when the goal is marked complete (Codex's fixed instruction). */
export const COMPLETION_REPORT =
  "Goal achieved. Report final usage from this tool result's structured goal fields. If `goal.tokenBudget` is present, " +
  'include token usage from `goal.tokensUsed` and `goal.tokenBudget`. If `goal.timeUsedSeconds` is greater than 0, ' +
  'summarize elapsed time in a concise, human-friendly form appropriate to the response language.';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The goal's JSON; time used runs until the goal is no longer active. */
function goalJson(g: Goal, threadId: string, now: number) {
  const until = g.status === 'active' ? now : g.updatedAt;
  return {
    threadId,
    objective: g.objective,
    status: g.status,
    ...(g.budget.tokens !== undefined ? { tokenBudget: g.budget.tokens } : {}),
    tokensUsed: g.tokensUsed,
    timeUsedSeconds: Math.max(0, seconds(until - g.createdAt)),
    createdAt: seconds(g.createdAt),
    updatedAt: seconds(g.updatedAt),
  };
}

/** The answer of get_goal, create_goal and update_goal. */
export function goalReply(g: Goal | undefined, c: Call, report: string | null = null): Reply {
  const remaining = g?.budget.tokens !== undefined ? Math.max(0, g.budget.tokens - g.tokensUsed) : null;
  const body = { goal: g ? goalJson(g, c.session.id, Date.now()) : null, remainingTokens: remaining };
  return {
    text: JSON.stringify({ ...body, completionBudgetReport: report }),
    host: {
      summary: g ? `Goal ${g.status}: ${g.objective}` : 'No goal',
      details: { goal: g ? { objective: g.objective, status: g.status } : null },
    },
  };
}
