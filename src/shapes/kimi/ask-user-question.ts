// AskUserQuestion (Kimi Code 2.1.0): one to four questions, each with two to four options, put
// to the person at the host (engine.host: an MCP elicitation form, a gRPC input_required event).
// Each question is a choice (several with multi_select) and an "Other" answer in the person's
// own words. Kimi Code's words: answered → JSON {"answers":{question: answer}}; dismissed (also
// a question service failure, which is what an answer that never comes is) →
// {"answers":{},"note":"User dismissed the question without answering."}; a client that cannot
// ask → "The connected client does not support interactive questions. …" (an error). Facet's own
// words, where the facts hold none: a refusal with a message (its note), duplicate questions or
// labels (Kimi Code only says "unique"), and background=true, which this server does not run.
import { EngineError } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { notAnswered } from '../kit/host/questions.js';
import { choiceAnswers, choiceFields, type ChoiceQuestion, questionsMessage } from '../kit/host/choice-form.js';
import { TAGS } from '../tags.js';
import { codeFail, codeOk } from './errors.js';

interface Question {
  question: string;
  header?: string;
  options: Array<{ label: string; description?: string }>;
  multi_select?: boolean;
}
interface Args {
  questions: Question[];
  background?: boolean;
}

const DISMISSED = 'User dismissed the question without answering.';
export const NO_QUESTIONS =
  'The connected client does not support interactive questions. Do NOT call this tool again. Ask the user directly in your text response instead.';
const NO_BACKGROUND =
  'Background questions are not available on this server. Call AskUserQuestion without background=true; the call then waits for the answer.';

const OPTION = {
  type: 'object',
  properties: { label: { type: 'string', minLength: 1 }, description: { default: '', type: 'string' } },
  required: ['label'],
  additionalProperties: false,
};
const QUESTION = {
  type: 'object',
  properties: {
    question: { type: 'string', minLength: 1 },
    header: { default: '', type: 'string' },
    options: { minItems: 2, maxItems: 4, type: 'array', items: OPTION },
    multi_select: { default: false, type: 'boolean' },
  },
  required: ['question', 'options'],
  additionalProperties: false,
};

/** The first repetition Kimi Code refuses: a question asked twice, or a label twice in one question. */
function repeated(questions: readonly Question[]): string | undefined {
  const asked = new Set<string>();
  for (const q of questions) {
    if (asked.has(q.question)) return `Questions must be unique: "${q.question}" is asked more than once.`;
    asked.add(q.question);
    const labels = q.options.map((o) => o.label);
    const twice = labels.find((l, i) => labels.indexOf(l) !== i);
    if (twice !== undefined)
      return `Option labels must be unique within a question: "${twice}" appears more than once in "${q.question}".`;
  }
  return undefined;
}

/** A question as the shared form takes it. */
const asked = (q: Question): ChoiceQuestion => ({ ...q, multiple: q.multi_select ?? false });

const noAnswers = (note: string) => JSON.stringify({ answers: {}, note });

export const askUserQuestionTool = defineTool<Args>({
  name: 'AskUserQuestion',
  summary: 'Ask the person one to four multiple-choice questions and wait for their answers.',
  description: [
    'Puts one to four questions to the person at the host, each with two to four options (multi_select lets them pick',
    'several); they may also answer in their own words. The call waits for the answers (bounded by the server) and',
    'returns them as JSON {"answers": {question: answer}}. Ask only when the choice is really theirs to make.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      questions: { minItems: 1, maxItems: 4, type: 'array', items: QUESTION },
      background: { default: false, type: 'boolean' },
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
            question: 'Which database?',
            header: 'Storage',
            options: [{ label: 'Postgres' }, { label: 'SQLite' }],
          },
        ],
      },
      expectedOutcome: '{"answers":{"Which database?":"SQLite"}}',
    },
  ],
  errorModes: [
    'Dismissed, declined or not answered in time: {"answers":{},"note":"..."} (not an error); decide and continue.',
    'No person can be asked (a client without questions, unary CallTool): an error; ask in your text response instead.',
    'Questions or option labels repeated: an error saying which. background=true is not served here.',
  ],
  async call(a, c): Promise<Reply> {
    const twice = repeated(a.questions);
    if (twice !== undefined) return codeFail(twice, {}, new EngineError('invalid_argument', twice));
    if (a.background)
      return codeFail(NO_BACKGROUND, {}, new EngineError('invalid_argument', 'background questions are not served'));
    const outcome = await c.engine.host.ask(c, {
      kind: 'questions',
      message: questionsMessage(a.questions),
      fields: choiceFields(a.questions.map(asked)),
    });
    const summary = `question ${outcome.action}`;
    switch (outcome.action) {
      case 'accept': {
        const answered = choiceAnswers(a.questions.map(asked), outcome.content);
        const answers = Object.fromEntries(answered.map((x) => [x.question, x.answer]));
        const n = Object.keys(answers).length;
        if (n === 0) return codeOk(noAnswers(DISMISSED), { summary: 'question dismissed' });
        return codeOk(JSON.stringify({ answers }), {
          summary: `${n} of ${a.questions.length} questions answered`,
          details: { answers },
        });
      }
      case 'unavailable':
        return codeFail(NO_QUESTIONS, { summary }, notAnswered(outcome, 'AskUserQuestion'));
      case 'decline':
        return codeOk(noAnswers(outcome.message ? `User declined to answer: ${outcome.message}` : DISMISSED), {
          summary,
        });
      default:
        return codeOk(noAnswers(DISMISSED), { summary });
    }
  },
});
