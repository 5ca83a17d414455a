// Gemini CLI 0.61.0's ask_user: one to four questions (a choice among options, several for
// multiSelect; free text with a placeholder; yes/no) put to the person at the host through
// engine.host (an MCP elicitation form, a gRPC input_required event). Gemini CLI sends it only
// in interactive sessions; Facet declares it, as a host that answers is an interactive one, and a
// transport with nobody to ask (unary CallTool, an MCP client without elicitation) is answered
// at once. The facts hold none of its result texts: the answers (gemini-family/questions.ts) and
// the refusals (kit/host/not-accepted.ts) are in Facet's own words.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { ASK_ERROR_MODES, askFamily, type FamilyQuestion } from '../gemini-family/questions.js';

const QUESTION = {
  type: 'object',
  required: ['question', 'header', 'type'],
  properties: {
    question: { type: 'string' },
    header: { type: 'string' },
    type: { type: 'string', enum: ['choice', 'text', 'yesno'], default: 'choice' },
    options: {
      type: 'array',
      items: {
        type: 'object',
        required: ['label', 'description'],
        properties: { label: { type: 'string' }, description: { type: 'string' } },
      },
    },
    multiSelect: { type: 'boolean' },
    placeholder: { type: 'string' },
  },
};

export const askUser = defineTool<{ questions: FamilyQuestion[] }>({
  name: 'ask_user',
  summary: 'Ask the person one to four questions (choices, free text or yes/no) and wait for the answers.',
  description: [
    'Puts one to four questions to the person at the host: a choice among options (multiSelect for several), free',
    'text (placeholder hints the answer) or yes/no. The call waits for the answers (bounded by the server) and returns',
    'them. Ask only when the answer changes what you do.',
  ],
  schema: {
    type: 'object',
    required: ['questions'],
    properties: { questions: { type: 'array', minItems: 1, maxItems: 4, items: QUESTION } },
  },
  tags: [TAGS.readOnly],
  destructive: false,
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Let the person pick the database',
      arguments: {
        questions: [
          {
            question: 'Which DB?',
            header: 'DB',
            type: 'choice',
            options: [
              { label: 'Postgres', description: 'server' },
              { label: 'SQLite', description: 'file' },
            ],
          },
        ],
      },
      expectedOutcome: 'The user answered: "Which DB?"="Postgres".',
    },
  ],
  errorModes: ASK_ERROR_MODES,
  call: (a, c) => askFamily('ask_user', a.questions, c),
});
