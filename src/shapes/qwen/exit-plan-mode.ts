// Qwen Code 0.24.4's exit_plan_mode: the plan (its text: Qwen keeps no plan file) goes to the
// person at the host for approval, with the original request and the research summary when
// given. Approved, plan mode ends; rejected, dismissed, unanswered or with nobody to ask, it stays
// on. Qwen sends the tool in interactive sessions only and none of its result texts is in the
// facts: every answer here is Facet's own sentence (kit/host/not-accepted.ts for the refusals).
import { EngineError } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { notAnswered } from '../kit/host/questions.js';
import { notAcceptedText } from '../kit/host/not-accepted.js';

interface Args {
  plan: string;
  originalRequest?: string;
  researchSummary?: string;
}

const NOT_PLANNING =
  'Not in plan mode: there is no plan to approve. Call enter_plan_mode first, or continue with the approved plan.';
const APPROVED = 'The user approved the plan. Plan mode has ended: start the work, following the plan.';
const REJECTED = 'The user did not approve the plan. You are still in plan mode: revise the plan and present it again.';

/** What the person reads: the plan, after the request and research it answers when given. */
const planText = (a: Args) =>
  [
    a.originalRequest ? `Request: ${a.originalRequest}` : '',
    a.researchSummary ? `Research: ${a.researchSummary}` : '',
    a.plan,
  ]
    .filter((x) => x !== '')
    .join('\n\n');

export const exitPlanMode = defineTool<Args>({
  name: 'exit_plan_mode',
  summary: 'Present the plan for approval; once the person approves it, plan mode ends and work can start.',
  description: [
    'Sends the plan (with the original request and a research summary when given) to the person for approval and',
    'waits. Approved: plan mode ends. Rejected: their message is returned and plan mode stays on.',
  ],
  schema: {
    type: 'object',
    properties: { plan: { type: 'string' }, originalRequest: { type: 'string' }, researchSummary: { type: 'string' } },
    required: ['plan'],
  },
  tags: [TAGS.readOnly],
  destructive: false,
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Ask for approval of the plan',
      arguments: { plan: '1. Add the parser\n2. Test it' },
      expectedOutcome: APPROVED,
    },
  ],
  errorModes: [
    'Not in plan mode: nothing to approve; carry on with the approved plan.',
    'Rejected: the person\u2019s message (or that they did not approve) as an error; revise the plan and present it again.',
    'Dismissed, no answer in time, or nobody to ask: an error saying so; plan mode stays on.',
  ],
  async call(a, c): Promise<Reply> {
    if (!c.engine.host.plan(c))
      return { text: NOT_PLANNING, failure: new EngineError('precondition_failed', 'not in plan mode') };
    const outcome = await c.engine.host.ask(c, {
      kind: 'plan',
      message: 'Approve this plan? Work starts once it is approved.',
      fields: [],
      plan: { text: planText(a) },
    });
    if (outcome.action !== 'accept') {
      return {
        text: notAcceptedText(outcome, REJECTED),
        failure: notAnswered(outcome, 'exit_plan_mode'),
        host: { summary: `plan ${outcome.action}` },
      };
    }
    c.engine.host.leavePlan(c);
    return { text: APPROVED, host: { summary: 'plan approved' } };
  },
});
