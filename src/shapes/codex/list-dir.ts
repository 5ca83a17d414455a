// list_dir (experimental in Codex): a directory tree to a depth, entries sorted by relative
// path, two spaces of indent per level, a type suffix, paged with a 1-based offset and a limit.
import type { ListEntry } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { cutUtf8 } from '../kit/text/text-cut.js';
import { treePage, type TreePage } from '../kit/search/tree-page.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { NUMBER, STRING } from './schema.js';

const SUFFIX: Record<ListEntry['type'], string> = { directory: '/', symlink: '@', other: '?', file: '' };
/** Entries gathered at most before paging; a deeper tree is reported as incomplete. */
const MAX_COLLECT = 50_000;
const PAGE = { limit: 25, depth: 2, maxCollect: MAX_COLLECT };

const schema = {
  type: 'object',
  properties: { dir_path: STRING, offset: NUMBER, limit: NUMBER, depth: NUMBER },
  required: ['dir_path'],
  additionalProperties: false,
} as const;

export const listDir = defineTool<ArgsOf<typeof schema>, TreePage>({
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
    {
      description: 'Look at the top of a project',
      arguments: { dir_path: '/srv/app', depth: 2 },
      expectedOutcome: 'Absolute path: /srv/app then the tree.',
    },
    {
      description: 'The next page',
      arguments: { dir_path: '/srv/app', offset: 26, limit: 25 },
      expectedOutcome: 'Entries 26 to 50.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: "dir_path must be an absolute path"; "offset must be a 1-indexed entry number"; "limit must be greater than zero";',
    '"depth must be greater than zero"; "offset exceeds directory entry count"; dir_path is a file.',
    'NOT_FOUND: no such directory. PERMISSION_DENIED: outside the roots.',
  ],
  call: (args, c) =>
    treePage((p, o) => c.engine.search.list(c, p, o), { path: args.dir_path, field: 'dir_path' }, args, PAGE),
  format(p) {
    const lines = [
      `Absolute path: ${p.path}`,
      ...p.entries.map((e) => `${'  '.repeat(e.depth - 1)}${cutUtf8(e.name, 500)}${SUFFIX[e.type]}`),
    ];
    if (p.more) lines.push(`More than ${p.entries.length} entries found`);
    return { text: lines.join('\n'), host: p.facts };
  },
});
