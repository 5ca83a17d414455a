// What shapes share about questions to the person at the host (engine.host): the engine's
// request and outcome types, seen through the Engine's area so the engine's entry exports no
// more names, and the failure an unanswered question ends in.
import { EngineError, type Engine } from '../../../engine/index.js';

export type QuestionRequest = Parameters<Engine['host']['ask']>[1];
export type QuestionOutcome = Awaited<ReturnType<Engine['host']['ask']>>;
export type QuestionField = QuestionRequest['fields'][number];
export type PlanMode = NonNullable<ReturnType<Engine['host']['plan']>>;

/** Every outcome but an accepted answer. */
export type NotAccepted = Exclude<QuestionOutcome, { action: 'accept' }>;

/**
 * The structured failure of a question not answered yes: the host declined or dismissed it,
 * nobody answered in time, or nobody could be asked. The shape words it; the failure carries
 * the kind a host can act on (cancelled, timeout, unavailable).
 */
export function notAnswered(outcome: NotAccepted, tool: string): EngineError {
  const facts = { tool, action: outcome.action };
  if (outcome.action === 'timeout')
    return new EngineError('timeout', 'nobody answered the question in time', { facts });
  if (outcome.action === 'unavailable')
    return new EngineError('unavailable', 'nobody can answer questions on this transport', { facts });
  return new EngineError(
    'cancelled',
    outcome.action === 'decline' ? 'the person declined' : 'the person dismissed the question',
    { facts },
  );
}
