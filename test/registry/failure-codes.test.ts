// Every engine error kind maps to a failure code the contract defines (failure-codes.ts names
// them as strings so the generated code loads only where a Failure is built), with its
// transport status and retryability, as the Failure message carries them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError, type ErrorKind } from '../../src/engine/errors.js';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { Code } from '../../src/gen/google/rpc/code.js';
import { failureCodeName } from '../../src/registry/failure-codes.js';
import { toFailure } from '../../src/registry/failure.js';

const EXPECTED: Record<ErrorKind, [FailureCode, Code, boolean]> = {
  invalid_argument: [FailureCode.FAILURE_CODE_INVALID_ARGUMENT, Code.INVALID_ARGUMENT, false],
  permission_denied: [FailureCode.FAILURE_CODE_PERMISSION_DENIED, Code.PERMISSION_DENIED, false],
  not_found: [FailureCode.FAILURE_CODE_NOT_FOUND, Code.NOT_FOUND, false],
  already_exists: [FailureCode.FAILURE_CODE_ALREADY_EXISTS, Code.ALREADY_EXISTS, false],
  conflict: [FailureCode.FAILURE_CODE_CONFLICT, Code.ABORTED, false],
  precondition_failed: [FailureCode.FAILURE_CODE_PRECONDITION_FAILED, Code.FAILED_PRECONDITION, false],
  resource_exhausted: [FailureCode.FAILURE_CODE_RESOURCE_EXHAUSTED, Code.RESOURCE_EXHAUSTED, false],
  timeout: [FailureCode.FAILURE_CODE_TIMEOUT, Code.DEADLINE_EXCEEDED, true],
  cancelled: [FailureCode.FAILURE_CODE_CANCELLED, Code.CANCELLED, true],
  process_failed: [FailureCode.FAILURE_CODE_PROCESS_FAILED, Code.UNKNOWN, false],
  io_failed: [FailureCode.FAILURE_CODE_IO_FAILED, Code.INTERNAL, true],
  network_failed: [FailureCode.FAILURE_CODE_NETWORK_FAILED, Code.UNAVAILABLE, true],
  rate_limited: [FailureCode.FAILURE_CODE_RATE_LIMITED, Code.RESOURCE_EXHAUSTED, true],
  unsupported: [FailureCode.FAILURE_CODE_UNSUPPORTED_OPERATION, Code.UNIMPLEMENTED, false],
  unavailable: [FailureCode.FAILURE_CODE_DEPENDENCY_UNAVAILABLE, Code.UNAVAILABLE, true],
  security_policy: [FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED, Code.PERMISSION_DENIED, false],
  internal: [FailureCode.FAILURE_CODE_INTERNAL, Code.INTERNAL, false],
};

test('each error kind becomes its contract failure code, transport status and retryability', () => {
  for (const [kind, [code, transport, retryable]] of Object.entries(EXPECTED) as Array<
    [ErrorKind, [FailureCode, Code, boolean]]
  >) {
    const f = toFailure(new EngineError(kind, 'said'), 'tool');
    assert.deepEqual([f.code, f.transportCode, f.retryable], [code, transport, retryable], kind);
    assert.equal(`FAILURE_CODE_${failureCodeName(kind)}`, FailureCode[code], kind);
  }
});
