// A path a tool needs to be there before it searches or reads below it.
import { EngineError } from '../../../engine/index.js';
import type { FileStat } from '../../../engine/index.js';

/** `st` when something exists there; otherwise not_found on argument `field`, naming the path as given. */
export function requireExisting(st: FileStat, field: string, given: string): FileStat {
  if (!st.exists) throw new EngineError('not_found', `${given} does not exist`, { field, facts: { path: given } });
  return st;
}
