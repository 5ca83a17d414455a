// A vendor shape's calls over gRPC, reduced to what golden tests compare: the model's text,
// the error text, the failure code and the vendor error type from the host block.
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, structured, texts, type TestServer } from '../../helpers/server.js';

export interface Outcome {
  text: string;
  error: string;
  code: string;
  errorType: string;
  display: Record<string, unknown>;
  blobs: Array<{ mediaType: string; data: Buffer }>;
  raw: CallToolResponse;
}

export function outcome(res: CallToolResponse): Outcome {
  const display = (structured(res)?.display ?? {}) as Record<string, unknown>;
  const details = (display.details ?? {}) as Record<string, unknown>;
  return {
    text: texts(res)[0] ?? '',
    error: res.error,
    code: res.failure ? FailureCode[res.failure.code]!.replace('FAILURE_CODE_', '') : '',
    errorType: String(details.error_type ?? ''),
    display,
    blobs: res.content.flatMap((c) =>
      c.body?.$case === 'blob' ? [{ mediaType: c.body.value.mediaType, data: Buffer.from(c.body.value.data) }] : [],
    ),
    raw: res,
  };
}

/** A caller bound to one server, shape and session. */
export function caller(t: () => TestServer, shape: string, session = 'golden') {
  return async (
    name: string,
    args: Record<string, unknown>,
    opts: { session?: string; deadlineMs?: number } = {},
  ): Promise<Outcome> =>
    outcome(
      await callTool(t().client, name, args, {
        shape,
        session: opts.session ?? session,
        deadlineMs: opts.deadlineMs ?? 60_000,
      }),
    );
}
