// Maps engine error kinds onto the contract's Failure: code, transport code, retryable.
import { EngineError, type ErrorKind } from '../engine/errors.js';
import { Failure, FailureCode, failureCodeToJSON } from '../gen/codefly/base/v0/failure.js';
import type { CallToolResponse, Content } from '../gen/codefly/services/toolbox/v0/toolbox.js';
import { Code } from '../gen/google/rpc/code.js';
import { resultItems, toContent } from './result.js';
import type { ToolResult } from './types.js';

const TABLE: Record<ErrorKind, { code: FailureCode; transport: Code; retryable: boolean }> = {
  invalid_argument: {
    code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
    transport: Code.INVALID_ARGUMENT,
    retryable: false,
  },
  permission_denied: {
    code: FailureCode.FAILURE_CODE_PERMISSION_DENIED,
    transport: Code.PERMISSION_DENIED,
    retryable: false,
  },
  not_found: { code: FailureCode.FAILURE_CODE_NOT_FOUND, transport: Code.NOT_FOUND, retryable: false },
  already_exists: { code: FailureCode.FAILURE_CODE_ALREADY_EXISTS, transport: Code.ALREADY_EXISTS, retryable: false },
  conflict: { code: FailureCode.FAILURE_CODE_CONFLICT, transport: Code.ABORTED, retryable: false },
  precondition_failed: {
    code: FailureCode.FAILURE_CODE_PRECONDITION_FAILED,
    transport: Code.FAILED_PRECONDITION,
    retryable: false,
  },
  resource_exhausted: {
    code: FailureCode.FAILURE_CODE_RESOURCE_EXHAUSTED,
    transport: Code.RESOURCE_EXHAUSTED,
    retryable: false,
  },
  timeout: { code: FailureCode.FAILURE_CODE_TIMEOUT, transport: Code.DEADLINE_EXCEEDED, retryable: true },
  cancelled: { code: FailureCode.FAILURE_CODE_CANCELLED, transport: Code.CANCELLED, retryable: true },
  process_failed: { code: FailureCode.FAILURE_CODE_PROCESS_FAILED, transport: Code.UNKNOWN, retryable: false },
  io_failed: { code: FailureCode.FAILURE_CODE_IO_FAILED, transport: Code.INTERNAL, retryable: true },
  network_failed: { code: FailureCode.FAILURE_CODE_NETWORK_FAILED, transport: Code.UNAVAILABLE, retryable: true },
  rate_limited: { code: FailureCode.FAILURE_CODE_RATE_LIMITED, transport: Code.RESOURCE_EXHAUSTED, retryable: true },
  unsupported: {
    code: FailureCode.FAILURE_CODE_UNSUPPORTED_OPERATION,
    transport: Code.UNIMPLEMENTED,
    retryable: false,
  },
  unavailable: { code: FailureCode.FAILURE_CODE_DEPENDENCY_UNAVAILABLE, transport: Code.UNAVAILABLE, retryable: true },
  security_policy: {
    code: FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED,
    transport: Code.PERMISSION_DENIED,
    retryable: false,
  },
  internal: { code: FailureCode.FAILURE_CODE_INTERNAL, transport: Code.INTERNAL, retryable: false },
};

/** The gRPC status for an error of this kind (google.rpc.Code numbers are gRPC's status codes). */
export function transportCode(kind: ErrorKind): Code {
  return (TABLE[kind] ?? TABLE.internal).transport;
}

/** The failure code of an error of this kind, as its name without the prefix (NOT_FOUND...): for metrics and traces. */
export function failureCodeName(kind: ErrorKind): string {
  return failureCodeToJSON((TABLE[kind] ?? TABLE.internal).code).replace(/^FAILURE_CODE_/, '');
}

/**
 * The structured Failure for an engine error raised while running `operation` (the tool name);
 * `worded`, the text the model was given, describes a bad field in the tool's own terms.
 */
export function toFailure(err: EngineError, operation: string, worded = err.message): Failure {
  const row = TABLE[err.kind] ?? TABLE.internal;
  const violations = err.facts.violations as Array<{ field: string; description: string }> | undefined;
  const fieldViolations = violations ?? (err.field ? [{ field: err.field, description: worded }] : []);
  const path = typeof err.facts.path === 'string' ? err.facts.path : '';
  return Failure.fromPartial({
    code: row.code,
    message: err.message,
    transportCode: row.transport,
    retryable: row.retryable,
    operation,
    resource: path ? { kind: 'file', name: path } : undefined,
    fieldViolations,
    process: err.process
      ? {
          tool: err.process.tool,
          exitCode: err.process.exitCode,
          signal: err.process.signal,
          output: err.process.output,
          outputTruncated: err.process.outputTruncated,
          backend: err.process.backend,
        }
      : undefined,
    retryAfter:
      err.retryAfterMs !== undefined
        ? { seconds: Math.floor(err.retryAfterMs / 1000), nanos: (err.retryAfterMs % 1000) * 1_000_000 }
        : undefined,
  });
}

/** Anything a handler throws that is not an EngineError is a bug: INTERNAL, and the server keeps serving. */
export function asEngineError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new EngineError('internal', `internal error: ${message}`, { cause: err });
}

/**
 * The contract's CallToolResponse for a result: its content items (text first, the host's
 * block last), and for a failure its words in `error` and its structured Failure. A failure
 * that brought no content of its own (unknown tool, bad arguments, a throw) still shows its
 * words and a block of its facts, so a host that only shows content shows what went wrong.
 */
export function toCallResponse(
  r: ToolResult,
  tool: string,
  content: Content[] = resultItems(r).map(toContent),
): CallToolResponse {
  const err = r.failure ?? (r.error !== undefined ? new EngineError('internal', r.error) : undefined);
  if (!err) return { content, error: '', canonicalRouted: false, routedTo: '', failure: undefined };
  const text = r.error ?? r.text;
  return {
    content,
    error: text,
    canonicalRouted: err.routedTo !== undefined,
    routedTo: err.routedTo ?? '',
    failure: toFailure(err, tool, text),
  };
}
