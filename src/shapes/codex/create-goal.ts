// create_goal (Codex CLI 0.171.0): starts the session's goal, or replaces one that is complete;
// an unfinished goal (active, blocked, paused) is kept and the call refused in Codex's words.
import { defineTool, errorTable } from '../common/define.js';
import { TAGS } from '../tags.js';
import { STRING } from './schema.js';
import { goalReply } from './goal-json.js';

interface Args {
  objective: string;
  token_budget?: number;
}

export const createGoal = defineTool<Args>({
  name: 'create_goal',
  summary: 'Start pursuing a concrete objective as the session goal, with an optional token budget.',
  description: [
    'Sets the session goal to `objective` (status active) when there is none, or replaces one that is complete.',
    '`token_budget`, a positive whole number, only when asked for. Answers as get_goal does with the new goal.',
  ],
  schema: {
    type: 'object',
    properties: { objective: STRING, token_budget: { type: 'integer' } },
    required: ['objective'],
    additionalProperties: false,
  },
  fields: { objective: 'objective', tokens: 'token_budget' },
  tags: [TAGS.planning],
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'A goal with a budget',
      arguments: { objective: 'Make the parser tests pass', token_budget: 50000 },
      expectedOutcome: '{"goal":{…,"status":"active","tokenBudget":50000,"tokensUsed":0,…},"remainingTokens":50000,…}',
    },
  ],
  errorModes: [
    'cannot create a new goal because this thread has an unfinished goal; complete the existing goal first.',
    'An empty objective, or a token_budget that is not a positive whole number, is refused.',
  ],
  async call(a, c) {
    const now = c.engine.goals.current(c);
    const goal = c.engine.goals.create(
      c,
      { objective: a.objective, ...(a.token_budget !== undefined ? { budget: { tokens: a.token_budget } } : {}) },
      now?.status === 'complete',
    );
    return goalReply(goal, c);
  },
  errors: errorTable({
    goal_exists: () =>
      'cannot create a new goal because this thread has an unfinished goal; complete the existing goal first',
  }),
});
