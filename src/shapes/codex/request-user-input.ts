// Codex 0.171.0's request_user_input: questions (each with an id, a header and options; the
// client adds a free-form "Other") put to the person at the host through engine.host. The
// function output is Codex's JSON, {"answers":{"<question id>":{"answers":["<label or text>"]}}};
// a question not answered yes (declined, dismissed, timed out, nobody attached) answers
// {"answers":{}}, as Codex does when its client rejects the question. Registered with the
// codex shape's 0.171.0 tool list (its 0.169.0 facts hold no such tool).
import { defineTool, type Reply } from '../common/define.js';
import type { QuestionField } from '../kit/host/questions.js';
import { TAGS } from '../tags.js';

interface Question {
  id: string;
  header: string;
  question: string;
  options: Array<{ label: string; description: string }>;
}

const schema = {
  type: 'object',
  properties: {
    questions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          header: { type: 'string' },
          id: { type: 'string' },
          options: {
            type: 'array',
            items: {
              type: 'object',
              properties: { description: { type: 'string' }, label: { type: 'string' } },
              required: ['label', 'description'],
              additionalProperties: false,
            },
          },
          question: { type: 'string' },
        },
        required: ['id', 'header', 'question', 'options'],
        additionalProperties: false,
      },
    },
  },
  required: ['questions'],
  additionalProperties: false,
};

/** Per question a choice (when it has options) and an "Other" answer in the person's words. */
function fields(questions: readonly Question[]): QuestionField[] {
  return questions.flatMap((q): QuestionField[] => [
    ...(q.options.length > 0
      ? [{ name: q.id, title: q.question, description: q.header, type: 'choice' as const, options: q.options }]
      : []),
    { name: `${q.id}.other`, title: `${q.question} (Other)`, type: 'text' },
  ]);
}

export const requestUserInput = defineTool<{ questions: Question[] }>({
  name: 'request_user_input',
  summary: 'Ask the person questions with options (or free text) and wait for their answers.',
  description: [
    'Puts questions to the person at the host, each with an id, a short header and options; they may also',
    'answer in their own words. Waits for the answers (bounded by the server) and returns them by question id.',
  ],
  schema,
  tags: [TAGS.readOnly],
  destructive: false,
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Confirm a path',
      arguments: {
        questions: [
          {
            id: 'confirm_path',
            header: 'Path',
            question: 'Use src/?',
            options: [
              { label: 'yes', description: 'use it' },
              { label: 'no', description: 'pick another' },
            ],
          },
        ],
      },
      expectedOutcome: '{"answers":{"confirm_path":{"answers":["yes"]}}}',
    },
  ],
  errorModes:
    'Nothing answered (declined, dismissed, no answer in time, nobody attached): {"answers":{}}; continue on stated assumptions.',
  async call(a, c): Promise<Reply> {
    const ids = new Set(a.questions.map((q) => q.id));
    const outcome =
      ids.size === a.questions.length
        ? await c.engine.host.ask(c, {
            kind: 'questions',
            message: a.questions.length === 1 ? a.questions[0]!.question : `${a.questions.length} questions`,
            fields: fields(a.questions),
          })
        : ({ action: 'unavailable' } as const); // two questions with one id cannot be answered apart
    const answers: Record<string, { answers: string[] }> = {};
    if (outcome.action === 'accept') {
      for (const q of a.questions) {
        const chosen = outcome.content[q.id];
        const other = outcome.content[`${q.id}.other`];
        const given = [
          ...(typeof chosen === 'string' ? [chosen] : []),
          ...(typeof other === 'string' && other.trim() !== '' ? [other] : []),
        ];
        if (given.length > 0) answers[q.id] = { answers: given };
      }
    }
    return {
      text: JSON.stringify({ answers }),
      host: { summary: `questions ${outcome.action}`, details: { answers } },
    };
  },
});
