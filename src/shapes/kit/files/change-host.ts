// The host's facts of one edit or one whole-file write, as the edit and write tools of several
// shapes report them: where, the diff (or its note) and the counts that go with it.
import { diffHost, lineCounts } from './diff-host.js';
import type { EditResult } from '../../../engine/index.js';
import type { WriteResult } from '../../../engine/index.js';

/** An edit: its path and diff, the replacements it made and the lines it added and removed. */
export const editHost = (r: EditResult) =>
  diffHost(r.path, r.diff, { replacements: r.replacements, ...lineCounts(r.diff) });

/** An edit's details: the lines it changed and the rung of the matching ladder each of its edits matched on. */
export const editDetails = (r: EditResult) => ({
  changedLines: r.diff.changedLines,
  matchedBy: r.edits.map((e) => e.rung),
});

/** A write: its path and diff, the bytes written and the lines it added and removed. */
export const writeHost = (r: WriteResult) => diffHost(r.path, r.diff, { bytes: r.size, ...lineCounts(r.diff) });
