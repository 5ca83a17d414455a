// Questions to the host on MCP 2026-07-28, which has no server-to-client requests: a call that
// asks is suspended and the request answers with an `input_required` result (the v2 SDK's
// inputRequired builders) whose one input request is the question's elicitation form, keyed
// by the question's id, with that id as requestState. The client retries tools/call with its
// elicitation result in inputResponses; the answer goes to the engine's question (the same
// model as gRPC and 2025-11-25 elicitation), and the suspended call runs on to its result or
// its next question. The id is unguessable and must name a question of the retrying request's
// session, so requestState carries no authority of its own. A call nobody resumes meets the
// ask timeout, ends, and is forgotten.
import type { InputRequiredResult } from '@modelcontextprotocol/server';
import { EngineError } from '../../engine/errors.js';
import type { HostEngine } from '../../engine/host.js';
import { formSchema, type HostAsker, type PendingQuestion } from '../../engine/questions.js';

/** What a 2026-07-28 request carries for multi-round-trip calls (modern.ts sets it on the handler's context). */
export interface RoundTrip {
  inputResponses?: Record<string, unknown>;
  requestState?: string;
  /** The request's client capabilities declare elicitation. */
  elicits: boolean;
}

export type Step<T> = { done: T } | { question: PendingQuestion };

interface Suspended<T> {
  call: Promise<T>;
  /** Resolves with the next question the call asks. */
  next: Promise<PendingQuestion>;
  ask: HostAsker;
  /** The question it waits on now. */
  waiting?: string;
}

/** The calls of one server suspended on a question, by the question's id. */
export class SuspendedCalls<T> {
  private readonly byQuestion = new Map<string, Suspended<T>>();

  constructor(private readonly host: Pick<HostEngine, 'answer' | 'pending'>) {}

  /** Runs a call (`run` gets the asker its context should carry): its result, or the first question it asks. */
  start(run: (asker: HostAsker) => Promise<T>): Promise<Step<T>> {
    const s = {} as Suspended<T>;
    this.rearm(s);
    s.call = run((q) => s.ask(q));
    void s.call.then(
      () => this.forget(s),
      () => this.forget(s),
    );
    return this.step(s);
  }

  /**
   * A retried request: its answer to question `id` goes to the suspended call, which runs on. No
   * answer for it: the same question again. Throws EngineError (nothing changed) when it is refused.
   */
  resume(id: string, responses: Record<string, unknown> | undefined, session: string): Promise<Step<T>> {
    const s = this.byQuestion.get(id);
    const question = this.host.pending(id);
    if (!s || !question || question.session !== session)
      throw new EngineError('not_found', `no question ${id} is waiting for an answer`, { facts: { id } });
    const response = responses?.[id];
    if (response === undefined) return Promise.resolve({ question });
    const r = response as { action?: unknown; content?: unknown };
    this.rearm(s);
    this.host.answer(id, r.action === 'accept' ? { action: 'accept', content: r.content ?? {} } : r, session);
    this.byQuestion.delete(id);
    return this.step(s);
  }

  private rearm(s: Suspended<T>): void {
    s.next = new Promise<PendingQuestion>((resolve) => (s.ask = resolve));
  }

  private async step(s: Suspended<T>): Promise<Step<T>> {
    const r = await Promise.race([s.call.then((done) => ({ done })), s.next.then((question) => ({ question }))]);
    if ('question' in r) {
      s.waiting = r.question.id;
      this.byQuestion.set(r.question.id, s);
    }
    return r;
  }

  private forget(s: Suspended<T>): void {
    if (s.waiting !== undefined && this.byQuestion.get(s.waiting) === s) this.byQuestion.delete(s.waiting);
  }
}

/**
 * The input_required result asking `q`. Only a 2026-07-28 connection suspends calls, and it has
 * loaded the v2 SDK already; a 2025-11-25 one never loads it.
 */
export async function inputRequiredFor(q: PendingQuestion): Promise<InputRequiredResult> {
  const { inputRequired } = await import('@modelcontextprotocol/server');
  return inputRequired({
    inputRequests: {
      [q.id]: inputRequired.elicit({
        mode: 'form',
        message: q.message,
        requestedSchema: formSchema(q) as Parameters<typeof inputRequired.elicit>[0]['requestedSchema'],
      }),
    },
    requestState: q.id,
  });
}
