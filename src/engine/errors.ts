// Typed engine errors: a kind plus facts, never text worded for a model.
// The registry maps kinds to failure codes; shapes word the message per vendor. A named
// condition (conditions.ts) fixes the kind, so one condition has one failure code everywhere.
import { CONDITION_KIND, type Condition, type ConditionFacts, type ErrorKind, type FactsOf } from './conditions.js';

export {
  CONDITION_KIND,
  isConditionName,
  type Condition,
  type ConditionFacts,
  type FactsOf,
  type ProviderCondition,
} from './conditions.js';

export type { ErrorKind } from './conditions.js';

/** Evidence of a failed child process, carried into Failure.process. */
export interface ProcessEvidence {
  tool: string;
  exitCode: number;
  signal: string;
  output: string;
  outputTruncated: boolean;
  backend: string;
}

/** Facts a kind-only error may carry; a named condition goes through engineFailure, never a bare string here. */
export type UntypedFacts = Record<string, unknown> & { condition?: never };

export interface EngineErrorInit {
  /** Machine-readable facts (path, roots, counts...) a shape may word its own message from. */
  facts?: UntypedFacts;
  /** The argument at fault, for INVALID_ARGUMENT field violations. */
  field?: string;
  process?: ProcessEvidence;
  /** Another toolbox owns this request (sets canonical_routed/routed_to). */
  routedTo?: string;
  retryAfterMs?: number;
  cause?: unknown;
}

/** What engineFailure takes besides the condition's own facts. */
export type FailureInit = Omit<EngineErrorInit, 'facts'>;

export class EngineError extends Error {
  readonly kind: ErrorKind;
  /** What happened, when it has a name; the same name always carries the same kind. */
  readonly condition: Condition | undefined;
  readonly facts: Record<string, unknown> & { readonly condition?: Condition };
  readonly field?: string;
  readonly process?: ProcessEvidence;
  readonly routedTo?: string;
  readonly retryAfterMs?: number;

  constructor(kind: ErrorKind, message: string, init: EngineErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'EngineError';
    this.kind = kind;
    this.facts = init.facts ?? {};
    this.condition = (this.facts as { condition?: Condition }).condition;
    this.field = init.field;
    this.process = init.process;
    this.routedTo = init.routedTo;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** An engine error that is `C`, with that condition's facts. */
export type FailureOf<C extends Condition> = EngineError & { readonly condition: C; readonly facts: FactsOf<C> };

/**
 * The one way to raise a named condition: its kind comes from CONDITION_KIND, and its facts
 * are checked against ConditionFacts. facts.condition repeats the name for hosts that read facts.
 */
export function engineFailure<C extends Condition>(
  condition: C,
  message: string,
  facts: ConditionFacts[C],
  init: FailureInit = {},
): FailureOf<C> {
  return new EngineError(...failureArgs(condition, message, facts, init)) as FailureOf<C>;
}

/** The arguments of `super(...)` for a subclass of EngineError that raises `condition`. */
export function failureArgs<C extends Condition>(
  condition: C,
  message: string,
  facts: ConditionFacts[C],
  init: FailureInit = {},
): [ErrorKind, string, EngineErrorInit] {
  return [CONDITION_KIND[condition], message, { ...init, facts: { ...facts, condition } as unknown as UntypedFacts }];
}

/** `err` is an engine error raised as `condition` (narrows its facts). */
export function isCondition<C extends Condition>(err: unknown, condition: C): err is FailureOf<C> {
  return err instanceof EngineError && err.condition === condition;
}

/**
 * A copy of `err` (same kind and condition) with more facts or another field: for layers that
 * add what they know (the output of a failed run, a caller's own name for the field).
 */
export function withDetails(
  err: EngineError,
  more: { facts?: UntypedFacts; field?: string; message?: string; cause?: unknown; process?: ProcessEvidence },
): EngineError {
  return new EngineError(err.kind, more.message ?? err.message, {
    field: 'field' in more ? more.field : err.field,
    facts: { ...err.facts, ...more.facts } as UntypedFacts,
    cause: 'cause' in more ? more.cause : err.cause,
    process: more.process ?? err.process,
    routedTo: err.routedTo,
    retryAfterMs: err.retryAfterMs,
  });
}

export function isEngineError(err: unknown): err is EngineError {
  return err instanceof EngineError;
}

/** The error to throw when an AbortSignal fired: a deadline reads as timeout, anything else as cancel. */
export function abortError(signal: AbortSignal, what = 'operation'): EngineError {
  const reason = signal.reason as { name?: string } | undefined;
  if (reason && reason.name === 'TimeoutError') {
    return engineFailure('timed_out', `${what} ran out of time`, {}, { cause: reason });
  }
  return engineFailure('cancelled', `${what} was cancelled`, {}, { cause: reason });
}

export function throwIfAborted(signal: AbortSignal | undefined, what?: string): void {
  if (signal?.aborted) throw abortError(signal, what);
}

/**
 * Maps a Node.js system error (ENOENT, EACCES, ...) on `path` to an EngineError. Messages name
 * `path`, the caller's, once: never the path the system call used, which may be a temporary
 * file of ours beside it.
 */
export function fromSystemError(err: unknown, path: string, operation: string): EngineError {
  if (err instanceof EngineError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const facts = { path, operation, code };
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return engineFailure('path_missing', `${path} does not exist`, facts, { cause: err });
    case 'EISDIR':
      return engineFailure('is_directory', `${path} is a directory`, { ...facts, isDirectory: true }, { cause: err });
    case 'EACCES':
    case 'EPERM':
      return engineFailure('fs_denied', `${operation} of ${path} is not permitted by the file system`, facts, {
        cause: err,
      });
    case 'EEXIST':
      return engineFailure('file_exists', `${path} already exists`, facts, { cause: err });
    case 'ENOSPC':
    case 'EDQUOT':
    case 'EFBIG':
      return engineFailure('no_space', `no space left on the device for ${path}`, facts, { cause: err });
    case 'EROFS':
      return engineFailure('read_only_fs', `${path} is on a read-only file system`, facts, { cause: err });
    case 'ELOOP':
      return engineFailure('symlink_loop', `${path} has too many levels of symbolic links`, facts, { cause: err });
    default: {
      const reason = systemReason(err);
      return engineFailure(
        'io_error',
        `${operation} of ${path} failed: ${reason}`,
        { ...facts, reason },
        { cause: err },
      );
    }
  }
}

/** A system error's words without the call and path Node appends ("EIO: i/o error, open '/x'" is "EIO: i/o error"). */
function systemReason(err: unknown): string {
  const e = err as NodeJS.ErrnoException | undefined;
  const message = e?.message ?? String(err);
  return e?.syscall !== undefined ? message.replace(/, \w+(?: '.*')?$/s, '') : message;
}
