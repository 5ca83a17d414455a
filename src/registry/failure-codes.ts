// What an engine error kind means on the wire: the contract's failure code (by name), the
// transport status and whether a retry can help. Kept apart from the Failure message itself
// (failure.ts), which needs the generated protobuf code: `facet mcp` and the metrics name codes
// on every call but build a Failure only when a call fails (issue 38: start-up loads less).
import { EngineError, type ErrorKind } from '../engine/errors.js';
import { Code } from '../gen/google/rpc/code.js';

/** A kind's row: `code` is codefly.base.v0.FailureCode's name without its FAILURE_CODE_ prefix. */
export interface FailureRow {
  code: string;
  transport: Code;
  retryable: boolean;
}

const TABLE: Record<ErrorKind, FailureRow> = {
  invalid_argument: { code: 'INVALID_ARGUMENT', transport: Code.INVALID_ARGUMENT, retryable: false },
  permission_denied: { code: 'PERMISSION_DENIED', transport: Code.PERMISSION_DENIED, retryable: false },
  not_found: { code: 'NOT_FOUND', transport: Code.NOT_FOUND, retryable: false },
  already_exists: { code: 'ALREADY_EXISTS', transport: Code.ALREADY_EXISTS, retryable: false },
  conflict: { code: 'CONFLICT', transport: Code.ABORTED, retryable: false },
  precondition_failed: { code: 'PRECONDITION_FAILED', transport: Code.FAILED_PRECONDITION, retryable: false },
  resource_exhausted: { code: 'RESOURCE_EXHAUSTED', transport: Code.RESOURCE_EXHAUSTED, retryable: false },
  timeout: { code: 'TIMEOUT', transport: Code.DEADLINE_EXCEEDED, retryable: true },
  cancelled: { code: 'CANCELLED', transport: Code.CANCELLED, retryable: true },
  process_failed: { code: 'PROCESS_FAILED', transport: Code.UNKNOWN, retryable: false },
  io_failed: { code: 'IO_FAILED', transport: Code.INTERNAL, retryable: true },
  network_failed: { code: 'NETWORK_FAILED', transport: Code.UNAVAILABLE, retryable: true },
  rate_limited: { code: 'RATE_LIMITED', transport: Code.RESOURCE_EXHAUSTED, retryable: true },
  unsupported: { code: 'UNSUPPORTED_OPERATION', transport: Code.UNIMPLEMENTED, retryable: false },
  unavailable: { code: 'DEPENDENCY_UNAVAILABLE', transport: Code.UNAVAILABLE, retryable: true },
  security_policy: { code: 'SECURITY_POLICY_FAILED', transport: Code.PERMISSION_DENIED, retryable: false },
  internal: { code: 'INTERNAL', transport: Code.INTERNAL, retryable: false },
};

/** The row of an error kind (an unknown kind is INTERNAL). */
export function failureRow(kind: ErrorKind): FailureRow {
  return TABLE[kind] ?? TABLE.internal;
}

/** The gRPC status for an error of this kind (google.rpc.Code numbers are gRPC's status codes). */
export function transportCode(kind: ErrorKind): Code {
  return failureRow(kind).transport;
}

/** The failure code of an error of this kind, as its name without the prefix (NOT_FOUND...): for metrics and traces. */
export function failureCodeName(kind: ErrorKind): string {
  return failureRow(kind).code;
}

/** Anything a handler throws that is not an EngineError is a bug: INTERNAL, and the server keeps serving. */
export function asEngineError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new EngineError('internal', `internal error: ${message}`, { cause: err });
}
