// SetGoalBudget (Kimi Code 2.1.0): a limit on the goal's turns, tokens or wall-clock time; a
// limit already used up blocks the goal at once.
import type { Goal } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeOk } from './errors.js';
import { GOAL_TAGS_NOTE, goalView } from './goal-words.js';

type GoalBudget = Goal['budget'];
type Unit = 'turns' | 'tokens' | 'milliseconds' | 'seconds' | 'minutes' | 'hours';
const MS: Partial<Record<Unit, number>> = { milliseconds: 1, seconds: 1000, minutes: 60_000, hours: 3_600_000 };

const budgetOf = (value: number, unit: Unit): GoalBudget =>
  unit === 'turns' ? { turns: value } : unit === 'tokens' ? { tokens: value } : { wallClockMs: value * MS[unit]! };

export const setGoalBudgetTool = defineTool<{ value: number; unit: Unit }>({
  name: 'SetGoalBudget',
  summary: "Limit the goal's turns, tokens or wall-clock time (value > 0 in the unit given).",
  description: [
    'Sets one budget of the current goal: turns, tokens, or time (milliseconds, seconds, minutes or hours); the others',
    'stay. GetGoal shows what remains. A budget already used up blocks the goal at once and the turn should stop.',
    GOAL_TAGS_NOTE,
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      value: { type: 'number', exclusiveMinimum: 0 },
      unit: { type: 'string', enum: ['turns', 'tokens', 'milliseconds', 'seconds', 'minutes', 'hours'] },
    },
    required: ['value', 'unit'],
    additionalProperties: false,
  },
  tags: [TAGS.planning],
  examples: [
    {
      description: 'At most 20 turns',
      arguments: { value: 20, unit: 'turns' },
      expectedOutcome: 'Goal budget set: 20 turns.',
    },
    {
      description: 'Half an hour',
      arguments: { value: 30, unit: 'minutes' },
      expectedOutcome: 'Goal budget set: 30 minutes.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: 'None: without a goal the answer is "Goal budget not set: no current goal."',
  async call(args, c) {
    if (!c.engine.goals.current(c)) return codeOk('Goal budget not set: no current goal.');
    const g = c.engine.goals.setBudget(c, budgetOf(args.value, args.unit));
    const set = `Goal budget set: ${args.value} ${args.unit}.`;
    if (!goalView(g).budget.overBudget || g.status !== 'active') return codeOk(set);
    c.engine.goals.update(c, { status: 'blocked', reason: 'budget' });
    return codeOk(`${set} The budget is already used up, so the goal is blocked and the turn will stop now.`);
  },
});
