// Gemini CLI search tools: grep_search (ripgrep variant: File:/L12: blocks, 100-match cap,
// auto-context for 1-3 matches), glob (recent files first) and list_directory.
import type { FacetConfig } from '../../config.js';
import { glob, type GlobEntry, grep, type GrepOptions, type GrepResult } from '../../engine/index.js';
import type { HandlerContext, ToolDefinition } from '../../registry/types.js';
import { CUT_MARK, familyList, recentFirst, shapeError, withErrorTypes } from '../common/gemini-family.js';
import { ok } from '../common/result.js';
import { TAGS } from '../tags.js';
import { geminiErrors } from './errors.js';

const TAGS_SEARCH = [TAGS.filesystem, TAGS.readOnly, TAGS.search];
const IGNORE_FILE = '.geminiignore';
/** Folders and files Gemini's grep always leaves out. */
const GREP_EXCLUDES = [
  '!**/node_modules/**',
  '!**/.git/**',
  '!**/bower_components/**',
  '!**/.svn/**',
  '!**/.hg/**',
  '!**/dist/**',
  '!**/build/**',
  '!*.log',
  '!*.tmp',
];
/** Folders Gemini's glob never walks into. */
const GLOB_SKIP = ['node_modules', '.git', 'bower_components', '.svn', '.hg'];
const DEFAULT_TOTAL_MAX = 100;
const GREP_TIMEOUT_MS = 30_000;

interface GrepArgs {
  pattern: string;
  dir_path?: string;
  include_pattern?: string;
  exclude_pattern?: string;
  names_only?: boolean;
  case_sensitive?: boolean;
  fixed_strings?: boolean;
  context?: number;
  after?: number;
  before?: number;
  no_ignore?: boolean;
  max_matches_per_file?: number;
  total_max_matches?: number;
}

/**
 * exclude_pattern is a JavaScript regular expression run on the server: refuse the shapes
 * that backtrack without bound (a quantified group that itself holds a quantifier).
 */
function excludeRegExp(src: string, caseSensitive: boolean): RegExp {
  if (src.length > 1000 || /\((?:[^()\\]|\\.)*[*+}](?:[^()\\]|\\.)*\)[*+{]/.test(src)) {
    throw shapeError(
      'invalid_argument',
      'exclude_pattern is too long or nests quantifiers (such as (a+)+); simplify it',
      'invalid_tool_params',
      {},
      'exclude_pattern',
    );
  }
  try {
    return new RegExp(src, caseSensitive ? '' : 'i');
  } catch (err) {
    throw shapeError(
      'invalid_argument',
      `exclude_pattern is not a valid regular expression: ${(err as Error).message}`,
      'invalid_tool_params',
      {},
      'exclude_pattern',
    );
  }
}

/**
 * Past max_matches_per_file a file's further matching lines are context, as ripgrep 14 (which
 * Gemini CLI runs) reports the trailing context of its --max-count; rg 13 and Facet's engine
 * report them as matches.
 */
function capPerFile(r: GrepResult, max: number | undefined): GrepResult {
  if (max === undefined || r.mode !== 'content') return r;
  let total = 0;
  const files = r.files.map((f) => {
    let seen = 0;
    const lines = f.lines.map((l) => (l.kind === 'match' && ++seen > max ? { ...l, kind: 'context' as const } : l));
    const kept = Math.min(seen, max);
    total += kept;
    return { ...f, lines, matchLines: kept };
  });
  return { ...r, files, totalMatchLines: total };
}

/** The Gemini output: a header, then per file "File: rel" and "L<n>: text" / "L<n>- context" lines between "---". */
function formatGrep(r: GrepResult, args: GrepArgs, max: number): { text: string; matches: number; files: number } {
  const where = `in path "${args.dir_path ?? '.'}"${args.include_pattern ? ` (filter: "${args.include_pattern}")` : ''}`;
  const blocks: string[] = [];
  const names: string[] = [];
  let matches = 0;
  for (const f of r.files) {
    const lines = f.lines;
    const hits = lines.filter((l) => l.kind === 'match').length;
    if (r.mode === 'files') {
      names.push(f.relative);
      continue;
    }
    if (hits === 0) continue;
    matches += hits;
    names.push(f.relative);
    const body = lines.map((l) => `L${l.line}${l.kind === 'match' ? ':' : '-'} ${l.text}${l.cut ? CUT_MARK : ''}`);
    blocks.push(`File: ${f.relative}\n${body.join('\n')}\n---`);
  }
  if (names.length === 0) return { text: `No matches found for pattern "${args.pattern}" ${where}.`, matches: 0, files: 0 };
  const limited = r.totalMatchLines >= max ? ` (results limited to ${max} matches for performance)` : '';
  if (r.mode === 'files') {
    return {
      text: `Found ${names.length} files with matches for pattern "${args.pattern}" ${where}${limited}:\n${[...names].sort().join('\n')}`,
      matches: r.totalMatchLines,
      files: names.length,
    };
  }
  return {
    text: `Found ${matches} ${matches === 1 ? 'match' : 'matches'} for pattern "${args.pattern}" ${where}${limited}:\n---\n${blocks.join('\n')}`,
    matches,
    files: names.length,
  };
}

function grepTool(config: FacetConfig): ToolDefinition<GrepArgs> {
  return {
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
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        pattern: { type: 'string' },
        dir_path: { type: 'string' },
        include_pattern: { type: 'string' },
        exclude_pattern: { type: 'string' },
        names_only: { type: 'boolean' },
        case_sensitive: { type: 'boolean' },
        fixed_strings: { type: 'boolean' },
        context: { type: 'integer', minimum: 0 },
        after: { type: 'integer', minimum: 0 },
        before: { type: 'integer', minimum: 0 },
        no_ignore: { type: 'boolean' },
        max_matches_per_file: { type: 'integer', minimum: 1 },
        total_max_matches: { type: 'integer', minimum: 1 },
      },
      required: ['pattern'],
    },
    destructive: false,
    tags: TAGS_SEARCH,
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
    ].join('\n'),
    async handler(args, ctx) {
      const max = args.total_max_matches ?? DEFAULT_TOTAL_MAX;
      const exclude = args.exclude_pattern ? excludeRegExp(args.exclude_pattern, Boolean(args.case_sensitive)) : undefined;
      const before = args.before ?? args.context;
      const after = args.after ?? args.context;
      const opts: GrepOptions = {
        pattern: args.pattern,
        paths: [args.dir_path ?? '.'],
        cwd: ctx.session.cwd,
        fixedStrings: args.fixed_strings,
        caseMode: args.case_sensitive ? 'sensitive' : 'insensitive',
        before,
        after,
        // no_ignore lifts the default excludes too, as Gemini CLI leaves out its exclude globs then.
        globs: [...(args.include_pattern ? [args.include_pattern] : []), ...(args.no_ignore ? [] : GREP_EXCLUDES)],
        noIgnore: args.no_ignore,
        ignoreFileNames: args.no_ignore ? [] : [IGNORE_FILE],
        maxPerFile: args.max_matches_per_file,
        maxTotal: max,
        // The first total_max_matches in path order, the order Gemini's own walk gives.
        inPathOrder: true,
        mode: args.names_only ? 'files' : 'content',
        limit: 0,
        maxLineLength: 2000,
        excludeLines: exclude,
        timeoutMs: GREP_TIMEOUT_MS,
        signal: ctx.signal,
      };
      let r = capPerFile(await grep(ctx.scope, opts, config.search), args.max_matches_per_file);
      if (r.timedOut) {
        throw shapeError('timeout', `the search ran past ${GREP_TIMEOUT_MS}ms; narrow it with dir_path or include_pattern`, 'grep_execution_error', {
          timeoutMs: GREP_TIMEOUT_MS,
        });
      }
      const n = r.totalMatchLines;
      if (!args.names_only && before === undefined && after === undefined && n >= 1 && n <= 3) {
        const around = n === 1 ? 50 : 15;
        r = capPerFile(await grep(ctx.scope, { ...opts, before: around, after: around }, config.search), args.max_matches_per_file);
      }
      const out = formatGrep(r, args, max);
      return ok(out.text, {
        tool: 'grep_search',
        summary: out.matches ? `Found ${out.matches} match(es) in ${out.files} file(s)` : 'No matches found',
        paths: r.files.map((f) => f.path),
        counts: { matches: out.matches, files: out.files },
        truncated: r.truncated,
        details: { backend: r.backend },
      });
    },
  };
}

interface GlobArgs {
  pattern: string;
  dir_path?: string;
  case_sensitive?: boolean;
  respect_git_ignore?: boolean;
  respect_gemini_ignore?: boolean;
}

/** Glob characters escaped, for a pattern that names an existing file literally ("app/[id].ts"). */
const escapeGlob = (p: string): string => p.replace(/[*?[\]{}()!+@]/g, '\\$&');

async function globIn(ctx: HandlerContext, base: string, args: GlobArgs, pattern: string): Promise<{ entries: GlobEntry[]; ignored: number; base: string }> {
  const opts = {
    pattern,
    path: base,
    cwd: ctx.session.cwd,
    caseSensitive: args.case_sensitive ?? false,
    hidden: true,
    skipNames: GLOB_SKIP,
    noGitIgnore: args.respect_git_ignore === false,
    ignoreFileNames: args.respect_gemini_ignore === false ? [] : [IGNORE_FILE],
    sort: 'recent-first' as const,
    limit: 0,
    signal: ctx.signal,
  };
  const r = await glob(ctx.scope, opts);
  // Gemini counts the matching files its ignore files hid: match again without them when some rule hid anything.
  const hidSome = Object.values(r.ignored).some((n) => n > 0);
  const all = hidSome ? await glob(ctx.scope, { ...opts, noGitIgnore: true, ignoreFileNames: [], sort: 'none' }) : r;
  return { entries: r.entries, ignored: all.total - r.total, base: r.base };
}

const globTool: ToolDefinition<GlobArgs> = {
  name: 'glob',
  fields: { path: 'dir_path' },
  summary: 'Find files whose paths match a glob pattern (e.g. "src/**/*.ts"), most recently changed first.',
  description: [
    'Matches file paths under dir_path (default: every workspace root) against a glob (*, **, ?, [abc], {a,b}),',
    'case-insensitively unless case_sensitive; dot-files included; node_modules, .git, .svn, .hg and bower_components',
    'skipped; .gitignore and .geminiignore honoured unless turned off. A pattern that names an existing file is taken',
    'literally. Returns absolute paths, one per line: files changed in the last 24 hours first (newest first), then the',
    'rest alphabetically. No cap on the number of results; narrow the pattern for big trees.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      pattern: { type: 'string' },
      dir_path: { type: 'string' },
      case_sensitive: { type: 'boolean' },
      respect_git_ignore: { type: 'boolean' },
      respect_gemini_ignore: { type: 'boolean' },
    },
    required: ['pattern'],
  },
  destructive: false,
  tags: TAGS_SEARCH,
  examples: [
    { description: 'All TypeScript sources', arguments: { pattern: 'src/**/*.ts' }, expectedOutcome: 'Absolute paths, recent files first.' },
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
  ].join('\n'),
  async handler(args, ctx) {
    let pattern = args.pattern;
    if (pattern.trim() !== '' && /[*?[\]{}()!+@]/.test(pattern)) {
      const literal = await ctx.scope.resolve(pattern, ctx.session.cwd, 'pattern').catch(() => undefined);
      if (literal?.exists) pattern = escapeGlob(pattern);
    }
    const bases = args.dir_path !== undefined ? [args.dir_path] : [...ctx.scope.roots];
    const found = await Promise.all(bases.map((b) => globIn(ctx, b, args, pattern)));
    // Gemini orders the older files with localeCompare ("fileA.txt" before "FileB.TXT").
    const entries = recentFirst(
      found.flatMap((f) => f.entries),
      Date.now(),
      undefined,
      (a, b) => a.localeCompare(b),
    );
    const ignored = found.reduce((a, f) => a + f.ignored, 0);
    const within = found.map((f) => f.base).join(', ');
    if (entries.length === 0) {
      const text = `No files found matching pattern "${args.pattern}" within ${within}`;
      return ok(text, { tool: 'glob', summary: text, counts: { files: 0, ignored } });
    }
    const note = ignored > 0 ? ` (${ignored} additional files were ignored)` : '';
    const text = `Found ${entries.length} file(s) matching "${args.pattern}" within ${within}${note}, sorted by modification time (newest first):\n${entries.map((e) => e.path).join('\n')}`;
    return ok(text, {
      tool: 'glob',
      summary: `Found ${entries.length} file(s)`,
      paths: entries.map((e) => e.path),
      counts: { files: entries.length, ignored },
    });
  },
};

interface ListArgs {
  dir_path: string;
  ignore?: string[];
  file_filtering_options?: { respect_git_ignore?: boolean; respect_gemini_ignore?: boolean };
}

const listTool: ToolDefinition<ListArgs> = {
  name: 'list_directory',
  fields: { path: 'dir_path' },
  summary: 'List the files and sub-directories of one directory, with file sizes.',
  description: [
    'Lists the entries of dir_path (relative paths start at the session directory): directories first as "[DIR] name",',
    'then files as "name (N bytes)", each group in alphabetical order. `ignore` drops entries whose name matches one of',
    'its globs (* and ? only). Entries hidden by .gitignore or .geminiignore (on by default; see file_filtering_options)',
    'are left out and counted at the end. Not recursive and no cap; use glob to find files deeper down.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      dir_path: { type: 'string' },
      ignore: { items: { type: 'string' }, type: 'array' },
      file_filtering_options: {
        type: 'object',
        properties: { respect_git_ignore: { type: 'boolean' }, respect_gemini_ignore: { type: 'boolean' } },
      },
    },
    required: ['dir_path'],
  },
  destructive: false,
  tags: TAGS_SEARCH,
  examples: [
    { description: 'List the project root', arguments: { dir_path: '.' }, expectedOutcome: 'Directory listing with [DIR] entries first.' },
    { description: 'List src without test files', arguments: { dir_path: 'src', ignore: ['*.test.ts'] }, expectedOutcome: 'The entries of src except tests.' },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'ls_execution_error (NOT_FOUND): the directory does not exist. path_is_not_a_directory: dir_path is a file (use read_file).',
    'path_not_in_workspace: dir_path is outside the workspace roots. Not done: no GEMINI.md context is appended.',
  ].join('\n'),
  async handler(args, ctx) {
    const filt = args.file_filtering_options ?? {};
    const r = await familyList(ctx, args.dir_path, {
      ignoreFile: IGNORE_FILE,
      respectGit: filt.respect_git_ignore,
      respectVendor: filt.respect_gemini_ignore,
      globs: args.ignore,
      countSkipped: true,
    });
    // Gemini counts .git with the entries its ignore rules hid.
    const entries = r.entries;
    const ignored = Object.entries(r.ignored)
      .filter(([k]) => k !== 'glob')
      .reduce((a, [, v]) => a + v, 0);
    const host = { tool: 'list_directory', paths: [r.path] };
    if (entries.length === 0) {
      const text = `Directory ${r.path} is empty.`;
      return ok(text, { ...host, summary: text, counts: { entries: 0, ignored } });
    }
    const lines = entries.map((e) => (e.type === 'directory' ? `[DIR] ${e.name}` : `${e.name} (${e.size} bytes)`));
    const text = `Directory listing for ${r.path}:\n${lines.join('\n')}${ignored > 0 ? `\n\n(${ignored} ignored)` : ''}`;
    return ok(text, { ...host, summary: `Listed ${entries.length} item(s)`, counts: { entries: entries.length, ignored } });
  },
};

export function geminiSearchTools(config: FacetConfig): ToolDefinition[] {
  return [
    withErrorTypes(grepTool(config), geminiErrors('grep_search')),
    withErrorTypes(globTool, geminiErrors('glob')),
    withErrorTypes(listTool, geminiErrors('list_directory')),
  ] as ToolDefinition[];
}
