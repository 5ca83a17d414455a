// Questions a call puts to the person at the host: a tool asks (questions with options, a plan
// to approve, permissions to grant), the call waits, and whatever transport carried the call
// delivers the question and comes back with the answer, which resumes the same call. One model
// for every transport: MCP elicitation, MCP input_required results, gRPC stream events. A question
// is bounded in time, answered at most once, and waits on its own: other calls and sessions run on.
import { randomUUID } from 'node:crypto';
import { EngineError } from './errors.js';

export interface ChoiceOption {
  label: string;
  description?: string;
}

interface FieldBase {
  /** The answer's key. */
  name: string;
  /** What the person reads. */
  title: string;
  description?: string;
  /** The answer must carry this field (default false). */
  required?: boolean;
}

/** One field of a question's form: a choice among options (one or several), free text, or yes/no. */
export type QuestionField =
  | (FieldBase & { type: 'choice'; options: ChoiceOption[]; multiple?: boolean })
  | (FieldBase & { type: 'text' })
  | (FieldBase & { type: 'boolean' });

/** What a call asks; `kind` says what accepting means. */
export interface QuestionRequest {
  /** questions: the form's answers; plan: approving a plan; permissions: granting them. */
  kind: 'questions' | 'plan' | 'permissions';
  /** The one line the host shows above the form. */
  message: string;
  /** The form (empty: accepting or declining is the whole answer). */
  fields: QuestionField[];
  /** The plan to approve, and the file it is in when there is one. */
  plan?: { text: string; path?: string };
  /** The permissions asked for: paths to write, network. */
  permissions?: { writableRoots?: string[]; network?: boolean };
}

/** A question waiting for its answer, as a transport delivers it. */
export interface PendingQuestion extends QuestionRequest {
  /** Unguessable; the answer names it. */
  id: string;
  /** The session whose call asks. */
  session: string;
  /** When the question ends unanswered (ms since epoch). */
  expiresAt: number;
}

export type AnswerValue = string | number | boolean | string[];

/** What the host answers. */
export type QuestionReply =
  | { action: 'accept'; content: Record<string, AnswerValue> }
  | { action: 'decline'; message?: string }
  | { action: 'cancel' };

/** How a question ended, as the asking tool sees it: the host's reply, or nobody answered, or nobody could. */
export type QuestionOutcome = QuestionReply | { action: 'timeout' } | { action: 'unavailable' };

/** How a transport puts a question to its host; a call without one has nobody to ask. */
export type HostAsker = (question: PendingQuestion) => void;

/** Ended questions remembered, so a late or second answer is told why it is refused. */
const ENDED_KEPT = 1024;

interface Waiting {
  question: PendingQuestion;
  settle: (outcome: QuestionOutcome) => void;
}

/** The questions of one engine that wait for their answers. */
export class Questions {
  private readonly waiting = new Map<string, Waiting>();
  private readonly ended = new Map<string, string>();

  constructor(private readonly timeoutMs: number) {}

  /** Questions waiting now (for tests and gauges). */
  get size(): number {
    return this.waiting.size;
  }

  /**
   * Asks the host through `asker` and waits: the host's reply, `timeout` past the ask timeout,
   * `cancel` when the call is cancelled, `unavailable` at once when there is no asker.
   */
  ask(
    ctx: { session: { id: string }; signal?: AbortSignal; asker?: HostAsker },
    request: QuestionRequest,
  ): Promise<QuestionOutcome> {
    const asker = ctx.asker;
    if (!asker) return Promise.resolve({ action: 'unavailable' });
    if (ctx.signal?.aborted) return Promise.resolve({ action: 'cancel' });
    const question: PendingQuestion = {
      ...structuredClone(request),
      id: randomUUID(),
      session: ctx.session.id,
      expiresAt: Date.now() + this.timeoutMs,
    };
    return new Promise<QuestionOutcome>((resolve) => {
      const timer = setTimeout(() => settle({ action: 'timeout' }), this.timeoutMs);
      const onAbort = () => settle({ action: 'cancel' });
      const settle = (outcome: QuestionOutcome) => {
        if (!this.waiting.delete(question.id)) return;
        clearTimeout(timer);
        ctx.signal?.removeEventListener('abort', onAbort);
        this.remember(question.id, outcome.action);
        resolve(outcome);
      };
      this.waiting.set(question.id, { question, settle });
      ctx.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        asker(question);
      } catch {
        settle({ action: 'unavailable' });
      }
    });
  }

  /** The question `id` while it waits (a transport that must show it again, as MCP input_required does). */
  pending(id: string): PendingQuestion | undefined {
    return this.waiting.get(id)?.question;
  }

  /**
   * Answers question `id` (of `session`, when the transport knows whose answer it is). Refused,
   * changing nothing, for an unknown or ended question, another session's, or a reply that does
   * not fit the question's form.
   */
  answer(id: string, reply: unknown, session?: string): void {
    const w = this.waiting.get(id);
    if (!w || (session !== undefined && w.question.session !== session)) {
      const ended = w ? undefined : this.ended.get(id);
      if (ended === 'answered')
        throw new EngineError('precondition_failed', `question ${id} was already answered`, { facts: { id } });
      if (ended)
        throw new EngineError('precondition_failed', `question ${id} has ended (${ended}): its call went on`, {
          facts: { id },
        });
      throw new EngineError('not_found', `no question ${id} is waiting for an answer`, { facts: { id } });
    }
    w.settle(checkReply(w.question, reply));
  }

  private remember(id: string, action: QuestionOutcome['action']): void {
    const how = action === 'accept' || action === 'decline' ? 'answered' : action === 'cancel' ? 'cancelled' : action;
    this.ended.set(id, how === 'unavailable' ? 'no host to ask' : how === 'timeout' ? 'timed out' : how);
    if (this.ended.size > ENDED_KEPT) this.ended.delete(this.ended.keys().next().value as string);
  }
}

type Violation = { field: string; description: string };

function refuse(id: string, violations: Violation[]): never {
  const why = violations.map((v) => `${v.field} ${v.description}`).join('; ');
  throw new EngineError('invalid_argument', `the answer to question ${id} does not fit its form: ${why}`, {
    facts: { violations },
  });
}

/** The reply, checked whole against the question's form; throws (nothing answered) when it does not fit. */
export function checkReply(q: QuestionRequest & { id: string }, reply: unknown): QuestionReply {
  if (typeof reply !== 'object' || reply === null) refuse(q.id, [{ field: 'answer', description: 'is not an object' }]);
  const r = reply as Record<string, unknown>;
  if (r.action === 'cancel') return { action: 'cancel' };
  if (r.action === 'decline') {
    if (r.message !== undefined && typeof r.message !== 'string')
      refuse(q.id, [{ field: 'message', description: 'must be a string' }]);
    return r.message ? { action: 'decline', message: r.message } : { action: 'decline' };
  }
  if (r.action !== 'accept') refuse(q.id, [{ field: 'action', description: 'must be one of accept, decline, cancel' }]);
  const content = r.content ?? {};
  if (typeof content !== 'object' || content === null || Array.isArray(content))
    refuse(q.id, [{ field: 'content', description: 'must be an object' }]);
  const given = content as Record<string, unknown>;
  const violations: Violation[] = [];
  const fields = new Map(q.fields.map((f) => [f.name, f]));
  for (const key of Object.keys(given)) {
    if (!fields.has(key)) violations.push({ field: key, description: 'is not a field of the form' });
  }
  const out: Record<string, AnswerValue> = {};
  for (const f of q.fields) {
    const v = given[f.name];
    if (v === undefined) {
      if (f.required) violations.push({ field: f.name, description: 'is required' });
      continue;
    }
    const bad = fieldViolation(f, v);
    if (bad) violations.push({ field: f.name, description: bad });
    else out[f.name] = Array.isArray(v) ? [...(v as string[])] : (v as AnswerValue);
  }
  if (violations.length > 0) refuse(q.id, violations);
  return { action: 'accept', content: out };
}

function fieldViolation(f: QuestionField, v: unknown): string | undefined {
  if (f.type === 'text') return typeof v === 'string' ? undefined : 'must be a string';
  if (f.type === 'boolean') return typeof v === 'boolean' ? undefined : 'must be true or false';
  const labels = f.options.map((o) => o.label);
  const offered = `must be one of ${labels.map((l) => JSON.stringify(l)).join(', ')}`;
  if (!f.multiple) return typeof v === 'string' && labels.includes(v) ? undefined : offered;
  if (!Array.isArray(v)) return 'must be a list of the options chosen';
  if (v.some((x) => typeof x !== 'string' || !labels.includes(x))) return `each choice ${offered}`;
  if (new Set(v).size !== v.length) return 'names an option twice';
  return undefined;
}

/**
 * The form as the flat JSON Schema MCP elicitation asks for: an object of primitive fields, a
 * choice as a titled enum (several: an array of them).
 */
export function formSchema(q: QuestionRequest): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const f of q.fields) {
    const base: Record<string, unknown> = { title: f.title, ...(f.description ? { description: f.description } : {}) };
    if (f.type === 'text') properties[f.name] = { type: 'string', ...base };
    else if (f.type === 'boolean') properties[f.name] = { type: 'boolean', ...base };
    else {
      const oneOf = f.options.map((o) => ({
        const: o.label,
        title: o.description ? `${o.label}: ${o.description}` : o.label,
      }));
      properties[f.name] = f.multiple
        ? { type: 'array', ...base, items: { anyOf: oneOf }, uniqueItems: true }
        : { type: 'string', ...base, oneOf };
    }
  }
  const required = q.fields.filter((f) => f.required).map((f) => f.name);
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}
