// The host's view of one file's change, as every shape reports it: where, the diff (or the
// note that stands in for an omitted one), and counts (by default the lines added and removed).
import type { FileDiff } from '../../../engine/index.js';
import { diffNote } from './diff-note.js';

/** Lines a change added and removed (0 when no diff was computed). */
export const lineCounts = (d: FileDiff | undefined) => ({ added: d?.added ?? 0, removed: d?.removed ?? 0 });

/** The host block of a change to `path`: its diff or the note for it, and `counts`. */
export const diffHost = (path: string, d: FileDiff | undefined, counts: Record<string, number> = lineCounts(d)) => ({
  paths: [path],
  diff: d?.unified,
  diffNote: diffNote(d),
  counts,
});
