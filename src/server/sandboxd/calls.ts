// One sandboxd request as a call of the server: it holds the sandboxd session (its jobs, its
// working directory), has a signal tied to the client and to shutdown, is drained with every
// other call, and passes the observer (metrics, traces, the audit log with the engine's
// record of the files and commands it changed), like a tool call of any shape.
import { asEngineError, failureCodeName } from '../../registry/failure-codes.js';
import type { RequestContext } from '../../registry/types.js';
import type { Runtime } from '../runtime.js';

/** The shape name sandboxd calls carry in logs, metrics and the audit log. */
export const SANDBOXD_SHAPE = 'sandboxd';
/** Every sandboxd client shares one session: its processes and files are the pod's, not a caller's. */
export const SANDBOXD_SESSION = 'sandboxd';

export interface SandboxdCall {
  ctx: RequestContext;
  /** Ends the call (releases the session); call exactly once. */
  done: () => void;
  cancel: () => void;
}

/** Begins a call; `method` names it (Start, PUT /v1/files) for metrics, traces and the audit log. */
export function beginCall(runtime: Runtime, system: 'grpc' | 'http', method: string): SandboxdCall {
  return runtime.calls.begin({
    shape: SANDBOXD_SHAPE,
    sessionId: SANDBOXD_SESSION,
    transport: { system, method },
  });
}

/** An error the transport raised itself, already in its wire's terms (a gRPC status, an HTTP answer). */
export class WireError extends Error {
  constructor(
    /** The gRPC status code, or the HTTP status. */
    readonly code: number,
    message: string,
    /** The Error JSON's code (REST: PERMISSION_DENIED...). */
    readonly label = '',
  ) {
    super(message);
  }
}

/** What a failure rejects with: a WireError as is; anything else as an EngineError (INTERNAL when it was none). */
const rethrown = (err: unknown) => (err instanceof WireError ? err : asEngineError(err));

/**
 * Runs `fn` as an observed call of `ctx` (a no-op wrapper when nothing observes); resolves to
 * what `fn` returns, or rejects with its WireError or EngineError (anything else is INTERNAL).
 */
export async function observed<T>(
  runtime: Runtime,
  ctx: RequestContext,
  tool: string,
  destructive: boolean,
  fn: () => Promise<T>,
): Promise<T> {
  const obs = runtime.observability;
  if (!obs.active) return fn().catch((err: unknown) => Promise.reject(rethrown(err)));
  let value: T | undefined;
  let thrown: unknown;
  const out = await obs.around({ tool, destructive, ctx }, async () => {
    try {
      value = await fn();
      return { result: { text: '', host: { tool } }, outcome: 'ok' };
    } catch (err) {
      thrown = err;
      const failure = asEngineError(err);
      return {
        result: { text: failure.message, host: { tool, failure: failure.kind }, failure },
        outcome: failureCodeName(failure.kind),
      };
    }
  });
  if (out.result.failure) throw rethrown(thrown);
  return value as T;
}
