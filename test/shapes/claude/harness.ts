// Claude-shape calls over gRPC, reduced to what golden tests compare.
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, structured, texts, type TestServer } from '../../helpers/server.js';

export interface Result {
  /** The first text item (the model's text). */
  text: string;
  error: string;
  /** Failure code without its prefix ('' on success). */
  code: string;
  display: Record<string, unknown>;
  blobs: Array<{ mediaType: string; data: Buffer }>;
}

export function result(res: CallToolResponse): Result {
  return {
    text: texts(res)[0] ?? '',
    error: res.error,
    code: res.failure ? FailureCode[res.failure.code]!.replace('FAILURE_CODE_', '') : '',
    display: (structured(res)?.display ?? {}) as Record<string, unknown>,
    blobs: res.content.flatMap((c) =>
      c.body?.$case === 'blob' ? [{ mediaType: c.body.value.mediaType, data: Buffer.from(c.body.value.data) }] : [],
    ),
  };
}

export type Call = (name: string, args: Record<string, unknown>, session?: string) => Promise<Result>;

/**
 * Calls the claude shape of `t()` in `session` (default one per test file), at the release
 * `shape` names: these golden tests were written for 2.1.197 (replay-2.1.332.test.ts is 2.1.332's).
 */
export function claudeCaller(t: () => TestServer, defaultSession: string, shape = 'claude@2.1.197'): Call {
  return async (name, args, session = defaultSession) =>
    result(await callTool(t().client, name, args, { shape, session, deadlineMs: 60_000 }));
}
