// Qwen Code search tools: grep_search (always case-insensitive, path:line:text, 1000-line
// and 25000-character caps), glob (recent first, 100 files) and list_directory (100 items).
import path from 'node:path';
import type { FacetConfig } from '../../config.js';
import { glob, grep, statFile } from '../../engine/index.js';
import type { HandlerContext, ToolDefinition } from '../../registry/types.js';
import { familyList, recentFirst, shapeError, withErrorTypes } from '../common/gemini-family.js';
import { ok } from '../common/result.js';
import { TAGS } from '../tags.js';
import { qwenErrors } from './errors.js';
import { requireAbsolute, unescapePath } from './files.js';

const TAGS_SEARCH = [TAGS.filesystem, TAGS.readOnly, TAGS.search];
const IGNORE_FILE = '.qwenignore';
// .qwenignore first: the first file with a rule for a path decides, and Qwen lets no other
// ignore file's negation expose what .qwenignore hides.
const GREP_IGNORE_FILES = [IGNORE_FILE, '.agentignore', '.aiignore'];
const MAX_LINES = 1000;
const MAX_CHARS = 25_000;
const MAX_FILES = 100;
const GREP_TIMEOUT_MS = 10_000;

/** Glob characters escaped, for a pattern that names an existing path literally. */
const escapeGlob = (p: string): string => p.replace(/[*?[\]{}()!+@]/g, '\\$&');

/** "in path ...", "in the workspace directory" or "across N workspace directories". */
function location(ctx: HandlerContext, given: string | undefined, word: 'in path' | 'within'): string {
  if (given !== undefined) return word === 'in path' ? `in path "${given}"` : `within ${given}`;
  return ctx.scope.roots.length > 1 && word === 'in path' ? `across ${ctx.scope.roots.length} workspace directories` : 'in the workspace directory';
}

interface GrepArgs {
  pattern: string;
  glob?: string;
  path?: string;
  limit?: number;
}

function grepTool(config: FacetConfig): ToolDefinition<GrepArgs> {
  return {
    name: 'grep_search',
    summary: 'Search file contents case-insensitively with a regular expression; one "path:line:text" per match.',
    description: [
      'Searches files under `path` (default: every workspace directory) for `pattern`, a ripgrep (Rust) regular expression,',
      'always case-insensitively. `glob` keeps only matching files ("*.py", "src/**/*.ts"). .gitignore and .qwenignore are',
      'honoured (and .agentignore / .aiignore). Each match is one line "<absolute path>:<line>:<text>". At most `limit` lines (and never more than 1000)',
      'and 25000 characters are shown; what was left out is counted at the end. 10 s time limit.',
    ].join(' '),
    inputSchema: {
      properties: { pattern: { type: 'string' }, glob: { type: 'string' }, path: { type: 'string' }, limit: { type: 'number' } },
      required: ['pattern'],
      type: 'object',
    },
    destructive: false,
    tags: TAGS_SEARCH,
    examples: [
      {
        description: 'Find a class definition in Python files',
        arguments: { pattern: 'class\\s+Parser', glob: '*.py' },
        expectedOutcome: 'path:line:text lines.',
      },
      { description: 'First 20 TODOs', arguments: { pattern: 'todo', limit: 20 }, expectedOutcome: 'At most 20 match lines.' },
    ],
    idempotency: 'idempotent',
    errorModes: [
      'invalid_tool_params: the pattern is not valid ripgrep syntax (lookaround and backreferences are refused), or limit is not a whole number of at least 1.',
      'search_path_not_found: path does not exist. path_not_in_workspace: path outside the workspace.',
      'grep_execution_error (TIMEOUT): the search ran past 10 s; narrow path or glob.',
      'A match line does not count as reading its file: edit and write_file still need read_file first (edit_requires_prior_read).',
    ].join('\n'),
    async handler(args, ctx) {
      if (args.limit !== undefined && !(args.limit >= 1)) throw shapeError('invalid_argument', 'limit must be at least 1', 'invalid_tool_params', {}, 'limit');
      if (args.limit !== undefined && !Number.isInteger(args.limit))
        throw shapeError('invalid_argument', 'limit must be a whole number', 'invalid_tool_params', {}, 'limit');
      // Qwen names the search path in its header as it reads once shell escapes are undone.
      const given = args.path !== undefined ? unescapePath(args.path) : undefined;
      const r = await grep(
        ctx.scope,
        {
          pattern: args.pattern,
          paths: given !== undefined ? [given] : [...ctx.scope.roots],
          cwd: ctx.session.cwd,
          caseMode: 'insensitive',
          globs: args.glob ? [args.glob] : [],
          ignoreFileNames: GREP_IGNORE_FILES,
          mode: 'content',
          limit: 0,
          // Lines are cut only by the 25000-character budget below, as Qwen does.
          maxLineLength: MAX_CHARS + 1,
          timeoutMs: GREP_TIMEOUT_MS,
          signal: ctx.signal,
        },
        config.search,
      );
      if (r.timedOut) throw shapeError('timeout', `the search ran past ${GREP_TIMEOUT_MS}ms; narrow it with path or glob`, 'grep_execution_error');
      const where = `${location(ctx, given, 'in path')}${args.glob ? ` (filter: "${args.glob}")` : ''}`;
      // Roots that hold one another would report a file twice; each file counts once.
      const files = [...new Map(r.files.map((f) => [f.path, f])).values()];
      const all = files.flatMap((f) => f.lines.filter((l) => l.kind === 'match').map((l) => `${f.path}:${l.line}:${l.text}`));
      const host = { tool: 'grep_search', paths: files.map((f) => f.path), details: { backend: r.backend } };
      if (all.length === 0) {
        const text = `No matches found for pattern "${args.pattern}" ${where}.`;
        return ok(text, { ...host, summary: 'No matches found', counts: { matches: 0 } });
      }
      const cap = Math.min(Math.floor(args.limit ?? MAX_LINES), MAX_LINES);
      // Whole lines while they fit the budget (separators counted); the line that crosses it is
      // cut (10 characters at least) and counted among the omitted ones.
      const shown: string[] = [];
      let used = 0;
      let cut = false;
      for (const line of all.slice(0, cap)) {
        const sep = shown.length > 0 ? 1 : 0;
        if (used + sep + line.length > MAX_CHARS) {
          shown.push(line.slice(0, Math.max(MAX_CHARS - used - sep, 10)) + '...');
          cut = true;
          break;
        }
        shown.push(line);
        used += sep + line.length;
      }
      const dropped = all.length - shown.length + (cut ? 1 : 0);
      const n = all.length;
      const text = `Found ${n} ${n === 1 ? 'match' : 'matches'} for pattern "${args.pattern}" ${where}:\n---\n${shown.join('\n')}${dropped > 0 ? `\n---\n[${dropped} ${dropped === 1 ? 'line' : 'lines'} truncated] ...` : ''}`;
      return ok(text, { ...host, summary: `Found ${n} match(es)`, counts: { matches: n, shown: shown.length }, truncated: dropped > 0 || r.truncated });
    },
  };
}

interface GlobArgs {
  pattern: string;
  path?: string;
}

const globTool: ToolDefinition<GlobArgs> = {
  name: 'glob',
  summary: 'Find files by glob pattern (case-insensitive), most recently changed first; absolute paths, 100 at most.',
  description: [
    'Matches file paths under `path` (default: the workspace directories) against a glob (*, **, ?, [abc], {a,b}),',
    'always case-insensitively, dot-files included. .gitignore and .qwenignore are honoured; node_modules is not skipped',
    'unless ignored. Files changed in the last 24 hours come first (newest first), then the rest alphabetically. At most',
    '100 absolute paths are listed; the rest are counted. A pattern that names an existing path literally (brackets,',
    'parentheses and all: "app/[id]/page.tsx") finds that path. A file under two overlapping roots is listed once.',
  ].join(' '),
  inputSchema: { properties: { pattern: { type: 'string' }, path: { type: 'string' } }, required: ['pattern'], type: 'object' },
  destructive: false,
  tags: TAGS_SEARCH,
  examples: [{ description: 'All Python files', arguments: { pattern: '**/*.py' }, expectedOutcome: 'Found N file(s) ... then absolute paths.' }],
  idempotency: 'idempotent',
  errorModes: [
    'search_path_not_found: path does not exist. search_path_not_a_directory: path is a file.',
    'path_not_in_workspace: path outside the workspace. invalid_tool_params: an empty pattern.',
  ].join('\n'),
  async handler(args, ctx) {
    const given = args.path !== undefined ? unescapePath(args.path) : undefined;
    // A pattern that names an existing path literally ("app/[id]/page.tsx") matches that path.
    let pattern = args.pattern;
    if (pattern.trim() !== '' && /[*?[\]{}()!+@]/.test(pattern)) {
      const cwd = ctx.session.cwd ?? ctx.scope.roots[0]!;
      const base = given !== undefined ? path.resolve(cwd, given) : cwd;
      const literal = await ctx.scope.resolve(pattern, base, 'pattern').catch(() => undefined);
      if (literal?.exists) pattern = escapeGlob(pattern);
    }
    const bases = given !== undefined ? [given] : [...ctx.scope.roots];
    const found = await Promise.all(
      bases.map((b) =>
        glob(ctx.scope, {
          pattern,
          path: b,
          cwd: ctx.session.cwd,
          caseSensitive: false,
          hidden: true,
          skipNames: ['.git'],
          ignoreFileNames: [IGNORE_FILE],
          sort: 'recent-first',
          limit: 0,
          signal: ctx.signal,
        }),
      ),
    );
    // Roots that hold one another would list a file twice; each is listed once.
    const unique = [...new Map(found.flatMap((f) => f.entries).map((e) => [e.path, e])).values()];
    const entries = bases.length > 1 ? recentFirst(unique) : unique;
    const where = given !== undefined ? `within ${found[0]!.base}` : location(ctx, undefined, 'in path');
    if (entries.length === 0) {
      const text = `No files found matching pattern "${args.pattern}" ${where}`;
      return ok(text, { tool: 'glob', summary: text, counts: { files: 0 } });
    }
    const shown = entries.slice(0, MAX_FILES);
    const more = entries.length - shown.length;
    const text = `Found ${entries.length} file(s) matching "${args.pattern}" ${where}, sorted by modification time (newest first):\n---\n${shown.map((e) => e.path).join('\n')}${more > 0 ? `\n---\n[${more} ${more === 1 ? 'file' : 'files'} truncated] ...` : ''}`;
    return ok(text, {
      tool: 'glob',
      summary: `Found ${entries.length} file(s)`,
      paths: shown.map((e) => e.path),
      counts: { files: entries.length, shown: shown.length },
      truncated: more > 0,
    });
  },
};

interface ListArgs {
  path: string;
  ignore?: string[];
  file_filtering_options?: { respect_git_ignore?: boolean; respect_qwen_ignore?: boolean };
}

const listTool: ToolDefinition<ListArgs> = {
  name: 'list_directory',
  summary: 'List the entries of one directory (absolute path): sub-directories first as [DIR], then files.',
  description: [
    'Lists the directory at `path` (absolute): "[DIR] name" for directories first, then file names, each group in',
    'alphabetical order; at most 100 entries, the rest counted. `ignore` drops names matching its globs (* and ? only).',
    'Entries hidden by .gitignore or .qwenignore (both on by default) are left out and counted at the end.',
  ].join(' '),
  inputSchema: {
    properties: {
      path: { type: 'string' },
      ignore: { items: { type: 'string' }, type: 'array' },
      file_filtering_options: { type: 'object', properties: { respect_git_ignore: { type: 'boolean' }, respect_qwen_ignore: { type: 'boolean' } } },
    },
    required: ['path'],
    type: 'object',
  },
  destructive: false,
  tags: TAGS_SEARCH,
  examples: [
    { description: 'List the project root', arguments: { path: '/home/user/project' }, expectedOutcome: 'Listed N item(s) in /home/user/project: ...' },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'invalid_tool_params: a relative path. ls_execution_error (NOT_FOUND): no such directory. path_is_not_a_directory: a file (use read_file).',
    'path_not_in_workspace: outside the workspace.',
  ].join('\n'),
  async handler(args, ctx) {
    requireAbsolute(args.path, 'path');
    if (args.path.includes('\\')) args = { ...args, path: unescapePath(args.path) };
    const filt = args.file_filtering_options ?? {};
    const r = await familyList(ctx, args.path, {
      ignoreFile: IGNORE_FILE,
      respectGit: filt.respect_git_ignore,
      respectVendor: filt.respect_qwen_ignore,
      globs: args.ignore,
    });
    const entries = r.entries;
    const qwenIgnored = r.ignored[IGNORE_FILE] ?? 0;
    // Qwen counts the .git entry it always hides among the git-ignored ones.
    const dotGit =
      filt.respect_git_ignore !== false && (await statFile(ctx.scope, path.join(r.path, '.git'), ctx.session.cwd).catch(() => undefined))?.exists ? 1 : 0;
    const gitIgnored =
      dotGit +
      Object.entries(r.ignored)
        .filter(([k]) => k !== 'glob' && k !== IGNORE_FILE)
        .reduce((a, [, v]) => a + v, 0);
    const shownPath = path.normalize(args.path);
    const host = { tool: 'list_directory', paths: [r.path] };
    if (entries.length === 0) {
      const text = `Directory ${shownPath} is empty.`;
      return ok(text, { ...host, summary: text, counts: { entries: 0 } });
    }
    const shown = entries.slice(0, MAX_FILES);
    const more = entries.length - shown.length;
    const lines = shown.map((e) => (e.type === 'directory' ? `[DIR] ${e.name}` : e.name));
    const ignoredNote = gitIgnored + qwenIgnored > 0 ? `\n\n(${gitIgnored} git-ignored, ${qwenIgnored} qwen-ignored)` : '';
    const text = `Listed ${entries.length} item(s) in ${shownPath}:\n---\n${lines.join('\n')}${more > 0 ? `\n---\n[${more} ${more === 1 ? 'item' : 'items'} truncated] ...` : ''}${ignoredNote}`;
    return ok(text, { ...host, summary: `Listed ${entries.length} item(s)`, counts: { entries: entries.length, shown: shown.length }, truncated: more > 0 });
  },
};

export function qwenSearchTools(config: FacetConfig): ToolDefinition[] {
  return [
    withErrorTypes(grepTool(config), qwenErrors('grep_search')),
    withErrorTypes(globTool, qwenErrors('glob')),
    withErrorTypes(listTool, qwenErrors('list_directory')),
  ] as ToolDefinition[];
}
