// update_goal: Qwen Code 0.24.4's proposal that the goal is complete or blocked. Qwen has an
// independent verifier decide at the turn's end; Facet has none, so the proposal is recorded as
// the goal's status in engine.goals (where the host, the verifier here, and every dialect's goal
// tools see it) and the model is answered as Qwen answers a proposal ready for verification.
// Without an active goal it fails as Qwen does outside a Goal turn.
import { EngineError, type Goal } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';

interface Args {
  status: 'complete' | 'blocked';
  reason: string;
  blockerKind?: 'authority' | 'external' | 'repeated' | 'infeasible';
}

export const NO_GOAL = 'No active Goal is available for this turn';

const PROPOSAL = {
  proposalRecorded: true,
  readyForVerification: true,
  goalLifecycleChanged: false,
  nextAction:
    'End this turn without user-facing text. Do not claim the Goal is complete or blocked. The Goal status card will report the independent verification result.',
};

export const updateGoal = defineTool<Args, Goal>({
  name: 'update_goal',
  summary: "Propose that the session's goal is complete or blocked, with the reason (the host verifies it).",
  description: [
    'Records the proposal (status complete or blocked, reason, and for blocked the blockerKind: authority, external,',
    "repeated or infeasible) as the goal's status; the host decides whether it holds. Run the checks that prove the",
    'goal immediately before calling. Fails when the session has no active goal.',
  ],
  schema: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['complete', 'blocked'] },
      reason: { type: 'string', minLength: 1 },
      blockerKind: { type: 'string', enum: ['authority', 'external', 'repeated', 'infeasible'] },
    },
    required: ['status', 'reason'],
  },
  tags: [TAGS.planning],
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Propose the goal complete',
      arguments: { status: 'complete', reason: 'All tests pass (npm test: 42 passed).' },
      expectedOutcome: 'A JSON receipt: proposalRecorded, readyForVerification, nextAction.',
    },
  ],
  errorModes: `PRECONDITION_FAILED "${NO_GOAL}": the session has no active goal.`,
  errors: (err) => (err.facts.noGoal === true ? NO_GOAL : undefined),
  async call(a, c) {
    if (c.engine.goals.current(c)?.status !== 'active')
      throw new EngineError('precondition_failed', NO_GOAL, { facts: { noGoal: true } });
    const reason = a.reason.trim();
    if (reason === '') throw new EngineError('invalid_argument', 'reason must not be blank', { field: 'reason' });
    return c.engine.goals.update(c, {
      status: a.status,
      reason,
      ...(a.blockerKind !== undefined ? { blockerKind: a.blockerKind } : {}),
    });
  },
  format: (g) => ({ text: JSON.stringify(PROPOSAL), host: { summary: `Goal proposed ${g.status}: ${g.reason}` } }),
});
