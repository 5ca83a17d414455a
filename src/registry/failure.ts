// The contract's Failure for an engine error: its code, transport code and retryable come from
// failure-codes.ts; this module needs the generated protobuf code, so it loads where a Failure is built.
import { EngineError } from '../engine/errors.js';
import { Failure, failureCodeFromJSON } from '../gen/codefly/base/v0/failure.js';
import type { CallToolResponse, Content } from '../gen/codefly/services/toolbox/v0/toolbox.js';
import { failureRow } from './failure-codes.js';
import { resultItems, toContent } from './result.js';
import type { ToolResult } from './types.js';

export { asEngineError, failureCodeName, transportCode } from './failure-codes.js';

/**
 * The structured Failure for an engine error raised while running `operation` (the tool name);
 * `worded`, the text the model was given, describes a bad field in the tool's own terms.
 */
export function toFailure(err: EngineError, operation: string, worded = err.message): Failure {
  const row = failureRow(err.kind);
  const violations = err.facts.violations as Array<{ field: string; description: string }> | undefined;
  const fieldViolations = violations ?? (err.field ? [{ field: err.field, description: worded }] : []);
  const path = typeof err.facts.path === 'string' ? err.facts.path : '';
  return Failure.fromPartial({
    code: failureCodeFromJSON(`FAILURE_CODE_${row.code}`),
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
