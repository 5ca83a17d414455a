// EnterPlanMode (Kimi Code 2.1.0): the session turns to investigating and planning, with a plan
// file to write the plan in. Until ExitPlanMode's plan is approved, Write and Edit may touch
// only that file and TaskStop is refused (plan-mode.ts). Kimi Code keeps the plan file under
// ~/.kimi-code/sessions/…/plans/<random-name>.md; this server writes inside its roots only, so
// it is <primary root>/.kimi-code/plans/plan-<8 hex>.md. Entering again says so (Kimi Code's
// words; as a plain result, which the facts leave open).
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeOk } from './errors.js';
import { kimiPlanMode } from './plan-mode.js';

const entered = (planFile: string) =>
  [
    'Plan mode is now active. Your workflow:',
    '',
    `Plan file: ${planFile}`,
    '',
    '1. Use read-only tools (Read, Grep, Glob) to investigate the codebase. Use Bash only when needed.',
    '2. Design a concrete, step-by-step plan.',
    '3. Write the plan to the plan file with Write or Edit.',
    '4. When the plan is ready, call ExitPlanMode for user approval.',
    '',
    'Do NOT edit files other than the plan file while plan mode is active.',
    'Use Bash only when needed; Bash follows the normal permission mode and rules.',
  ].join('\n');

export const ALREADY_PLANNING = 'Plan mode is already active. Use ExitPlanMode when the plan is ready.';

export const enterPlanModeTool = defineTool<Record<string, never>>({
  name: 'EnterPlanMode',
  summary: 'Switch the session to planning: investigate and write a plan file; change nothing else until approved.',
  description: [
    'Turns on plan mode: Write and Edit may touch only the plan file named in the result, and TaskStop and commands',
    'that may change something are refused, until ExitPlanMode presents the plan and the person approves it.',
    'Reading, searching and read-only commands still work.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {},
    additionalProperties: false,
  },
  tags: [TAGS.readOnly],
  destructive: false,
  idempotency: 'idempotent',
  examples: [
    {
      description: 'Plan before a large change',
      arguments: {},
      expectedOutcome: 'Plan mode is now active. Your workflow: ... Plan file: <path> ...',
    },
  ],
  errorModes: `None: entering again answers "${ALREADY_PLANNING}"`,
  async call(_a, c): Promise<Reply> {
    const was = c.engine.host.plan(c);
    if (was)
      return codeOk(ALREADY_PLANNING, { summary: 'plan mode already on', paths: was.planFile ? [was.planFile] : [] });
    const planFile = path.join(c.scope.primary, '.kimi-code', 'plans', `plan-${randomBytes(4).toString('hex')}.md`);
    c.engine.host.enterPlan(c, kimiPlanMode(planFile));
    return codeOk(entered(planFile), { summary: 'plan mode on', details: { planFile } });
  },
});
