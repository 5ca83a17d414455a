// Questions answered by picking among options or in the person's own words (Claude Code's and
// Kimi Code's AskUserQuestion): the form engine.host shows for them, and the answers read back
// from it. Per question q<n> is the choice, q<n>_other the person's own answer and, where the
// vendor's UI has them, q<n>_notes their notes. The words each vendor answers with stay its own.
import type { QuestionField } from './questions.js';

export interface ChoiceQuestion {
  question: string;
  /** Shown under the question (a blank one is left out). */
  header?: string;
  options: ReadonlyArray<{ label: string; description?: string }>;
  /** Several options may be picked. */
  multiple: boolean;
}

/** The message the host shows above the form. */
export const questionsMessage = (questions: ReadonlyArray<{ question: string }>) =>
  questions.length === 1 ? questions[0]!.question : `${questions.length} questions from the model`;

/** The form: per question a choice, an "Other" answer in the person's words and (with `notes`) notes. */
export function choiceFields(questions: readonly ChoiceQuestion[], notes = false): QuestionField[] {
  return questions.flatMap((q, i): QuestionField[] => [
    {
      name: `q${i + 1}`,
      title: q.question,
      ...(q.header ? { description: q.header } : {}),
      type: 'choice',
      multiple: q.multiple,
      options: q.options.map((o) => ({ label: o.label, ...(o.description ? { description: o.description } : {}) })),
    },
    { name: `q${i + 1}_other`, title: `${q.question} (Other: your own answer)`, type: 'text' },
    ...(notes ? [{ name: `q${i + 1}_notes`, title: `${q.question} (notes)`, type: 'text' as const }] : []),
  ]);
}

/** A question answered: the labels picked then the person's own words, joined by ", ". */
export interface ChoiceAnswer {
  question: string;
  answer: string;
  /** The person answered in their own words too (not only offered labels). */
  own: boolean;
  notes?: string;
}

const filled = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** Each answered question, in the order asked (one with neither a label nor own words is left out). */
export function choiceAnswers(questions: readonly ChoiceQuestion[], content: Record<string, unknown>): ChoiceAnswer[] {
  const out: ChoiceAnswer[] = [];
  questions.forEach((q, i) => {
    const chosen = content[`q${i + 1}`];
    const labels = Array.isArray(chosen) ? chosen.map(String) : typeof chosen === 'string' ? [chosen] : [];
    const own = filled(content[`q${i + 1}_other`]);
    const parts = own === undefined ? labels : [...labels, own];
    if (parts.length === 0) return;
    const notes = filled(content[`q${i + 1}_notes`]);
    out.push({ question: q.question, answer: parts.join(', '), own: own !== undefined, ...(notes ? { notes } : {}) });
  });
  return out;
}
