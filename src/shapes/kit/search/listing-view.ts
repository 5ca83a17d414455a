// A directory listing and a glob page as Facet's own tools show them: one line per entry
// (indented by depth; "/" after directories, "@" after links), a closing note when entries
// were left out, and the structured block (the page, its totals, what ignore rules hid).
import type { GlobResult } from '../../../engine/index.js';
import type { ListEntry, ListResult } from '../../../engine/index.js';

export interface EntriesView {
  text: string;
  data: Record<string, unknown>;
  /** What a host shows: entries shown and found, and whether some were left out. */
  counts: Record<string, number>;
  truncated: boolean;
}

/** A count as far as counting went: "+" after it when counting stopped before the end. */
export const countSoFar = (n: number, complete: boolean): string => `${n}${complete ? '' : '+'}`;

/** An entry's type as one letter of a listing's `types`. */
const TYPE_LETTER: Record<ListEntry['type'], string> = { file: 'f', directory: 'd', symlink: 'l', other: 'o' };

/**
 * A listing as its text (one line per entry) and its structured block, in columns (the README's "Results"): `entries`,
 * each entry's path under the listed directory (its name at the first level: depth is one more than its "/"s), and
 * `types`, one letter per entry (f file, d directory, l symbolic link, o other); `sizes` and `mtimesMs` only when the
 * listing stat'ed its entries (ListOptions.sizes). A listing's answer is mostly its entries, built, serialized, written
 * and parsed on every call: as one string each, with the types in one more, a 53-entry answer is 1.6 KB, not the
 * 4.4 KB of an object per entry repeating its name, depth and type (issue 38).
 */
export function listingView(r: ListResult): EntriesView {
  const lines: string[] = [];
  const entries: string[] = [];
  const types: string[] = [];
  for (const e of r.entries) {
    const mark = e.type === 'directory' ? '/' : e.type === 'symlink' ? '@' : '';
    lines.push(e.depth === 1 ? e.name + mark : '  '.repeat(e.depth - 1) + e.name + mark);
    entries.push(e.relative);
    types.push(TYPE_LETTER[e.type]);
  }
  if (r.omitted > 0) lines.push(`(${r.omitted} more entries not shown; total ${countSoFar(r.total, r.complete)})`);
  if (r.entries.length === 0 && r.total === 0) lines.push('(empty directory)');
  const { path, offset, total, omitted, complete, ignored } = r;
  const data: Record<string, unknown> = {
    path,
    offset,
    total,
    omitted,
    complete,
    ignored,
    entries,
    types: types.join(''),
  };
  if (r.sized) {
    data.sizes = r.entries.map((e) => e.size);
    data.mtimesMs = r.entries.map((e) => e.mtimeMs);
  }
  return { text: lines.join('\n'), data, counts: { entries: r.entries.length, total }, truncated: omitted > 0 };
}

/**
 * A glob page: its paths relative to `base` (directories end in "/"), a note when it was cut, and `of`, the total ("+"
 * when counting stopped).
 */
export function globView(r: GlobResult): EntriesView & { of: string } {
  const paths = r.entries.map((e) => e.relative + (e.type === 'directory' ? '/' : ''));
  const of = countSoFar(r.total, r.complete);
  const note =
    r.total === 0
      ? 'No files matched.'
      : r.truncated
        ? `(showing ${r.shown} of ${of} from offset ${r.offset}; use offset=${r.offset + r.shown} for more)`
        : '';
  const { base, offset, shown, total, truncated, complete, ignored } = r;
  // One string per path keeps a 100,000-entry page cheap to encode and to decode.
  const data = { base, offset, shown, total, truncated, complete, ignored, paths };
  const text = note ? (paths.length ? `${paths.join('\n')}\n${note}` : note) : paths.join('\n');
  return { text, data, of, counts: { shown, total }, truncated };
}
