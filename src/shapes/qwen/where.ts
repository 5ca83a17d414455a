// How Qwen's search tools name where they looked.
import type { Call } from '../common/define.js';

/** The search path as given, else "across N workspace directories" or "in the workspace directory". */
export const searched = (c: Call, given?: string): string =>
  given !== undefined ? `in path "${given}"` : c.scope.roots.length > 1 ? `across ${c.scope.roots.length} workspace directories` : 'in the workspace directory';
