// Qwen Code 0.24.4's enter_plan_mode (userRequested: whether the person asked for it): the session
// plans before it changes anything; until exit_plan_mode's plan is approved, writes, commands that
// may change something and other destructive tools are refused (gemini-family/plan-mode.ts). Qwen
// sends it in interactive sessions only and its result text is not in the facts: the answer is
// Facet's own sentence. A second call keeps the plan mode the session has.
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { familyPlanMode } from '../gemini-family/plan-mode.js';

const ENTERED =
  'Entered plan mode. Explore the code and design the approach; do not change any file. When the plan is ready, present it with exit_plan_mode for approval.';

export const enterPlanMode = defineTool<{ userRequested?: boolean }>({
  name: 'enter_plan_mode',
  summary: 'Switch to plan mode: explore and design, change nothing until the plan is approved.',
  description: [
    'Turns on plan mode for the session: writes, edits and commands that may change something are refused until',
    'exit_plan_mode presents a plan and the person approves it. Reading, searching and read-only commands still work.',
    'userRequested says whether the person asked for plan mode.',
  ],
  schema: { type: 'object', properties: { userRequested: { type: 'boolean' } } },
  tags: [TAGS.readOnly],
  destructive: false,
  idempotency: 'idempotent',
  examples: [{ description: 'Plan a large change first', arguments: {}, expectedOutcome: ENTERED }],
  errorModes: 'None: calling it again while planning keeps plan mode as it is.',
  async call(a, c): Promise<Reply> {
    if (!c.engine.host.plan(c)) c.engine.host.enterPlan(c, familyPlanMode('qwen'));
    return { text: ENTERED, host: { summary: 'plan mode on', details: { userRequested: a.userRequested ?? false } } };
  },
});
