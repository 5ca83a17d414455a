// How Qwen's search tools name where they looked.
import type { Call } from '../common/define.js';

/** The search path as given, else "across N workspace directories" or "in the workspace directory". */
export const searched = (c: Call, given?: string): string =>
  given !== undefined
    ? `in path "${given}"`
    : c.scope.roots.length > 1
      ? `across ${c.scope.roots.length} workspace directories`
      : 'in the workspace directory';

/** Qwen's closing note on what a listing, glob or search left out ("" when nothing). */
export const truncatedNote = (more: number, word: string): string =>
  more > 0 ? `\n---\n[${more} ${more === 1 ? word : `${word}s`} truncated] ...` : '';

/**
 * A listing as Qwen's list_directory, glob and grep_search give it: the opening line, "---", the lines shown, and the
 * note on the rest.
 */
export const listed = (opening: string, lines: readonly string[], more: number, word: string): string =>
  `${opening}\n---\n${lines.join('\n')}${truncatedNote(more, word)}`;
