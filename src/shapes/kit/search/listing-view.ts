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

/**
 * One entry as hosts get it: its name, and only the fields that differ from their defaults (the README's "Results"):
 * `type` unless "file", `depth` unless 1, `relative` unless it is the name (below the first level). Size and mtime only
 * when the listing stat'ed its entries (ListOptions.sizes). A listing's answer is mostly its entries, and every byte of
 * it is serialized and written per call: the defaults were half of a one-level listing's (issue 38).
 */
function hostEntry(e: ListEntry, sized: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { name: e.name };
  if (e.type !== 'file') out.type = e.type;
  if (e.depth !== 1) {
    out.depth = e.depth;
    out.relative = e.relative;
  }
  if (sized) {
    out.size = e.size;
    out.mtimeMs = e.mtimeMs;
  }
  return out;
}

export function listingView(r: ListResult): EntriesView {
  const lines: string[] = [];
  const entries: Array<Record<string, unknown>> = [];
  for (const e of r.entries) {
    const mark = e.type === 'directory' ? '/' : e.type === 'symlink' ? '@' : '';
    lines.push(e.depth === 1 ? e.name + mark : '  '.repeat(e.depth - 1) + e.name + mark);
    entries.push(hostEntry(e, r.sized));
  }
  if (r.omitted > 0) lines.push(`(${r.omitted} more entries not shown; total ${countSoFar(r.total, r.complete)})`);
  if (r.entries.length === 0 && r.total === 0) lines.push('(empty directory)');
  const { path, offset, total, omitted, complete, ignored } = r;
  const data = { path, offset, total, omitted, complete, ignored, entries };
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
