// What Gemini CLI's ask_user and Qwen Code's ask_user_question share: one to four questions put
// to the person at the host (engine.host), turned into a form, and the answers told back to the
// model. Neither vendor's result text is in the facts (the tools are interactive-only there), so
// the answer text is Facet's own plain sentence, the same for both: each answered question as
// "question"="answer", several choices joined by ", ", yes/no as Yes/No.
import type { Call, Reply } from '../common/define.js';
import { notAcceptedText } from '../kit/host/not-accepted.js';
import { notAnswered, type QuestionField } from '../kit/host/questions.js';
import { questionsMessage } from '../kit/host/choice-form.js';

/** A question as either vendor takes it (Qwen's are all choices: no `type`). */
export interface FamilyQuestion {
  question: string;
  header: string;
  type?: 'choice' | 'text' | 'yesno';
  options?: Array<{ label: string; description: string }>;
  multiSelect?: boolean;
  placeholder?: string;
}

const kindOf = (q: FamilyQuestion) => q.type ?? 'choice';

/**
 * The form: per question one field q<n>, a choice among its options (several for multiSelect), free
 * text (the placeholder as its description) or yes/no. A choice without options is free text.
 */
export function familyQuestionFields(questions: readonly FamilyQuestion[]): QuestionField[] {
  return questions.map((q, i): QuestionField => {
    const base = { name: `q${i + 1}`, title: q.question };
    const kind = kindOf(q);
    if (kind === 'yesno') return { ...base, description: q.header, type: 'boolean' };
    if (kind === 'text' || !q.options || q.options.length === 0)
      return { ...base, description: q.placeholder ?? q.header, type: 'text' };
    return {
      ...base,
      description: q.header,
      type: 'choice',
      multiple: q.multiSelect ?? false,
      options: q.options.map((o) => ({ label: o.label, description: o.description })),
    };
  });
}

type Content = Record<string, string | number | boolean | string[]>;

/** Each answered question and its answer, in the order asked. */
export function familyAnswers(questions: readonly FamilyQuestion[], content: Content): Record<string, string> {
  const out: Record<string, string> = {};
  questions.forEach((q, i) => {
    const v = content[`q${i + 1}`];
    if (v === undefined) return;
    const answer = typeof v === 'boolean' ? (v ? 'Yes' : 'No') : Array.isArray(v) ? v.join(', ') : String(v);
    if (answer.trim() !== '') out[q.question] = answer;
  });
  return out;
}

/** The model's text for the answers (Facet's words: see the file's head). */
export function answersText(answers: Record<string, string>): string {
  const pairs = Object.entries(answers).map(([q, a]) => `"${q}"="${a}"`);
  return pairs.length === 0
    ? 'The user answered none of the questions. Continue with what you know.'
    : `The user answered: ${pairs.join(', ')}.`;
}

/** Asks the host `questions` for `tool` and answers the model: the answers, or why there are none. */
/** What a family ask tool answers when no answer comes: the same for gemini's ask_user and qwen's ask_user_question. */
export const ASK_ERROR_MODES = [
  'The person declines: their message (or that they declined) as an error; do not ask the same again at once.',
  'Dismissed, no answer in time (--ask-timeout-ms), or nobody to ask (unary CallTool, no MCP elicitation): an error saying so; continue on stated assumptions.',
];

export async function askFamily(tool: string, questions: readonly FamilyQuestion[], c: Call): Promise<Reply> {
  const outcome = await c.engine.host.ask(c, {
    kind: 'questions',
    message: questionsMessage(questions),
    fields: familyQuestionFields(questions),
  });
  if (outcome.action !== 'accept') {
    return {
      text: notAcceptedText(outcome, 'User declined to answer the questions.'),
      failure: notAnswered(outcome, tool),
      host: { summary: `question ${outcome.action}` },
    };
  }
  const answers = familyAnswers(questions, outcome.content);
  return {
    text: answersText(answers),
    host: { summary: `${Object.keys(answers).length} of ${questions.length} questions answered`, details: { answers } },
  };
}
