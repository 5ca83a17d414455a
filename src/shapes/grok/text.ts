// Grok CLI's change text after create_file and str_replace_editor: "Updated <path> with N
// additions and M removals", then a unified diff.
import { type FileDiff, plural } from '../../engine/index.js';
import { diffNote } from '../kit/files/diff-note.js';

export function changeText(p: string, diff: FileDiff): string {
  const parts = [
    ...(diff.added > 0 ? [plural(diff.added, 'addition')] : []),
    ...(diff.removed > 0 ? [plural(diff.removed, 'removal')] : []),
  ];
  const head = `Updated ${p} with ${parts.join(' and ') || 'no line changes'}`;
  const note = diffNote(diff);
  if (note) return `${head}\n${note}`;
  const hunks = diff.hunks.map(
    (h) => `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@\n${h.lines.join('\n')}`,
  );
  return [head, `--- a/${p}`, `+++ b/${p}`, ...hunks].join('\n');
}
