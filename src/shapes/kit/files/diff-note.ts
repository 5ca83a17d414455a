// Words for a diff the engine left out (over its size or time budget): what changed, in counts.
import type { FileDiff } from '../../../engine/index.js';

const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;
const range = (start: number, n: number) => (n === 0 ? 'none' : n === 1 ? `${start}` : `${start}-${start + n - 1}`);
const size = (bytes: number) => (bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`);

/** Says that the diff was omitted, why, and the counts given instead; undefined when the diff is there. */
export function diffNote(d: FileDiff | undefined): string | undefined {
  const o = d?.omitted;
  if (!d || !o) return undefined;
  const why =
    o.reason === 'size' ? `it would be over ${size(o.limitBytes)}` : `computing it would take over ${o.limitMs} ms`;
  const counts = o.exact
    ? `${lines(d.removed)} removed, ${lines(d.added)} added`
    : `at most ${lines(d.removed)} removed and ${lines(d.added)} added, within old lines ${range(o.span.oldStart, o.span.oldLines)} and new lines ${range(o.span.newStart, o.span.newLines)}`;
  return `Diff omitted (${why}): ${counts}.`;
}

/** The unified diff, or the note that stands in for it. */
export function diffOrNote(d: FileDiff): string {
  return diffNote(d) ?? d.unified;
}

/**
 * Lines of the new text to show around a change: the changed lines, else each hunk's start;
 * for an omitted diff, the first and last line of the changed span.
 */
export function changedLinesOf(d: FileDiff | undefined): number[] {
  if (!d) return [];
  if (d.changedLines.length) return d.changedLines;
  const s = d.omitted?.span;
  if (s) return s.newLines > 0 ? [s.newStart, s.newStart + s.newLines - 1] : [];
  return d.hunks.map((h) => h.newStart);
}
