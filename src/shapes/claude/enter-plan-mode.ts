// Claude Code 2.1.332's EnterPlanMode: the session turns to exploring and planning. Until
// ExitPlanMode's plan is approved, its destructive tools are refused in Claude Code's words
// (plan-mode.ts); the plan file under <root>/.claude/plans/ is the one file it may write.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { claudePlanMode } from './plan-mode.js';

const ENTERED = [
  'Entered plan mode. You should now focus on exploring the codebase and designing an implementation approach.',
  '',
  'In plan mode, you should:',
  '1. Thoroughly explore the codebase to understand existing patterns',
  '2. Identify similar features and architectural approaches',
  '3. Consider multiple approaches and their trade-offs',
  '4. Use AskUserQuestion if you need to clarify the approach',
  '5. Design a concrete implementation strategy',
  '6. When ready, use ExitPlanMode to present your plan for approval',
  '',
  'Remember: DO NOT write or edit any files yet. This is a read-only exploration and planning phase.',
].join('\n');

export const enterPlanMode = defineTool<Record<string, never>>({
  name: 'EnterPlanMode',
  summary: 'Switch the session to planning: explore and design, change nothing until the plan is approved.',
  description: [
    'Turns on plan mode for the session: writes, edits and commands that may change something are refused until',
    'ExitPlanMode presents a plan and the person approves it. Reading, searching and read-only commands still work.',
  ],
  schema: { type: 'object', properties: {}, additionalProperties: false },
  tags: [TAGS.readOnly],
  destructive: false,
  idempotency: 'idempotent',
  examples: [{ description: 'Plan before a large change', arguments: {}, expectedOutcome: ENTERED.split('\n')[0]! }],
  errorModes: 'None: entering plan mode again keeps the plan file it has.',
  async call(_a, c): Promise<Reply> {
    const was = c.engine.host.plan(c);
    const planFile =
      was?.planFile ?? path.join(c.scope.primary, '.claude', 'plans', `plan-${randomBytes(4).toString('hex')}.md`);
    c.engine.host.enterPlan(c, claudePlanMode(planFile));
    return { text: ENTERED, host: { summary: 'plan mode on', details: { planFile } } };
  },
});
