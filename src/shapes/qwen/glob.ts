// glob: case-insensitive, files changed in the last day first, at most 100 absolute paths.
import type { GlobEntry, GlobOptions } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { headPage } from '../kit/text/head-of.js';
import { literalPattern } from '../kit/files/path-escapes.js';
import { globEach } from '../kit/search/glob-each.js';
import { searchBases } from '../kit/search/search-bases.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { listed, searched } from './where.js';
import { qwenObject } from '../gemini-family/schema.js';
import { filesFound } from '../gemini-family/shared.js';

const MAX_FILES = 100;
/** How Qwen globs: case-insensitive, dot-files included, .git skipped, .qwenignore honoured, recent files first. */
const GLOB: Omit<GlobOptions, 'pattern'> = {
  caseSensitive: false,
  hidden: true,
  skipNames: ['.git'],
  ignoreFileNames: ['.qwenignore'],
  sort: 'recent-first',
  limit: 0,
};

const schema = qwenObject({ pattern: 'string', path: 'string' }, ['pattern']);
type Args = ArgsOf<typeof schema>;

export const glob = defineTool<Args, { entries: GlobEntry[]; base?: string }>({
  name: 'glob',
  summary: 'Find files by glob pattern (case-insensitive), most recently changed first; absolute paths, 100 at most.',
  description: [
    'Matches file paths under `path` (default: the workspace directories) against a glob (*, **, ?, [abc], {a,b}),',
    'always case-insensitively, dot-files included. .gitignore and .qwenignore are honoured; node_modules is not skipped',
    'unless ignored. Files changed in the last 24 hours come first (newest first), then the rest alphabetically. At most',
    '100 absolute paths are listed; the rest are counted. A pattern that names an existing path literally (brackets,',
    'parentheses and all: "app/[id]/page.tsx") finds that path. A file under two overlapping roots is listed once.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'All Python files',
      arguments: { pattern: '**/*.py' },
      expectedOutcome: 'Found N file(s) ... then absolute paths.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'search_path_not_found: path does not exist. search_path_not_a_directory: path is a file.',
    'path_not_in_workspace: path outside the workspace. invalid_tool_params: an empty pattern.',
  ],
  async call(args, c) {
    const { given, bases } = searchBases(c.scope, args.path);
    const pattern = await literalPattern(c.scope, args.pattern, c.session.cwd ?? c.scope.roots[0]!, given);
    const r = await globEach(bases, (path) => c.engine.search.glob(c, { ...GLOB, pattern, path }));
    return { entries: r.entries, base: given !== undefined ? r.bases[0] : undefined };
  },
  format({ entries, base }, args, c): Reply {
    const where = base !== undefined ? `within ${base}` : searched(c);
    if (entries.length === 0)
      return {
        text: filesFound(0, args.pattern, where),
        host: { summary: filesFound(0, args.pattern, where), counts: { files: 0 } },
      };
    const { shown, more, counts, truncated } = headPage(entries, MAX_FILES, 'files');
    const paths = shown.map((e) => e.path);
    return {
      text: listed(filesFound(entries.length, args.pattern, where), paths, more, 'file'),
      host: { summary: `Found ${entries.length} file(s)`, paths, counts, truncated },
    };
  },
});
