// Changes to files as Facet's own tools report them: the fields of a diff left out (its note,
// and whether the counts are exact), a patch's A/M/D lines with each file's diff (or note)
// and record, and what fs.read_many read, each file under a "--- path ---" header.
import type { FileDiff } from '../../../engine/index.js';
import { diffNote } from './diff-note.js';
import { describeRead } from './describe.js';
import type { PatchResult } from '../../../engine/index.js';
import type { ReadManyResult } from '../../../engine/index.js';
import { plural } from '../../../engine/index.js';

/** The structured fields of an omitted diff: the note, and whether the counts are exact. */
export function diffOmission(d: FileDiff | undefined): Record<string, unknown> {
  return d?.omitted
    ? { diffOmitted: { reason: d.omitted.reason, exactCounts: d.omitted.exact, note: diffNote(d) } }
    : {};
}

/** A patch applied: "A/M/D path" lines, each file's diff or note, the structured block and the counts. */
export function patchView(r: PatchResult) {
  const lines = [
    ...r.added.map((p) => `A ${p}`),
    ...r.modified.map((p) => `M ${p}`),
    ...r.deleted.map((p) => `D ${p}`),
  ];
  const diffs = r.changes
    .map((c) => (c.diff.omitted ? `${c.relative}: ${diffNote(c.diff)}` : c.diff.unified))
    .filter((d) => d !== '');
  const files = r.changes.map(({ path, action, movedFrom, passes, diff: d }) => ({
    path,
    action,
    ...(movedFrom ? { movedFrom } : {}),
    passes,
    added: d.added,
    removed: d.removed,
    changedLines: d.changedLines,
    diff: d.unified,
    ...diffOmission(d),
  }));
  const sum = (k: 'added' | 'removed') => r.changes.reduce((n, c) => n + c.diff[k], 0);
  const counts = { files: r.changes.length, added: sum('added'), removed: sum('removed') };
  return { lines, diffs, data: { added: r.added, modified: r.modified, deleted: r.deleted, files }, counts };
}

/**
 * Files read together: each under its header (text, a note, or its error), the blobs of images and PDFs, the structured
 * block, a summary.
 */
export function readManyView(r: ReadManyResult) {
  const blobs: Array<{ mediaType: string; data: Uint8Array }> = [];
  const parts = r.files.map(({ relative, error, result }) => {
    if (error) return `--- ${relative} ---\n(error: ${error.message})`;
    const f = result!;
    if (f.kind === 'text') return `--- ${relative} ---\n${f.lines.join('\n')}`;
    if (f.kind !== 'image' && f.kind !== 'pdf')
      return `--- ${relative} ---\n(${f.kind} file, ${f.size} bytes: not shown)`;
    blobs.push({ mediaType: f.mediaType, data: f.data });
    return `--- ${relative} ---\n(${f.mediaType}, ${f.size} bytes: attached)`;
  });
  if (r.omitted > 0) parts.push(`(${r.omitted} more matching files not read)`);
  if (r.files.length === 0) parts.push('(no files matched)');
  const files = r.files.map((f) =>
    f.error ? { path: f.path, error: f.error.message, kind: f.error.kind } : describeRead(f.result!),
  );
  return {
    text: parts.join('\n\n'),
    blobs,
    data: { matched: r.matched, omitted: r.omitted, files },
    summary: `Read ${plural(r.files.length, 'file')}`,
  };
}
