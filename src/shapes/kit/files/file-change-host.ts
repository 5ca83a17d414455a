// One file changed, as a host shows it: a summary, its path, the diff (or the note that
// stands in for it when it was over its budget), counts and anything else.
import type { HostContent } from '../../../engine/index.js';
import type { FileDiff } from '../../../engine/index.js';
import { diffNote } from './diff-note.js';

/** The facts of a change to `f`: `counts`, then (unless `lineCounts` is false) the lines the diff added and removed. */
export function fileChangeHost(
  summary: string,
  f: { path: string; relative: string; diff?: FileDiff },
  counts: Record<string, number>,
  o: { lineCounts?: boolean; noteNamesFile?: boolean; details?: Record<string, unknown> } = {},
): HostContent {
  const note = diffNote(f.diff);
  return {
    summary,
    paths: [f.path],
    diff: f.diff?.unified,
    diffNote: note && o.noteNamesFile ? `${f.relative}: ${note}` : note,
    counts: {
      ...counts,
      ...(o.lineCounts === false ? {} : { added: f.diff?.added ?? 0, removed: f.diff?.removed ?? 0 }),
    },
    ...(o.details ? { details: o.details } : {}),
  };
}
