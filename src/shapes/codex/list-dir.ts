// list_dir (experimental in Codex): a directory tree to a depth, entries sorted by relative
// path, two spaces of indent per level, a type suffix, paged with a 1-based offset and a limit.
import path from 'node:path';
import { byteOrder, cutUtf8, type ListEntry, type ListResult, type ArgsOf } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { bad } from './errors.js';

const SUFFIX: Record<ListEntry['type'], string> = { directory: '/', symlink: '@', other: '?', file: '' };
/** Entries gathered at most before paging; a deeper tree is reported as incomplete. */
const MAX_COLLECT = 50_000;

const schema = {
  type: 'object',
  properties: { dir_path: { type: 'string' }, offset: { type: 'number' }, limit: { type: 'number' }, depth: { type: 'number' } },
  required: ['dir_path'],
  additionalProperties: false,
} as const;

export const listDir = defineTool<ArgsOf<typeof schema>, ListResult>({
  name: 'list_dir',
  fields: { path: 'dir_path' },
  summary: 'List a directory tree by absolute path, a few levels deep, with / for folders and @ for links; paged.',
  description: [
    '`dir_path` must be absolute (inside the roots). Lists entries down to `depth` levels (default 2), every entry',
    '(hidden files and ignored files included), sorted by their path relative to dir_path; each line is the name',
    'indented two spaces per level below the first, with "/" after a directory, "@" after a symbolic link and "?" after',
    'anything else that is not a regular file. The first line is "Absolute path: <dir>". Returns `limit` entries',
    '(default 25) from entry `offset` (1-based, default 1); "More than N entries found" says more remain: ask again with a',
    'larger offset. Names are cut to 500 bytes. To find files by content use grep_files.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    { description: 'Look at the top of a project', arguments: { dir_path: '/srv/app', depth: 2 }, expectedOutcome: 'Absolute path: /srv/app then the tree.' },
    { description: 'The next page', arguments: { dir_path: '/srv/app', offset: 26, limit: 25 }, expectedOutcome: 'Entries 26 to 50.' },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: "dir_path must be an absolute path"; "offset must be a 1-indexed entry number"; "limit must be greater than zero";',
    '"depth must be greater than zero"; "offset exceeds directory entry count"; dir_path is a file.',
    'NOT_FOUND: no such directory. PERMISSION_DENIED: outside the roots.',
  ],
  async call(args, c) {
    const [offset, limit, depth] = [args.offset ?? 1, args.limit ?? 25, args.depth ?? 2];
    if (!Number.isSafeInteger(offset) || offset < 1) throw bad('offset must be a 1-indexed entry number', 'offset', args.offset);
    if (!Number.isSafeInteger(limit) || limit < 1) throw bad('limit must be greater than zero', 'limit', args.limit);
    if (!Number.isSafeInteger(depth) || depth < 1) throw bad('depth must be greater than zero', 'depth', args.depth);
    if (!path.isAbsolute(args.dir_path)) throw bad('dir_path must be an absolute path', 'dir_path', args.dir_path);
    const r = await c.engine.search.list(c, args.dir_path, { depth: Math.min(depth, 64), sort: 'name', includeHidden: true, maxCollect: MAX_COLLECT });
    const entries = [...r.entries].sort((a, b) => byteOrder(a.relative, b.relative));
    if (entries.length > 0 && offset > entries.length) throw bad('offset exceeds directory entry count', 'offset', offset);
    return { ...r, entries };
  },
  format(r, args) {
    const offset = args.offset ?? 1;
    const page = r.entries.slice(offset - 1, offset - 1 + (args.limit ?? 25));
    const lines = [`Absolute path: ${r.path}`, ...page.map((e) => `${'  '.repeat(e.depth - 1)}${cutUtf8(e.name, 500)}${SUFFIX[e.type]}`)];
    const more = offset - 1 + page.length < r.entries.length || !r.complete;
    if (more) lines.push(`More than ${page.length} entries found`);
    return {
      text: lines.join('\n'),
      host: {
        summary: `Listed ${page.length} entries of ${r.path}`,
        paths: [r.path],
        counts: { shown: page.length, total: r.entries.length },
        truncated: more,
        details: { offset, ...(r.complete ? {} : { incomplete: true }) },
      },
    };
  },
});
