// The host in the loop over gRPC: a CallToolStream call that asks a question writes an
// input_required event on its stream, and the host answers with the unary AnswerInput, keyed
// by the question's id (a unary answer, not a bidirectional stream: CallToolStream keeps the
// request/response shape hosts already use). Unary CallTool has no way to ask, so its calls
// get no asker and the tool answers at once as its vendor does with nobody at the keyboard.
import type * as grpc from '@grpc/grpc-js';
import { EngineError } from '../engine/errors.js';
import type { HostEngine } from '../engine/host.js';
import { formSchema, type PendingQuestion, type QuestionReply } from '../engine/questions.js';
import { DEFAULT_SESSION_ID } from '../engine/session.js';
import {
  CallToolEvent,
  InputAction,
  type AnswerInputRequest,
  type AnswerInputResponse,
} from '../gen/facet/toolbox/v1/stream.js';
import { toFailure } from '../registry/failure.js';

/** The input_required event of `q`, encoded. */
export function inputRequiredEvent(q: PendingQuestion): Buffer {
  const bytes = CallToolEvent.encode({
    event: {
      $case: 'inputRequired',
      value: {
        id: q.id,
        kind: q.kind,
        message: q.message,
        form: formSchema(q),
        plan: q.plan?.text ?? '',
        planPath: q.plan?.path ?? '',
        writableRoots: q.permissions?.writableRoots ?? [],
        network: q.permissions?.network ?? false,
        expiresAtMs: q.expiresAt,
      },
    },
  }).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A stream call's asker: its questions go out as events on the call's stream, while it is open. */
export function streamAsker(call: grpc.ServerWritableStream<unknown, Buffer>) {
  return (q: PendingQuestion): void => {
    if (call.cancelled || call.writableEnded) throw new Error('the stream is closed');
    call.write(inputRequiredEvent(q));
  };
}

function replyOf(req: AnswerInputRequest): Partial<QuestionReply> {
  switch (req.action) {
    case InputAction.INPUT_ACTION_ACCEPT:
      return { action: 'accept', content: (req.content ?? {}) as Record<string, never> };
    case InputAction.INPUT_ACTION_DECLINE:
      return req.message ? { action: 'decline', message: req.message } : { action: 'decline' };
    case InputAction.INPUT_ACTION_CANCEL:
      return { action: 'cancel' };
    default:
      return {};
  }
}

/** AnswerInput: the answer goes to the question of the caller's session (facet-session), refused in band. */
export function answerInput(
  host: Pick<HostEngine, 'answer'>,
  req: AnswerInputRequest,
  sessionId: string,
): AnswerInputResponse {
  try {
    host.answer(req.id, replyOf(req), sessionId || DEFAULT_SESSION_ID);
    return { error: '', failure: undefined };
  } catch (err) {
    const e = err instanceof EngineError ? err : new EngineError('internal', String(err));
    return { error: e.message, failure: toFailure(e, 'AnswerInput') };
  }
}
