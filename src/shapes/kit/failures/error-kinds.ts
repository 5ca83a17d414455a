// Every kind of failure, for tables that must word each one: most say the same, a few differ.
import type { ErrorKind } from '../../../engine/index.js';

const KINDS: Record<ErrorKind, true> = {
  invalid_argument: true,
  permission_denied: true,
  not_found: true,
  already_exists: true,
  conflict: true,
  precondition_failed: true,
  resource_exhausted: true,
  timeout: true,
  cancelled: true,
  process_failed: true,
  io_failed: true,
  network_failed: true,
  rate_limited: true,
  unsupported: true,
  unavailable: true,
  security_policy: true,
  internal: true,
};

/** Every kind of failure. */
export const ERROR_KINDS = Object.keys(KINDS) as ErrorKind[];

/** A total table by kind: `word` for every kind, except those `except` words otherwise. */
export function everyKind<T extends Record<ErrorKind, unknown>>(word: T[ErrorKind], except: Partial<T> = {}): T {
  return Object.fromEntries(ERROR_KINDS.map((k) => [k, except[k] ?? word])) as T;
}
