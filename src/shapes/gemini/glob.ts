// glob: paths under dir_path (or every root) matching a pattern, files changed in the last
// day first, with the count of matching files the ignore files hid.
import type { Engine } from '../../engine/index.js';

type GlobRootsResult = Awaited<ReturnType<Engine['search']['globRoots']>>;
import type { ArgsOf } from '../kit/args/schema-args.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { object } from '../gemini-family/schema.js';
import { filesFound } from '../gemini-family/shared.js';

const schema = object(
  {
    pattern: 'string',
    dir_path: 'string',
    case_sensitive: 'boolean',
    respect_git_ignore: 'boolean',
    respect_gemini_ignore: 'boolean',
  },
  ['pattern'],
);
type Args = ArgsOf<typeof schema>;

/**
 * How Gemini globs: dot-files included, these folders never walked into, older files ordered with localeCompare
 * ("fileA.txt" before "FileB.TXT").
 */
const GLOB = {
  hidden: true,
  skipNames: ['node_modules', '.git', 'bower_components', '.svn', '.hg'],
  limit: 0,
  byPath: (a: string, b: string) => a.localeCompare(b),
};

export const glob = defineTool<Args, GlobRootsResult>({
  name: 'glob',
  fields: { path: 'dir_path' },
  summary: 'Find files whose paths match a glob pattern (e.g. "src/**/*.ts"), most recently changed first.',
  description: [
    'Matches file paths under dir_path (default: every workspace root) against a glob (*, **, ?, [abc], {a,b}),',
    'case-insensitively unless case_sensitive; dot-files included; node_modules, .git, .svn, .hg and bower_components',
    'skipped; .gitignore and .geminiignore honoured unless turned off. A pattern that names an existing file is taken',
    'literally. Returns absolute paths, one per line: files changed in the last 24 hours first (newest first), then the',
    'rest alphabetically. No cap on the number of results; narrow the pattern for big trees.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'All TypeScript sources',
      arguments: { pattern: 'src/**/*.ts' },
      expectedOutcome: 'Absolute paths, recent files first.',
    },
    {
      description: 'Markdown files in docs, case-sensitive',
      arguments: { pattern: '*.md', dir_path: 'docs', case_sensitive: true },
      expectedOutcome: 'Matching files in docs.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'search_path_not_found: dir_path does not exist. search_path_not_a_directory: dir_path is a file.',
    'path_not_in_workspace: dir_path or the pattern leads outside the workspace. invalid_tool_params: an empty pattern.',
  ],
  call: (args, c) =>
    c.engine.search.globRoots(c, {
      ...GLOB,
      pattern: args.pattern,
      bases: args.dir_path !== undefined ? [args.dir_path] : undefined,
      caseSensitive: args.case_sensitive ?? false,
      noGitIgnore: args.respect_git_ignore === false,
      ignoreFileNames: args.respect_gemini_ignore === false ? [] : ['.geminiignore'],
    }),
  format({ entries, ignored, bases }, args) {
    const n = entries.length;
    const within = `within ${bases.join(', ')}`;
    const note = ignored > 0 ? ` (${ignored} additional files were ignored)` : '';
    if (n === 0)
      return {
        text: filesFound(0, args.pattern, within),
        host: { summary: filesFound(0, args.pattern, within), counts: { files: 0, ignored } },
      };
    return {
      text: `${filesFound(n, args.pattern, within, note)}\n${entries.map((e) => e.path).join('\n')}`,
      host: {
        summary: `Found ${entries.length} file(s)`,
        paths: entries.map((e) => e.path),
        counts: { files: entries.length, ignored },
      },
    };
  },
});
