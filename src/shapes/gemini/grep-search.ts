// grep_search: Gemini's ripgrep variant: "File:" blocks of "L12:" lines, a 100-match cap, and
// 50 or 15 lines of context added when 1 to 3 matches come back without context asked.
import { type GrepLine, type GrepOptions, type GrepResult, safeRegExp } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { contextSides } from '../kit/search/context-sides.js';
import { grepAround } from '../kit/search/auto-context.js';
import { lineSeparator } from '../kit/search/line-separator.js';
import { matchedHost } from '../kit/search/matched-host.js';
import { defineTool, type Reply } from '../common/define.js';
import { CUT_MARK, finishedSearch, matchesFound, searchedWhere } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { atLeast, object } from '../gemini-family/schema.js';

const schema = object(
  {
    pattern: 'string',
    dir_path: 'string',
    include_pattern: 'string',
    exclude_pattern: 'string',
    names_only: 'boolean',
    case_sensitive: 'boolean',
    fixed_strings: 'boolean',
    context: atLeast(0),
    after: atLeast(0),
    before: atLeast(0),
    no_ignore: 'boolean',
    max_matches_per_file: atLeast(1),
    total_max_matches: atLeast(1),
  },
  ['pattern'],
);
type Args = ArgsOf<typeof schema>;

/** Folders and files Gemini's grep always leaves out. */
const EXCLUDES = [
  ...['node_modules', '.git', 'bower_components', '.svn', '.hg', 'dist', 'build'].map((d) => `!**/${d}/**`),
  '!*.log',
  '!*.tmp',
];
const TIMEOUT_MS = 30_000;
/**
 * How Gemini greps: .geminiignore honoured (no_ignore lifts it with the rest), lines cut at 2000 characters, 30 s, the
 * first total_max_matches in path order (the order Gemini's own walk gives).
 */
const GREP = {
  ignoreFileNames: ['.geminiignore'],
  inPathOrder: true,
  limit: 0,
  maxLineLength: 2000,
  timeoutMs: TIMEOUT_MS,
} satisfies Partial<GrepOptions>;

/** Lines of context added when no context was asked, by the number of matches found (one: 50, two or three: 15). */
const AUTO_CONTEXT = [50, 15, 15];

export const grepSearch = defineTool<Args, GrepResult>({
  name: 'grep_search',
  fields: { path: 'dir_path' },
  summary: 'Search file contents with a regular expression (ripgrep syntax) and get matching lines grouped by file.',
  description: [
    'Searches files under dir_path (a directory or one file; default the session directory) for `pattern`, a Rust/ripgrep',
    'regular expression (fixed_strings for literal text), case-insensitive unless case_sensitive. include_pattern is a glob',
    'of files to search ("*.ts"); exclude_pattern a JavaScript regular expression: lines it matches (results and context)',
    'are dropped as found, before they count towards total_max_matches. .gitignore and',
    '.geminiignore are honoured, and node_modules, .git, dist, build, *.log and *.tmp skipped, unless no_ignore.',
    'Output: "File: <relative path>" then "L<line>: <text>" per match ("L<line>- " for context lines), files separated by',
    '"---". At most total_max_matches (default 100) matches and max_matches_per_file per file. With 1 to 3 matches and no',
    'context asked, 50 (one match) or 15 lines of context are added. names_only lists the files only. 30 s time limit.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'Find a function definition in TypeScript files',
      arguments: { pattern: 'function\\s+parseArgs', include_pattern: '*.ts' },
      expectedOutcome: 'File: blocks with L<n>: lines.',
    },
    {
      description: 'Which files mention TODO',
      arguments: { pattern: 'TODO', names_only: true, case_sensitive: true },
      expectedOutcome: 'A sorted list of file paths.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'invalid_tool_params (INVALID_ARGUMENT): the pattern is not valid ripgrep syntax (or uses lookaround/backreferences), or exclude_pattern is invalid or nests quantifiers.',
    'search_path_not_found (NOT_FOUND): dir_path does not exist. path_not_in_workspace (PERMISSION_DENIED): dir_path is outside the workspace.',
    'grep_execution_error (TIMEOUT): the search ran past 30 s; narrow dir_path or include_pattern.',
  ],
  async call(args, c) {
    const opts: GrepOptions = {
      ...GREP,
      pattern: args.pattern,
      paths: [args.dir_path ?? '.'],
      fixedStrings: args.fixed_strings,
      caseMode: args.case_sensitive ? 'sensitive' : 'insensitive',
      ...contextSides(args.before, args.after, args.context),
      // no_ignore lifts the default excludes too, as Gemini CLI leaves out its exclude globs then.
      globs: [...(args.include_pattern ? [args.include_pattern] : []), ...(args.no_ignore ? [] : EXCLUDES)],
      noIgnore: args.no_ignore,
      maxPerFile: args.max_matches_per_file,
      maxTotal: args.total_max_matches ?? 100,
      mode: args.names_only ? 'files' : 'content',
      excludeLines: args.exclude_pattern
        ? safeRegExp(args.exclude_pattern, Boolean(args.case_sensitive), 'exclude_pattern')
        : undefined,
    };
    const settled = (r: GrepResult) =>
      finishedSearch(r, TIMEOUT_MS, 'dir_path or include_pattern', { timeoutMs: TIMEOUT_MS });
    return grepAround((o) => c.engine.search.grep(c, o), opts, {
      maxPerFile: args.max_matches_per_file,
      around: args.names_only ? [] : AUTO_CONTEXT,
      settled,
    });
  },
  /**
   * A header, then per file "File: rel" and "L<n>: text" / "L<n>- context" lines between "---"; names_only: the paths
   * sorted.
   */
  format(r, args): Reply {
    const max = args.total_max_matches ?? 100;
    const [where, { files, matches, names, facts }] = [
      searchedWhere(`in path "${args.dir_path ?? '.'}"`, args.include_pattern),
      matchedHost(r),
    ];
    const limited = r.totalMatchLines >= max ? ` (results limited to ${max} matches for performance)` : '';
    const line = (l: GrepLine) => `L${l.line}${lineSeparator(l.kind)} ${l.text}${l.cut ? CUT_MARK : ''}`;
    const found =
      r.mode === 'files'
        ? `Found ${files.length} files with matches for pattern "${args.pattern}" ${where}`
        : matchesFound(matches, args.pattern, where);
    const list =
      r.mode === 'files'
        ? names
        : ['---', ...files.map((f) => `File: ${f.relative}\n${f.lines.map(line).join('\n')}\n---`)];
    const text = files.length === 0 ? matchesFound(0, args.pattern, where) : `${found}${limited}:\n${list.join('\n')}`;
    return { text, host: facts };
  },
});
