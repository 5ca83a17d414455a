// How Qwen's search tools name where they looked.
import type { Call } from '../common/define.js';

/** The search path as given, "across N workspace directories" or "in the workspace directory". */
export function searched(c: Call, given: string | undefined, word: 'in path' | 'within'): string {
  if (given !== undefined) return word === 'in path' ? `in path "${given}"` : `within ${given}`;
  return c.scope.roots.length > 1 && word === 'in path' ? `across ${c.scope.roots.length} workspace directories` : 'in the workspace directory';
}
