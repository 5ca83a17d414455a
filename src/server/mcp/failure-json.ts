// The contract's Failure (codefly.base.v0.Failure) in its JSON form, for MCP's _meta: apart from
// render.ts, so the generated code loads at the first failed call, not at start-up (issue 38).
import type { EngineError } from '../../engine/errors.js';
import { Failure } from '../../gen/codefly/base/v0/failure.js';
import { toFailure } from '../../registry/failure.js';

export function failureJson(err: EngineError, tool: string, words: string): unknown {
  return Failure.toJSON(toFailure(err, tool, words));
}
