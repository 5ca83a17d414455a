// get_goal (Codex CLI 0.171.0): the session's goal, or {"goal":null,…} when there is none.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { goalReply } from './goal-json.js';

export const getGoal = defineTool<Record<string, never>>({
  name: 'get_goal',
  summary: "Get the session's goal: objective, status, token budget, usage and time so far.",
  description: [
    'Returns the session\'s goal as JSON: {"goal":{threadId, objective, status, tokenBudget (when set), tokensUsed,',
    'timeUsedSeconds, createdAt, updatedAt}, "remainingTokens", "completionBudgetReport"}; goal is null when none',
    'is set. Times are Unix seconds. tokensUsed counts what the host reported (Facet does not see tokens).',
  ],
  schema: { type: 'object', properties: {}, required: [], additionalProperties: false },
  tags: [TAGS.planning, TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'No goal yet',
      arguments: {},
      expectedOutcome: '{"goal":null,"remainingTokens":null,"completionBudgetReport":null}',
    },
  ],
  errorModes: 'None: without a goal the answer has goal null.',
  call: async (_a, c) => goalReply(c.engine.goals.current(c), c),
});
