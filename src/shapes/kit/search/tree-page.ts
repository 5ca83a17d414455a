// One page of a directory tree (Codex's list_dir): every entry to a depth, hidden ones too,
// ordered by the bytes of their path below the directory, paged by a 1-based offset and a
// limit. The options carry the names the model gave them, since a bad one is
// invalid_argument naming it.
import path from 'node:path';
import { EngineError } from '../../../engine/index.js';
import type { HostContent } from '../../../engine/index.js';
import { byteOrder } from '../text/text-cut.js';
import type { ListEntry, ListOptions, ListResult } from '../../../engine/index.js';

export interface TreePage {
  path: string;
  entries: ListEntry[];
  /** More entries follow the page, or the tree was too large to gather whole. */
  more: boolean;
  facts: HostContent;
}

const bad = (message: string, field: string, value?: unknown) =>
  new EngineError('invalid_argument', message, { field, facts: { value } });
const positive = (v: number) => Number.isSafeInteger(v) && v >= 1;

/** The page of the tree below `dir` (which must be absolute; `field` names it). */
export async function treePage(
  list: (dir: string, opts: ListOptions) => Promise<ListResult>,
  dir: { path: string; field: string },
  args: { offset?: number; limit?: number; depth?: number },
  o: { limit: number; depth: number; maxCollect: number },
): Promise<TreePage> {
  const offset = args.offset ?? 1;
  const limit = args.limit ?? o.limit;
  const depth = args.depth ?? o.depth;
  if (!positive(offset)) throw bad('offset must be a 1-indexed entry number', 'offset', args.offset);
  if (!positive(limit)) throw bad('limit must be greater than zero', 'limit', args.limit);
  if (!positive(depth)) throw bad('depth must be greater than zero', 'depth', args.depth);
  if (!path.isAbsolute(dir.path)) throw bad(`${dir.field} must be an absolute path`, dir.field, dir.path);
  const r = await list(dir.path, {
    depth: Math.min(depth, 64),
    sort: 'name',
    includeHidden: true,
    maxCollect: o.maxCollect,
  });
  const all = [...r.entries].sort((a, b) => byteOrder(a.relative, b.relative));
  if (all.length > 0 && offset > all.length) throw bad('offset exceeds directory entry count', 'offset', offset);
  const entries = all.slice(offset - 1, offset - 1 + limit);
  const more = offset - 1 + entries.length < all.length || !r.complete;
  const facts = {
    summary: `Listed ${entries.length} entries of ${r.path}`,
    paths: [r.path],
    counts: { shown: entries.length, total: all.length },
    truncated: more,
    details: { offset, ...(r.complete ? {} : { incomplete: true }) },
  };
  return { path: r.path, entries, more, facts };
}
