// ExitPlanMode (Kimi Code 2.1.0): the plan file goes to the person at the host for review. With
// two or three `options` (approaches in the plan) the person picks one; a single option is plain
// approval, as in Kimi Code. Kimi Code's words: approved → "Exited plan mode. Plan mode
// deactivated. All tools are now available." then "Plan saved to: <path>" and "## Approved
// Plan:" with the plan (plan mode ends); rejected → "Plan rejected by user. Plan mode remains
// active." (an error); dismissed → "Plan approval dismissed. Plan mode remains active."; a
// rejection with feedback (Kimi Code's "Revise") → "User feedback: <text>" (not an error; plan
// mode stays); no plan written → "No plan file found. …". Facet's own words where the facts lack
// them: the chosen approach's lines (Kimi Code says "Selected approach: <label>" and "Execute
// ONLY the selected approach"; the rest of the sentence is ours), the revise hint, and a review
// nobody answers in time or nobody can answer (plan mode stays on, as with Claude).
import { EngineError } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { notAnswered } from '../kit/host/questions.js';
import { TAGS } from '../tags.js';
import { codeFail, codeOk } from './errors.js';

interface Args {
  options?: Array<{ label: string; description?: string }>;
}

export const NOT_PLANNING =
  'ExitPlanMode can only be called while plan mode is active. Use EnterPlanMode (or /plan) first.';
const EXITED = 'Exited plan mode. Plan mode deactivated. All tools are now available.';
export const REJECTED = 'Plan rejected by user. Plan mode remains active.';
export const PLAN_DISMISSED = 'Plan approval dismissed. Plan mode remains active.';
export const PLAN_TIMED_OUT = 'No one reviewed the plan in the time allowed. Plan mode remains active.';
export const NO_REVIEWER =
  'No user is available to review the plan in this session. Plan mode remains active: continue read-only, and present the plan in your text response.';

export const exitPlanModeTool = defineTool<Args>({
  name: 'ExitPlanMode',
  summary: 'Present the plan file for approval; once the person approves it, plan mode ends and work can start.',
  description: [
    "Sends the session's plan file (written while planning) to the person for review and waits. With 2-3 options",
    '(alternative approaches described in the plan) the person picks one. Approved: plan mode ends and the plan is',
    'returned. Rejected or sent back with feedback: plan mode stays on; revise the plan file and present it again.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      options: {
        minItems: 1,
        maxItems: 3,
        type: 'array',
        items: {
          type: 'object',
          properties: {
            label: { type: 'string', minLength: 1, maxLength: 80 },
            description: { default: '', type: 'string' },
          },
          required: ['label'],
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  },
  tags: [TAGS.readOnly],
  destructive: false,
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Ask for approval of the plan',
      arguments: {},
      expectedOutcome: `${EXITED}\nPlan saved to: <path>\n\n## Approved Plan:\n<plan>`,
    },
  ],
  errorModes: [
    `Outside plan mode: "${NOT_PLANNING}"`,
    '"No plan file found. Write your plan to <path> first, then call ExitPlanMode." when the plan file is empty.',
    `Rejected: "${REJECTED}" (an error); feedback: "User feedback: ..." (revise and present again).`,
  ],
  async call(a, c): Promise<Reply> {
    const mode = c.engine.host.plan(c);
    if (!mode?.planFile) return codeFail(NOT_PLANNING, {}, new EngineError('precondition_failed', 'not in plan mode'));
    const file = mode.planFile;
    const plan = await c.engine.context.read(c, file).catch(() => '');
    if (plan.trim() === '')
      return codeFail(
        `No plan file found. Write your plan to ${file} first, then call ExitPlanMode.`,
        {},
        new EngineError('precondition_failed', 'the plan file is empty', { facts: { path: file } }),
      );
    const choices = a.options && a.options.length > 1 ? a.options : [];
    const outcome = await c.engine.host.ask(c, {
      kind: 'plan',
      message: 'Approve this plan? Work starts once it is approved.',
      fields: choices.length
        ? [
            {
              name: 'approach',
              title: 'Which approach?',
              type: 'choice',
              options: choices.map((o) => ({
                label: o.label,
                ...(o.description ? { description: o.description } : {}),
              })),
            },
          ]
        : [],
      plan: { text: plan, path: file },
    });
    const host = { summary: `plan ${outcome.action}`, paths: [file] };
    switch (outcome.action) {
      case 'accept': {
        c.engine.host.leavePlan(c);
        const chosen = typeof outcome.content.approach === 'string' ? outcome.content.approach : undefined;
        const selected = chosen
          ? [`Selected approach: ${chosen}`, 'Execute ONLY the selected approach; set the other options aside.']
          : [];
        return codeOk([EXITED, ...selected, `Plan saved to: ${file}`, '', '## Approved Plan:', plan].join('\n'), {
          ...host,
          summary: chosen ? `plan approved (${chosen})` : 'plan approved',
        });
      }
      case 'decline':
        return outcome.message
          ? codeOk(
              `User feedback: ${outcome.message}\n\nPlan mode remains active. Revise the plan in ${file}, then call ExitPlanMode again.`,
              host,
            )
          : codeFail(REJECTED, host, notAnswered(outcome, 'ExitPlanMode'));
      case 'cancel':
        return codeOk(PLAN_DISMISSED, host);
      case 'timeout':
        return codeFail(PLAN_TIMED_OUT, host, notAnswered(outcome, 'ExitPlanMode'));
      case 'unavailable':
        return codeFail(NO_REVIEWER, host, notAnswered(outcome, 'ExitPlanMode'));
    }
  },
});
