// Claude Code 2.1.332's AskUserQuestion: one to four questions, each with two to four options,
// put to the person at the host (engine.host: an MCP elicitation form, a gRPC input_required
// event). Each question is a choice (several for multiSelect) with a free-text "Other" and
// notes beside it, as Claude Code's UI offers. The answers come back in the vendor's words:
// labels only → "Your questions have been answered: ...", free text or notes → the neutral
// "The user answered: ..."; a refusal is the host's message verbatim.
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { notAnswered } from '../kit/host/questions.js';
import { choiceAnswers, choiceFields, type ChoiceQuestion, questionsMessage } from '../kit/host/choice-form.js';
import { notAcceptedText } from '../kit/host/not-accepted.js';

interface Option {
  label: string;
  description: string;
  preview?: string;
}
interface Question {
  question: string;
  header: string;
  options: Option[];
  multiSelect: boolean;
}
interface Args {
  questions: Question[];
}

const OPTION = {
  type: 'object',
  properties: { label: { type: 'string' }, description: { type: 'string' }, preview: { type: 'string' } },
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
  required: ['question', 'header', 'options', 'multiSelect'],
  additionalProperties: false,
};
const STRING_MAP = { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'string' } };

/** A question as the shared form takes it. */
const asked = (q: Question): ChoiceQuestion => ({ ...q, multiple: q.multiSelect });

export const askUserQuestion = defineTool<Args>({
  name: 'AskUserQuestion',
  summary: 'Ask the person one to four multiple-choice questions and wait for their answers.',
  description: [
    'Puts one to four questions to the person at the host, each with two to four options (multiSelect lets them',
    'pick several); they may also answer in their own words and add notes. The call waits for the answers',
    '(bounded by the server) and returns them. Ask only when there are real alternatives to choose between.',
  ],
  schema: {
    type: 'object',
    properties: {
      questions: { minItems: 1, maxItems: 4, type: 'array', items: QUESTION },
      answers: STRING_MAP,
      annotations: {
        type: 'object',
        propertyNames: { type: 'string' },
        additionalProperties: {
          type: 'object',
          properties: { preview: { type: 'string' }, notes: { type: 'string' } },
          additionalProperties: false,
        },
      },
      metadata: { type: 'object', properties: { source: { type: 'string' } }, additionalProperties: false },
    },
    required: ['questions'],
    additionalProperties: false,
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
            multiSelect: false,
          },
        ],
      },
      expectedOutcome:
        'Your questions have been answered: "Which DB?"="Postgres". You can now continue with these answers in mind.',
    },
  ],
  errorModes: [
    'The host declines: the text is its message (is_error); do not ask the same again at once.',
    'Dismissed, no answer in time (--ask-timeout-ms), or no person attached (unary CallTool, no MCP elicitation): is_error, saying so; continue on stated assumptions.',
    'InputValidationError: fewer than 2 or more than 4 options, more than 4 questions.',
  ],
  async call(a, c): Promise<Reply> {
    const outcome = await c.engine.host.ask(c, {
      kind: 'questions',
      message: questionsMessage(a.questions),
      fields: choiceFields(a.questions.map(asked), true),
    });
    if (outcome.action !== 'accept') {
      return {
        text: notAcceptedText(outcome, 'User declined to answer'),
        failure: notAnswered(outcome, 'AskUserQuestion'),
        host: { summary: `question ${outcome.action}` },
      };
    }
    const answers = choiceAnswers(a.questions.map(asked), outcome.content);
    const pairs = answers.map((x) => `"${x.question}"="${x.answer}"${x.notes ? ` notes: ${x.notes}` : ''}`);
    const text = answers.every((x) => !x.own && !x.notes)
      ? `Your questions have been answered: ${pairs.join(', ')}. You can now continue with these answers in mind.`
      : `The user answered: ${pairs.join(', ')}. Read the answers carefully \u2014 they may request clarification, changes, or that you not proceed \u2014 and follow what they actually say.`;
    return {
      text,
      host: {
        summary: `${answers.length} of ${a.questions.length} questions answered`,
        details: { answers: Object.fromEntries(answers.map((x) => [x.question, x.answer])) },
      },
    };
  },
});
