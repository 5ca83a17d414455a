// Gemini CLI 0.61.0's exit_plan_mode: the plan file (plan_filename, under the plans directory)
// goes to the person at the host for approval. Rejected or dismissed, the answer is the vendor's
// ("Plan rejected. User feedback: ...", "Plan rejected. No feedback provided.", "User cancelled
// the plan approval dialog. ...") and Plan Mode stays on. The facts do not give the approval's
// text, nor the validation messages (a plan outside the plans directory, a missing or empty one),
// nor the answer outside Plan Mode (Gemini does not declare the tool then): those, and the words
// for no answer in time and nobody to ask, are Facet's own sentences.
import path from 'node:path';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { notAnswered } from '../kit/host/questions.js';
import { notAcceptedText } from '../kit/host/not-accepted.js';
import { shapeError } from '../gemini-family/shared.js';
import { plansDir } from './plan-mode.js';

const CANCELLED = 'User cancelled the plan approval dialog. The plan was not approved and you are still in Plan Mode.';
const NOT_PLANNING =
  'Not in Plan Mode: there is no plan to approve. Call enter_plan_mode first, or continue with the approved plan.';

const invalid = (text: string): Reply => ({
  text,
  failure: shapeError('invalid_argument', text, 'invalid_tool_params', {}, 'plan_filename'),
});

export const exitPlanMode = defineTool<{ plan_filename: string }>({
  name: 'exit_plan_mode',
  summary: 'Present the plan file for approval; once the person approves it, Plan Mode ends and work can start.',
  description: [
    'Sends the plan in plan_filename (a file in the plans directory, written with write_file while planning) to the',
    'person for approval and waits. Approved: Plan Mode ends. Rejected: their feedback is returned and Plan Mode stays on.',
  ],
  schema: { type: 'object', required: ['plan_filename'], properties: { plan_filename: { type: 'string' } } },
  tags: [TAGS.readOnly],
  destructive: false,
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Ask for approval of the plan',
      arguments: { plan_filename: 'refactor.md' },
      expectedOutcome: 'Plan approved: Plan Mode has ended. Carry out the plan in <plans dir>/refactor.md.',
    },
  ],
  errorModes: [
    'invalid_tool_params: the plan file is outside the plans directory, missing or empty; write it there first.',
    'Not in Plan Mode: nothing to approve. Rejected or cancelled: Plan Mode stays on; revise the plan and present it again.',
    'No answer in time, or nobody to ask: an error saying so; Plan Mode stays on.',
  ],
  async call(a, c): Promise<Reply> {
    if (!c.engine.host.plan(c))
      return { text: NOT_PLANNING, failure: shapeError('precondition_failed', NOT_PLANNING, 'execution_failed') };
    const dir = plansDir(c);
    const file = path.resolve(dir, a.plan_filename);
    if (!file.startsWith(dir + path.sep))
      return invalid(
        `The plan file must be inside the plans directory ${dir}, not ${file}. Write the plan there and name it in plan_filename.`,
      );
    const plan = await c.engine.context.read(c, file).catch(() => '');
    if (plan.trim() === '')
      return invalid(`The plan file ${file} is missing or empty. Write the plan there with write_file first.`);
    const outcome = await c.engine.host.ask(c, {
      kind: 'plan',
      message: 'Approve this plan? Plan Mode ends once it is approved.',
      fields: [],
      plan: { text: plan, path: file },
    });
    if (outcome.action !== 'accept') {
      const text =
        outcome.action === 'decline'
          ? outcome.message
            ? `Plan rejected. User feedback: ${outcome.message}`
            : 'Plan rejected. No feedback provided.'
          : outcome.action === 'cancel'
            ? CANCELLED
            : notAcceptedText(outcome, '');
      return {
        text,
        failure: notAnswered(outcome, 'exit_plan_mode'),
        host: { summary: `plan ${outcome.action}`, paths: [file] },
      };
    }
    c.engine.host.leavePlan(c);
    return {
      text: `Plan approved: Plan Mode has ended. Carry out the plan in ${file}.`,
      host: { summary: 'plan approved', paths: [file] },
    };
  },
});
