// Qwen Code 0.24.4's ask_user_question: one to four questions of two to four options each
// (multiSelect for several) put to the person at the host through engine.host. Qwen sends it
// eagerly in interactive sessions only; Facet lists it eagerly, as a host that answers is an
// interactive one, and a transport with nobody to ask is answered at once. The facts hold none
// of its result texts: the answers (gemini-family/questions.ts) and the refusals
// (kit/host/not-accepted.ts) are in Facet's own words.
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { ASK_ERROR_MODES, askFamily, type FamilyQuestion } from '../gemini-family/questions.js';

const OPTION = {
  type: 'object',
  properties: { label: { type: 'string' }, description: { type: 'string' } },
  required: ['label', 'description'],
  additionalProperties: false,
};
const QUESTION = {
  type: 'object',
  properties: {
    question: { type: 'string' },
    header: { type: 'string' },
    options: { minItems: 2, maxItems: 4, type: 'array', items: OPTION },
    multiSelect: { default: false, type: 'boolean' },
  },
  required: ['question', 'header', 'options'],
};

export const askUserQuestion = defineTool<{ questions: FamilyQuestion[] }>({
  name: 'ask_user_question',
  summary: 'Ask the person one to four multiple-choice questions and wait for their answers.',
  description: [
    'Puts one to four questions to the person at the host, each with two to four options (multiSelect lets them pick',
    'several). The call waits for the answers (bounded by the server) and returns them. Ask only when there are real',
    'alternatives to choose between.',
  ],
  schema: {
    type: 'object',
    properties: {
      questions: { minItems: 1, maxItems: 4, type: 'array', items: QUESTION },
      metadata: { type: 'object', properties: { source: { type: 'string' } } },
    },
    required: ['questions'],
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
  call: (a, c) => askFamily('ask_user_question', a.questions, c),
});
