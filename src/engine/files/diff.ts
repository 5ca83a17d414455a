// What a change did: a unified diff, its hunks, and the changed line numbers of the new text.
import { structuredPatch } from 'diff';

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Lines with their ' ', '-' or '+' prefix. */
  lines: string[];
}

export interface FileDiff {
  unified: string;
  hunks: DiffHunk[];
  added: number;
  removed: number;
  /** 1-based line numbers, in the new text, of added or changed lines. */
  changedLines: number[];
}

/** Above this many differing lines the diff is given up and reported as a whole-file replacement. */
const MAX_EDIT_LENGTH = 20_000;

/**
 * Diffs two texts (LF line endings expected); `name` labels the ---/+++ lines as a/<name>, b/<name>
 * (`newName` labels the +++ line of a file that moved).
 */
export function diffTexts(name: string, before: string, after: string, context = 3, newName = name): FileDiff {
  const patch = structuredPatch(`a/${name}`, `b/${newName}`, before, after, '', '', { context, maxEditLength: MAX_EDIT_LENGTH });
  const hunks: DiffHunk[] = patch
    ? patch.hunks.map((h) => ({ oldStart: h.oldStart, oldLines: h.oldLines, newStart: h.newStart, newLines: h.newLines, lines: h.lines.filter((l) => !l.startsWith('\\')) }))
    : [wholeHunk(before, after)];
  let added = 0;
  let removed = 0;
  const changed: number[] = [];
  for (const h of hunks) {
    let n = h.newStart;
    for (const l of h.lines) {
      if (l.startsWith('+')) {
        added++;
        changed.push(n++);
      } else if (l.startsWith('-')) removed++;
      else n++;
    }
  }
  const body = hunks.map((h) => `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@\n${h.lines.join('\n')}`);
  const unified = hunks.length === 0 ? '' : `--- a/${name}\n+++ b/${newName}\n${body.join('\n')}\n`;
  return { unified, hunks, added, removed, changedLines: changed };
}

function wholeHunk(before: string, after: string): DiffHunk {
  const split = (s: string) => (s === '' ? [] : s.replace(/\n$/, '').split('\n'));
  const a = split(before);
  const b = split(after);
  return {
    oldStart: a.length ? 1 : 0,
    oldLines: a.length,
    newStart: b.length ? 1 : 0,
    newLines: b.length,
    lines: [...a.map((l) => `-${l}`), ...b.map((l) => `+${l}`)],
  };
}
