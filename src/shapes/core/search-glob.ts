// search.glob: file paths matching a glob, paged, sorted, honouring ignore files.
import type { GlobResult } from '../../engine/index.js';
import { globView } from '../kit/search/listing-view.js';
import { type ArgsOf, defineTool, ignoreProps, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    pattern: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      description: 'Glob relative to path (or absolute inside the roots).',
    },
    path: { type: 'string', description: 'Directory to search (default: the session directory).' },
    case_sensitive: { type: 'boolean', description: 'Default true.' },
    match_base: { type: 'boolean', description: 'A pattern without "/" matches names at any depth.' },
    include_dirs: { type: 'boolean', description: 'Also return matching directories (default false).' },
    ...ignoreProps,
    sort: {
      type: 'string',
      enum: ['path', 'mtime-desc', 'mtime-asc', 'recent-first', 'none'],
      description: 'Default path.',
    },
    recent_window_ms: {
      type: 'integer',
      minimum: 0,
      description: 'Window for recent-first (default 86400000, a day).',
    },
    offset: { type: 'integer', minimum: 0, description: 'Entries to skip (default 0).' },
    limit: { type: 'integer', minimum: 1, maximum: 100000, description: 'Entries to return at most (default 1000).' },
  },
  required: ['pattern'],
  additionalProperties: false,
} as const;

export const globTool = defineTool<ArgsOf<typeof schema>, GlobResult>({
  name: 'search.glob',
  summary: 'Find files by name pattern (e.g. "src/**/*.ts") when you know roughly what they are called.',
  description: [
    'Matches file paths below `path` against a glob (`*`, `**`, `?`, `[abc]`, `{a,b}`), honouring',
    '.gitignore/.ignore files and skipping dot-entries unless `hidden`. Symbolic links are not followed.',
    '`match_base` makes a pattern without "/" match file names at any depth. Sort by path (default),',
    'mtime-desc, mtime-asc, or recent-first (modified within recent_window_ms first, then by path).',
    "The structured block gives the page's paths (relative to its `base`), the exact total and whether the page was truncated.",
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'All TypeScript files under src',
      arguments: { pattern: 'src/**/*.ts' },
      expectedOutcome: 'Matching paths relative to the search directory, one per line.',
    },
    {
      description: 'Recently changed Markdown anywhere',
      arguments: { pattern: '*.md', match_base: true, sort: 'mtime-desc', limit: 20 },
      expectedOutcome: 'Newest first.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND: the directory does not exist.',
    "PERMISSION_DENIED: the path or the pattern's leading directories resolve outside the roots.",
    'INVALID_ARGUMENT: the path is a file, or the pattern climbs with ".." after a wildcard.',
    'CANCELLED/TIMEOUT: the call was cancelled or ran out of time.',
  ],
  call: (a, c) =>
    c.engine.search.glob(c, {
      pattern: a.pattern,
      path: a.path,
      caseSensitive: a.case_sensitive,
      matchBase: a.match_base,
      includeDirs: a.include_dirs,
      hidden: a.hidden,
      noIgnore: a.no_ignore,
      ignoreFileNames: a.ignore_files,
      sort: a.sort,
      recentWindowMs: a.recent_window_ms,
      offset: a.offset,
      limit: a.limit ?? 1000,
    }),
  format(r, a) {
    const { of, counts, truncated, ...view } = globView(r);
    return {
      ...view,
      host: { summary: `${of} match${r.total === 1 ? '' : 'es'} for ${a.pattern}`, paths: [r.base], counts, truncated },
    };
  },
});
