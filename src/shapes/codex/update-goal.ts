// update_goal (Codex CLI 0.171.0): the model marks the goal complete, blocked or paused (the
// schema's enum; other changes belong to the user). Complete adds Codex's usage-report note.
import { defineTool, errorTable } from '../common/define.js';
import { TAGS } from '../tags.js';
import { COMPLETION_REPORT, goalReply } from './goal-json.js';

interface Args {
  status: 'complete' | 'blocked' | 'paused';
}

export const updateGoal = defineTool<Args>({
  name: 'update_goal',
  summary: "Mark the session goal complete, blocked or paused (only at the user's explicit request for the latter).",
  description: [
    'Sets the status of the session goal: complete (achieved), blocked or paused. Answers as get_goal does; on',
    'complete, completionBudgetReport says how to report the usage. Without a goal the call is refused in',
    "Codex's words; a status outside the three is refused before anything changes.",
  ],
  schema: {
    type: 'object',
    properties: { status: { type: 'string', enum: ['complete', 'blocked', 'paused'] } },
    required: ['status'],
    additionalProperties: false,
  },
  tags: [TAGS.planning],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'The goal is done',
      arguments: { status: 'complete' },
      expectedOutcome: '{"goal":{…,"status":"complete",…},…,"completionBudgetReport":"Goal achieved. …"}',
    },
  ],
  errorModes: 'cannot update goal because this thread has no goal.',
  async call(a, c) {
    const goal = c.engine.goals.update(c, { status: a.status });
    return goalReply(goal, c, a.status === 'complete' ? COMPLETION_REPORT : null);
  },
  errors: errorTable({ goal_missing: () => 'cannot update goal because this thread has no goal' }),
});
