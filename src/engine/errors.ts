// Typed engine errors: a kind plus facts, never text worded for a model.
// The registry maps kinds to failure codes; shapes word the message per vendor.

export type ErrorKind =
  | 'invalid_argument'
  | 'permission_denied'
  | 'not_found'
  | 'already_exists'
  | 'conflict'
  | 'precondition_failed'
  | 'resource_exhausted'
  | 'timeout'
  | 'cancelled'
  | 'process_failed'
  | 'io_failed'
  | 'network_failed'
  | 'rate_limited'
  | 'unsupported'
  | 'unavailable'
  | 'security_policy'
  | 'internal';

/** Evidence of a failed child process, carried into Failure.process. */
export interface ProcessEvidence {
  tool: string;
  exitCode: number;
  signal: string;
  output: string;
  outputTruncated: boolean;
  backend: string;
}

export interface EngineErrorInit {
  /** Machine-readable facts (path, roots, counts...) a shape may word its own message from. */
  facts?: Record<string, unknown>;
  /** The argument at fault, for INVALID_ARGUMENT field violations. */
  field?: string;
  process?: ProcessEvidence;
  /** Another toolbox owns this request (sets canonical_routed/routed_to). */
  routedTo?: string;
  retryAfterMs?: number;
  cause?: unknown;
}

export class EngineError extends Error {
  readonly kind: ErrorKind;
  readonly facts: Record<string, unknown>;
  readonly field?: string;
  readonly process?: ProcessEvidence;
  readonly routedTo?: string;
  readonly retryAfterMs?: number;

  constructor(kind: ErrorKind, message: string, init: EngineErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'EngineError';
    this.kind = kind;
    this.facts = init.facts ?? {};
    this.field = init.field;
    this.process = init.process;
    this.routedTo = init.routedTo;
    this.retryAfterMs = init.retryAfterMs;
  }
}

export function isEngineError(err: unknown): err is EngineError {
  return err instanceof EngineError;
}

/** The error to throw when an AbortSignal fired: a deadline reads as timeout, anything else as cancel. */
export function abortError(signal: AbortSignal, what = 'operation'): EngineError {
  const reason = signal.reason as { name?: string } | undefined;
  if (reason && reason.name === 'TimeoutError') {
    return new EngineError('timeout', `${what} ran out of time`, { cause: reason });
  }
  return new EngineError('cancelled', `${what} was cancelled`, { cause: reason });
}

export function throwIfAborted(signal: AbortSignal | undefined, what?: string): void {
  if (signal?.aborted) throw abortError(signal, what);
}

/** Maps a Node.js system error (ENOENT, EACCES, ...) on `path` to an EngineError. */
export function fromSystemError(err: unknown, path: string, operation: string): EngineError {
  if (err instanceof EngineError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const facts = { path, operation, code };
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new EngineError('not_found', `${path} does not exist`, { facts, cause: err });
    case 'EISDIR':
      return new EngineError('invalid_argument', `${path} is a directory`, { facts: { ...facts, isDirectory: true }, cause: err });
    case 'EACCES':
    case 'EPERM':
      return new EngineError('permission_denied', `${operation} of ${path} is not permitted by the file system`, { facts, cause: err });
    case 'EEXIST':
      return new EngineError('already_exists', `${path} already exists`, { facts, cause: err });
    case 'ENOSPC':
    case 'EFBIG':
      return new EngineError('resource_exhausted', `no space left for ${path}`, { facts, cause: err });
    case 'ELOOP':
      return new EngineError('invalid_argument', `${path} has too many levels of symbolic links`, { facts, cause: err });
    default:
      return new EngineError('io_failed', `${operation} of ${path} failed: ${(err as Error)?.message ?? String(err)}`, { facts, cause: err });
  }
}
