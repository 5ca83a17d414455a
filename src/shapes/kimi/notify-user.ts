// NotifyUser (Kimi Code 2.1.0, behind its notify_user flag and only in its TUI; here behind
// --kimi-notify-user): a short update shown to the person at the host while the work goes on.
// It goes out as a question with no form (an MCP elicitation, a gRPC input_required event);
// once the host has it, whatever it answers, Kimi Code's "Update shown to the user." comes
// back; a host that cannot be asked gets Kimi Code's "Notifications are disabled; the update
// was not displayed." A message of blanks gets Kimi Code's "message must not be empty."
import { EngineError } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeFail, codeOk } from './errors.js';

export const SHOWN = 'Update shown to the user.';
export const SUPPRESSED = 'Notifications are disabled; the update was not displayed.';

export const notifyUserTool = defineTool<{ message: string }>({
  name: 'NotifyUser',
  summary: 'Show the person at the host a short progress update; work goes on.',
  description: [
    'Shows `message` to the person at the host as an update (progress, a finding, what comes next). It asks nothing:',
    'use AskUserQuestion for a decision. Keep it short and only for what the person should see now.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { message: { type: 'string', minLength: 1 } },
    required: ['message'],
    additionalProperties: false,
  },
  tags: [TAGS.readOnly],
  destructive: false,
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Report progress',
      arguments: { message: 'Tests pass; starting the docs.' },
      expectedOutcome: SHOWN,
    },
  ],
  errorModes: ['"message must not be empty." for a message of blanks.', `"${SUPPRESSED}" when nobody can be shown it.`],
  async call(a, c): Promise<Reply> {
    if (a.message.trim() === '')
      return codeFail('message must not be empty.', {}, new EngineError('invalid_argument', 'the message is blank'));
    const outcome = await c.engine.host.ask(c, { kind: 'questions', message: a.message, fields: [] });
    return outcome.action === 'unavailable'
      ? codeOk(SUPPRESSED, { summary: 'update not shown' })
      : codeOk(SHOWN, { summary: `update shown (${outcome.action})` });
  },
});
