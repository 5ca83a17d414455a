// The failure of a command stopped for printing nothing for too long (an inactivity timeout),
// carrying what it printed as process evidence, as every timeout of a run does.
import { EngineError, type UntypedFacts } from '../../../engine/index.js';
import type { RunOutcome } from '../../../engine/index.js';
import { printed } from './run-failure.js';

export function idleTimeoutFailure(r: RunOutcome, idleMs: number, facts: UntypedFacts = {}): EngineError {
  const o = r.output;
  return new EngineError('timeout', `no output for ${idleMs} ms`, {
    facts: { ...facts, idleTimeoutMs: idleMs },
    process: {
      tool: 'bash',
      exitCode: r.exitCode ?? -1,
      signal: r.signal ?? '',
      output: printed(o),
      outputTruncated: o.truncated,
      backend: 'child_process',
    },
  });
}
