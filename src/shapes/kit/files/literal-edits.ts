// Literal replacements as a list of {old, new, replace every occurrence?}, checked before a
// file is opened: a list with no edit, or an edit whose old text is empty, is refused.
import { engineFailure } from '../../../engine/index.js';
import type { EditSpec } from '../../../engine/index.js';

/**
 * The edits as engine specs (`field` names the argument that held them); an empty old string's failure gives its index.
 */
export function literalEdits(
  items: ReadonlyArray<{ old: string; new: string; all?: boolean }>,
  field: string,
): EditSpec[] {
  if (items.length === 0) throw engineFailure('no_match', 'no edits given', {}, { field });
  return items.map((e, i) => {
    if (e.old === '') throw engineFailure('empty_old', 'the old string is empty', { editIndex: i }, { field });
    return literalEdit(e.old, e.new, e.all);
  });
}

/**
 * One replacement of `oldString`: every occurrence (`every` true), exactly `every` of them (a number), or the only one.
 */
export const literalEdit = (oldString: string, newString: string, every?: boolean | number): EditSpec => ({
  oldString,
  newString,
  occurrences: typeof every === 'number' ? every : every ? 'all' : 'unique',
});
