// CreateGoal (Kimi Code 2.1.0): sets the session's goal (replace=true replaces one) and returns
// it as JSON.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeFail, codeOk } from './errors.js';
import { GOAL_TAGS_NOTE, goalJson } from './goal-words.js';

type Args = { objective: string; completionCriterion?: string; replace?: boolean };

export const createGoalTool = defineTool<Args>({
  name: 'CreateGoal',
  summary: 'Set the goal to work toward until it is complete or blocked (replace=true replaces the current one).',
  description: [
    'Starts goal mode: an objective to pursue across turns until UpdateGoal marks it complete or blocked, with an optional',
    'completionCriterion saying how to tell it is done. One goal at a time: replace=true replaces the current goal. The',
    'result is {"goal": …} as JSON: objective, completionCriterion, status, turnsUsed, tokensUsed, wallClockMs and the',
    `budget (SetGoalBudget sets one). ${GOAL_TAGS_NOTE}`,
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      objective: { type: 'string', minLength: 1 },
      completionCriterion: { type: 'string' },
      replace: { type: 'boolean' },
    },
    required: ['objective'],
    additionalProperties: false,
  },
  tags: [TAGS.planning],
  examples: [
    {
      description: 'Work toward a green build',
      arguments: { objective: 'Make the test suite pass', completionCriterion: 'npm test exits 0' },
      expectedOutcome: 'The goal as JSON, status active.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'FAILED_PRECONDITION: a goal exists already ("A goal already exists; use replace to start a new one").',
    'INVALID_ARGUMENT: an empty objective, or one over 20,000 characters.',
  ],
  async call(args, c) {
    const init = {
      objective: args.objective,
      ...(args.completionCriterion !== undefined ? { completionCriterion: args.completionCriterion } : {}),
    };
    const g = c.engine.goals.create(c, init, args.replace === true);
    return codeOk(goalJson(g), { summary: 'Goal created' });
  },
  errors(err) {
    if (err.condition === 'goal_exists')
      return codeFail('Tool "CreateGoal" failed: A goal already exists; use replace to start a new one');
    if (err.condition === 'goal_objective_empty') return codeFail('Tool "CreateGoal" failed: The objective is empty.');
    return undefined;
  },
});
