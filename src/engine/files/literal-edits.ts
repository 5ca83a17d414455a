// Literal replacements as a list of {old, new, replace every occurrence?}, checked before a
// file is opened: a list with no edit, or an edit whose old text is empty, is refused.
import { engineFailure } from '../errors.js';
import type { EditSpec } from './edit.js';

/** The edits as engine specs (`field` names the argument that held them); an empty old string's failure gives its index. */
export function literalEdits(items: ReadonlyArray<{ old: string; new: string; all?: boolean }>, field: string): EditSpec[] {
  if (items.length === 0) throw engineFailure('no_match', 'no edits given', {}, { field });
  return items.map((e, i) => {
    if (e.old === '') throw engineFailure('empty_old', 'the old string is empty', { editIndex: i }, { field });
    return { oldString: e.old, newString: e.new, occurrences: e.all ? 'all' : 'unique' };
  });
}
