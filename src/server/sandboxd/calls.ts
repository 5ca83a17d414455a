// One sandboxd request as a call of the server: it holds the sandboxd session (its jobs, its
// working directory), has a signal tied to the client and to shutdown, is drained with every
// other call, and passes the observer (metrics, traces, the audit log with the engine's
// record of the files and commands it changed), like a tool call of any shape.
import { asEngineError, failureCodeName } from '../../registry/failure.js';
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

/**
 * Runs `fn` as an observed call of `ctx` (a no-op wrapper when nothing observes); resolves to
 * what `fn` returns, or rejects with its EngineError (anything else is INTERNAL).
 */
export async function observed<T>(
  runtime: Runtime,
  ctx: RequestContext,
  tool: string,
  destructive: boolean,
  fn: () => Promise<T>,
): Promise<T> {
  const obs = runtime.observability;
  if (!obs.active) return fn().catch((err: unknown) => Promise.reject(asEngineError(err)));
  let value: T | undefined;
  const out = await obs.around({ tool, destructive, ctx }, async () => {
    try {
      value = await fn();
      return { result: { text: '', host: { tool } }, outcome: 'ok' };
    } catch (err) {
      const failure = asEngineError(err);
      return {
        result: { text: failure.message, host: { tool, failure: failure.kind }, failure },
        outcome: failureCodeName(failure.kind),
      };
    }
  });
  if (out.result.failure) throw out.result.failure;
  return value as T;
}
