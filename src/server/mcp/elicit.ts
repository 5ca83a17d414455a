// Questions to the host on MCP 2025-11-25: a call's question becomes an elicitation/create
// request (form mode) on the call's own stream, when the client declared the elicitation
// capability; the client's result answers the question. A client without the capability gets
// no asker, so the tool answers at once as its vendor does with nobody to ask.
import {
  ElicitResultSchema,
  type ElicitRequestFormParams,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { HostEngine } from '../../engine/host.js';
import { formSchema, type HostAsker } from '../../engine/questions.js';

/** What an asker needs of the request's context: the SDK's sendRequest, related to the tools/call request. */
export interface ElicitingExtra {
  sendRequest(
    request: { method: 'elicitation/create'; params: ElicitRequestFormParams },
    schema: typeof ElicitResultSchema,
    options: { timeout: number },
  ): Promise<ElicitResult>;
}

/** Whether the client takes form-mode elicitation: `elicitation: {}` (form implied) or one naming `form`. */
export function elicitsForms(capabilities: { elicitation?: object } | undefined): boolean {
  const e = capabilities?.elicitation as { form?: object; url?: object } | undefined;
  if (!e) return false;
  return e.form !== undefined || e.url === undefined;
}

/** The asker of one tools/call: elicitation/create related to that request, answered into the engine. */
export function elicitationAsker(host: Pick<HostEngine, 'answer'>, extra: ElicitingExtra): HostAsker {
  return (q) => {
    const timeout = Math.max(1, q.expiresAt - Date.now());
    extra
      .sendRequest(
        {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: q.message,
            requestedSchema: formSchema(q) as ElicitRequestFormParams['requestedSchema'],
          },
        },
        ElicitResultSchema,
        { timeout },
      )
      .then(
        (r) => host.answer(q.id, r.action === 'accept' ? { action: 'accept', content: r.content ?? {} } : r),
        // No result (the request failed or the client went): the question ends as dismissed.
        () => host.answer(q.id, { action: 'cancel' }),
      )
      // Already ended (timed out, cancelled), or content outside the form: the question's own outcome stands.
      .catch(() => undefined);
  };
}
