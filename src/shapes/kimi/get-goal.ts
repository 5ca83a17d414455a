// GetGoal (Kimi Code 2.1.0): the session's goal as JSON, {"goal": null} without one.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeOk } from './errors.js';
import { GOAL_TAGS_NOTE, goalJson } from './goal-words.js';

export const getGoalTool = defineTool<Record<string, never>>({
  name: 'GetGoal',
  summary: 'Read the session\'s goal: objective, status, counters and budget as JSON ({"goal": null} without one).',
  description: [
    'Returns {"goal": …} as JSON: the objective, completionCriterion, status, turnsUsed, tokensUsed, wallClockMs and the',
    `budget with what remains of it; {"goal": null} when there is none. ${GOAL_TAGS_NOTE}`,
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {},
    additionalProperties: false,
  },
  tags: [TAGS.planning, TAGS.readOnly],
  examples: [{ description: 'Check the goal', arguments: {}, expectedOutcome: '{"goal": …} as JSON.' }],
  idempotency: 'idempotent',
  errorModes: 'None in normal use; any argument is refused.',
  async call(_args, c) {
    return codeOk(goalJson(c.engine.goals.current(c)));
  },
});
