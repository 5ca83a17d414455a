// A step's failure with the caller's advice added: the same failure (kind, condition, facts,
// field), its message followed by what to send instead.
import { EngineError, withDetails } from '../../../engine/index.js';

/** `step()`, or its EngineError with ": <advice>" after the message. */
export function withAdvice<T>(step: () => T, advice: string): T {
  try {
    return step();
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    throw withDetails(err, { message: `${err.message}: ${advice}` });
  }
}
