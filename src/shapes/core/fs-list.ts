// fs.list: the entries of one directory, optionally a few levels deep, paged and sorted.
import type { ListResult } from '../../engine/index.js';
import { listingView } from '../kit/search/listing-view.js';
import { type ArgsOf, defineTool, ignoreProps, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'Directory, absolute or relative to the session directory (default ".").' },
    depth: { type: 'integer', minimum: 1, maximum: 10, description: 'Levels to list (default 1).' },
    sort: {
      type: 'string',
      enum: ['dirs-first', 'name', 'size', 'mtime'],
      description: 'Sibling order (default dirs-first; size: largest first; mtime: newest first).',
    },
    reverse: { type: 'boolean', description: 'Reverse the sibling order.' },
    offset: { type: 'integer', minimum: 0, description: 'Entries to skip (default 0).' },
    limit: { type: 'integer', minimum: 1, maximum: 100000, description: 'Entries to show at most (default 1000).' },
    include_hidden: { type: 'boolean', description: 'Show dot-files (default true).' },
    respect_ignore_files: {
      type: 'boolean',
      description: 'Hide what .gitignore (and ignore_files) ignore (default false).',
    },
    ignore_files: ignoreProps.ignore_files,
    ignore: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 500 },
      maxItems: 64,
      description: 'Hide entries whose name matches one of these globs.',
    },
  },
  additionalProperties: false,
} as const;

export const listTool = defineTool<ArgsOf<typeof schema>, ListResult>({
  name: 'fs.list',
  summary: 'List a directory (names and types, optionally a few levels deep) to see what a folder holds.',
  description: [
    'Lists the entries of one directory inside the roots. `depth` descends into sub-directories',
    '(children follow their directory, indented by depth); symbolic links are listed, never entered.',
    'Siblings are sorted by `sort` (dirs-first by default). `offset`/`limit` page the entries; the',
    'structured block gives the exact total and how many were left out, plus what ignore rules hid.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'List the root directory',
      arguments: { path: '.' },
      expectedOutcome: 'One entry per line, directories marked with a trailing /.',
    },
    {
      description: 'Two levels of src, largest first',
      arguments: { path: 'src', depth: 2, sort: 'size' },
      expectedOutcome: 'Entries of src and of its sub-directories, indented.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND: the directory does not exist.',
    'PERMISSION_DENIED: the path resolves outside the roots.',
    'INVALID_ARGUMENT: the path is a file (use fs.read).',
  ],
  call(args, c) {
    const { respect_ignore_files: respect, ignore_files: files } = args;
    const ignore = respect || files?.length ? { noGitIgnore: respect !== true, ignoreFileNames: files } : undefined;
    return c.engine.search.list(c, args.path ?? '.', {
      depth: args.depth,
      sort: args.sort,
      reverse: args.reverse,
      offset: args.offset,
      limit: args.limit ?? 1000,
      // The text shows names and types only: no lstat per entry unless the sort needs it.
      sizes: false,
      includeHidden: args.include_hidden,
      ignore,
      ignoreGlobs: args.ignore,
    });
  },
  format(r) {
    const { text, data, counts, truncated } = listingView(r);
    return {
      text,
      data,
      host: {
        summary: `Listed ${r.path}: ${r.entries.length} of ${r.total} entries`,
        paths: [r.path],
        counts,
        truncated,
      },
    };
  },
});
