// Where a search starts: the path the model gave (its shell escapes undone, "my\ dir" naming
// "my dir"), or each root of the scope when it gave none.
import { unescapeShellPath } from '../files/path-escapes.js';
import type { Scope } from '../../../engine/index.js';

/**
 * The given path unescaped (undefined when none was given), and the bases to search: that path alone, or every root.
 */
export function searchBases(
  scope: Pick<Scope, 'roots'>,
  path: string | undefined,
): { given?: string; bases: string[] } {
  const given = path !== undefined ? unescapeShellPath(path) : undefined;
  return { given, bases: given !== undefined ? [given] : [...scope.roots] };
}
