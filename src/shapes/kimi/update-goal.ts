// UpdateGoal (Kimi Code 2.1.0): marks the goal complete (it is then cleared), blocked, or active
// again, with what the model should say next.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeOk } from './errors.js';
import { GOAL_TAGS_NOTE, worked } from './goal-words.js';

type Args = { status: 'active' | 'complete' | 'blocked' };

const DONE =
  'Write a concise final message for the user. State that the goal is complete, summarize the main work completed, and mention any validation you ran. Do not call more goal tools.';
// Our words for a blocked goal, in the form of Kimi Code's completion prompt.
const BLOCKED =
  'Write a concise final message for the user. Name the concrete blocker, what you tried, and what is needed to continue. Do not call more goal tools.';

export const updateGoalTool = defineTool<Args>({
  name: 'UpdateGoal',
  summary: 'Mark the goal complete (then cleared), blocked (a concrete blocker), or active again.',
  description: [
    'complete: the objective is met (the goal is then cleared and the answer says how to close the turn); blocked: a',
    'concrete blocker stops the work; active: resume a blocked goal. Without a goal nothing changes and the answer says',
    `so. ${GOAL_TAGS_NOTE}`,
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { status: { type: 'string', enum: ['active', 'complete', 'blocked'] } },
    required: ['status'],
    additionalProperties: false,
  },
  tags: [TAGS.planning],
  examples: [
    {
      description: 'The objective is met',
      arguments: { status: 'complete' },
      expectedOutcome: 'Goal completed successfully. and what to write next.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: 'None: without a goal the answer is "Goal not completed: no active goal." (or blocked/resumed).',
  async call(args, c) {
    const g = c.engine.goals.current(c);
    if (args.status === 'active') {
      if (!g) return codeOk('Goal not resumed: no current goal.');
      c.engine.goals.update(c, { status: 'active' });
      return codeOk('Goal resumed. Continue working toward the objective.');
    }
    const word = args.status === 'complete' ? 'completed' : 'blocked';
    if (!g || g.status !== 'active') return codeOk(`Goal not ${word}: no active goal.`);
    const now = c.engine.goals.update(c, { status: args.status });
    if (args.status === 'complete') {
      c.engine.goals.clear(c);
      return codeOk(`Goal completed successfully.\n${worked(now)}\n\n${DONE}`, { summary: 'Goal complete' });
    }
    return codeOk(`Goal blocked.\n${worked(now)}\n\n${BLOCKED}`, { summary: 'Goal blocked' });
  },
});
