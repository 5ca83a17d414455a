// A lookup where "not there" is an answer, not a failure: for `.catch` after an engine call.
import { isEngineError } from '../../../engine/index.js';

/** For `.catch`: a not_found failure on argument `field` becomes `value`; anything else is rethrown. */
export const whenMissing =
  <T>(field: string, value: T) =>
  (err: unknown): T => {
    if (isEngineError(err) && err.kind === 'not_found' && err.field === field) return value;
    throw err;
  };
