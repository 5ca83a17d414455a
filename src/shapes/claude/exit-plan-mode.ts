// Claude Code 2.1.332's ExitPlanMode: the plan goes to the person at the host for approval.
// Approved, plan mode ends and the plan is returned with the file it is saved in; rejected, the
// host's message comes back verbatim and plan mode stays on. The plan is the plan file's text
// (as Claude Code reads it), or a `plan` argument (the schema is open, and earlier releases
// took one), which approval then saves to the plan file.
import { EngineError } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { notAnswered } from '../kit/host/questions.js';
import { TAGS } from '../tags.js';
import { notAcceptedText } from '../kit/host/not-accepted.js';
import { toolUseError } from './errors.js';
import { here } from './render.js';

interface Args {
  allowedPrompts?: Array<{ tool: 'Bash'; prompt: string }>;
  plan?: unknown;
}

const NOT_PLANNING = toolUseError(
  'You are not in plan mode. To enter plan mode, call the EnterPlanMode tool first. If your plan was already approved, continue with implementation.',
);

export const exitPlanMode = defineTool<Args>({
  name: 'ExitPlanMode',
  summary: 'Present the plan for approval; once the person approves it, plan mode ends and work can start.',
  description: [
    "Sends the session's plan (its plan file, written while planning) to the person for approval and waits.",
    'Approved: plan mode ends and the plan is returned. Rejected: their message is returned and plan mode stays on.',
  ],
  schema: {
    type: 'object',
    properties: {
      allowedPrompts: {
        type: 'array',
        items: {
          type: 'object',
          properties: { tool: { type: 'string', enum: ['Bash'] }, prompt: { type: 'string' } },
          required: ['tool', 'prompt'],
          additionalProperties: false,
        },
      },
    },
    additionalProperties: {},
  },
  tags: [TAGS.readOnly],
  destructive: false,
  idempotency: 'side_effecting',
  examples: [
    { description: 'Ask for approval of the plan', arguments: {}, expectedOutcome: 'User has approved your plan. ...' },
  ],
  errorModes: [
    '<tool_use_error>You are not in plan mode...</tool_use_error> outside plan mode: carry on with the approved plan.',
    'Rejected: the text is the person\u2019s message (is_error); revise the plan and present it again.',
    'Dismissed, no answer in time, or no person attached: is_error, saying so; plan mode stays on.',
  ],
  async call(a, c): Promise<Reply> {
    const mode = c.engine.host.plan(c);
    if (!mode) return { text: NOT_PLANNING, failure: new EngineError('precondition_failed', 'not in plan mode') };
    const file = mode.planFile!;
    const given = typeof a.plan === 'string' ? a.plan : undefined;
    const plan = given ?? (await c.engine.context.read(c, file).catch(() => ''));
    const outcome = await c.engine.host.ask(c, {
      kind: 'plan',
      message: 'Approve this plan? Work starts once it is approved.',
      fields: [],
      plan: { text: plan, path: file },
    });
    if (outcome.action !== 'accept') {
      return {
        text: notAcceptedText(outcome, 'The user did not approve the plan.'),
        failure: notAnswered(outcome, 'ExitPlanMode'),
        host: { summary: `plan ${outcome.action}`, paths: [file] },
      };
    }
    if (given !== undefined) await c.engine.files.write(here(c), file, given);
    c.engine.host.leavePlan(c);
    return {
      text: `User has approved your plan. You can now start coding. Start with updating your todo list if applicable\n\nYour plan has been saved to: ${file}\nYou can refer back to it if needed during implementation.\n\n## Approved Plan:\n${plan}`,
      host: { summary: 'plan approved', paths: [file] },
    };
  },
});
