// Gemini CLI 0.61.0's enter_plan_mode: the session plans before it changes anything. Its answer
// is the vendor's "Switching to Plan mode." (the reason is for the person: the host block carries
// it); until exit_plan_mode's plan is approved, writes outside the plans directory and commands
// that may change something are refused (gemini-family/plan-mode.ts). Gemini hides the tool
// while planning; Facet answers a second call alike and keeps the plan mode it has.
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { familyPlanMode } from '../gemini-family/plan-mode.js';
import { plansDir } from './plan-mode.js';

const SWITCHED = 'Switching to Plan mode.';

export const enterPlanMode = defineTool<{ reason?: string }>({
  name: 'enter_plan_mode',
  summary: 'Switch to Plan Mode: explore and write a plan; nothing else changes until the plan is approved.',
  description: [
    'Turns on Plan Mode for the session: write_file and replace may only write plan files in the plans directory,',
    'and commands that may change something are refused, until exit_plan_mode presents a plan and the person',
    'approves it. Reading and searching still work. reason is shown to the person.',
  ],
  schema: { type: 'object', properties: { reason: { type: 'string' } } },
  tags: [TAGS.readOnly],
  destructive: false,
  idempotency: 'idempotent',
  examples: [
    {
      description: 'Plan a large change first',
      arguments: { reason: 'The change spans many files' },
      expectedOutcome: SWITCHED,
    },
  ],
  errorModes: 'None: calling it again while planning keeps Plan Mode as it is.',
  async call(a, c): Promise<Reply> {
    const dir = plansDir(c);
    if (!c.engine.host.plan(c)) c.engine.host.enterPlan(c, familyPlanMode('gemini', dir));
    return {
      text: SWITCHED,
      host: { summary: 'plan mode on', details: { plansDir: dir, ...(a.reason ? { reason: a.reason } : {}) } },
    };
  },
});
