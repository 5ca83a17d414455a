// core shape: listing and search tools (fs.list, search.glob, search.grep) over the search engine.
import type { FacetConfig } from '../../config.js';
import {
  type CaseMode,
  glob,
  type GlobSort,
  grep,
  type GrepLine,
  type GrepMode,
  type GrepResult,
  type GrepSort,
  listDirectory,
  type ListSort,
} from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { TAGS } from '../tags.js';

const IGNORE_FILE_NAME = { type: 'string', pattern: '^\\.[A-Za-z0-9._-]+$', maxLength: 100 };

const ignoreProps = {
  hidden: { type: 'boolean', description: 'Include dot-files and dot-folders (default false); .git and other VCS folders stay skipped.' },
  no_ignore: { type: 'boolean', description: 'Do not honour .gitignore, .ignore, .rgignore, .git/info/exclude or ignore_files (default false).' },
  ignore_files: {
    type: 'array',
    items: IGNORE_FILE_NAME,
    maxItems: 8,
    description: 'Extra per-directory ignore file names to honour, e.g. [".geminiignore"].',
  },
};

interface ListArgs {
  path?: string;
  depth?: number;
  sort?: ListSort;
  reverse?: boolean;
  offset?: number;
  limit?: number;
  include_hidden?: boolean;
  respect_ignore_files?: boolean;
  ignore_files?: string[];
  ignore?: string[];
}

const list: ToolDefinition<ListArgs> = {
  name: 'fs.list',
  summary: 'List a directory (names, types, sizes, optionally a few levels deep) to see what a folder holds.',
  description: [
    'Lists the entries of one directory inside the roots. `depth` descends into sub-directories',
    '(children follow their directory, indented by depth); symbolic links are listed, never entered.',
    'Siblings are sorted by `sort` (dirs-first by default). `offset`/`limit` page the entries; the',
    'structured block gives the exact total and how many were left out, plus what ignore rules hid.',
  ].join(' '),
  inputSchema: {
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
      respect_ignore_files: { type: 'boolean', description: 'Hide what .gitignore (and ignore_files) ignore (default false).' },
      ignore_files: ignoreProps.ignore_files,
      ignore: {
        type: 'array',
        items: { type: 'string', minLength: 1, maxLength: 500 },
        maxItems: 64,
        description: 'Hide entries whose name matches one of these globs.',
      },
    },
    additionalProperties: false,
  },
  destructive: false,
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    { description: 'List the root directory', arguments: { path: '.' }, expectedOutcome: 'One entry per line, directories marked with a trailing /.' },
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
  ].join('\n'),
  async handler(args, ctx) {
    const ignoreFiles = args.respect_ignore_files || args.ignore_files?.length;
    const r = await listDirectory(ctx.scope, args.path ?? '.', {
      cwd: ctx.session.cwd,
      depth: args.depth,
      sort: args.sort,
      reverse: args.reverse,
      offset: args.offset,
      limit: args.limit ?? 1000,
      includeHidden: args.include_hidden,
      ignore: ignoreFiles ? { noGitIgnore: args.respect_ignore_files !== true, ignoreFileNames: args.ignore_files } : undefined,
      ignoreGlobs: args.ignore,
      signal: ctx.signal,
    });
    const lines = r.entries.map((e) => '  '.repeat(e.depth - 1) + e.name + (e.type === 'directory' ? '/' : e.type === 'symlink' ? '@' : ''));
    if (r.omitted > 0) lines.push(`(${r.omitted} more entries not shown; total ${r.total}${r.complete ? '' : '+'})`);
    if (r.entries.length === 0 && r.total === 0) lines.push('(empty directory)');
    return {
      content: [
        { text: lines.join('\n') },
        {
          structured: {
            path: r.path,
            offset: r.offset,
            total: r.total,
            omitted: r.omitted,
            complete: r.complete,
            ignored: r.ignored,
            entries: r.entries.map((e) => ({ ...e })),
          },
        },
      ],
    };
  },
};

interface GlobArgs {
  pattern: string;
  path?: string;
  case_sensitive?: boolean;
  match_base?: boolean;
  include_dirs?: boolean;
  hidden?: boolean;
  no_ignore?: boolean;
  ignore_files?: string[];
  sort?: GlobSort;
  recent_window_ms?: number;
  offset?: number;
  limit?: number;
}

const globTool: ToolDefinition<GlobArgs> = {
  name: 'search.glob',
  summary: 'Find files by name pattern (e.g. "src/**/*.ts") when you know roughly what they are called.',
  description: [
    'Matches file paths below `path` against a glob (`*`, `**`, `?`, `[abc]`, `{a,b}`), honouring',
    '.gitignore/.ignore files and skipping dot-entries unless `hidden`. Symbolic links are not followed.',
    '`match_base` makes a pattern without "/" match file names at any depth. Sort by path (default),',
    'mtime-desc, mtime-asc, or recent-first (modified within recent_window_ms first, then by path).',
    "The structured block gives the page's paths (relative to its `base`), the exact total and whether the page was truncated.",
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      pattern: { type: 'string', minLength: 1, maxLength: 4096, description: 'Glob relative to path (or absolute inside the roots).' },
      path: { type: 'string', description: 'Directory to search (default: the session directory).' },
      case_sensitive: { type: 'boolean', description: 'Default true.' },
      match_base: { type: 'boolean', description: 'A pattern without "/" matches names at any depth.' },
      include_dirs: { type: 'boolean', description: 'Also return matching directories (default false).' },
      ...ignoreProps,
      sort: { type: 'string', enum: ['path', 'mtime-desc', 'mtime-asc', 'recent-first', 'none'], description: 'Default path.' },
      recent_window_ms: { type: 'integer', minimum: 0, description: 'Window for recent-first (default 86400000, a day).' },
      offset: { type: 'integer', minimum: 0, description: 'Entries to skip (default 0).' },
      limit: { type: 'integer', minimum: 1, maximum: 100000, description: 'Entries to return at most (default 1000).' },
    },
    required: ['pattern'],
    additionalProperties: false,
  },
  destructive: false,
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
  ].join('\n'),
  async handler(args, ctx) {
    const r = await glob(ctx.scope, {
      pattern: args.pattern,
      path: args.path,
      cwd: ctx.session.cwd,
      caseSensitive: args.case_sensitive,
      matchBase: args.match_base,
      includeDirs: args.include_dirs,
      hidden: args.hidden,
      noIgnore: args.no_ignore,
      ignoreFileNames: args.ignore_files,
      sort: args.sort,
      recentWindowMs: args.recent_window_ms,
      offset: args.offset,
      limit: args.limit ?? 1000,
      signal: ctx.signal,
    });
    const paths = r.entries.map((e) => e.relative + (e.type === 'directory' ? '/' : ''));
    let note = '';
    if (r.total === 0) note = 'No files matched.';
    else if (r.truncated)
      note = `(showing ${r.shown} of ${r.total}${r.complete ? '' : '+'} from offset ${r.offset}; use offset=${r.offset + r.shown} for more)`;
    return {
      content: [
        { text: note ? (paths.length ? `${paths.join('\n')}\n${note}` : note) : paths.join('\n') },
        {
          structured: {
            base: r.base,
            offset: r.offset,
            shown: r.shown,
            total: r.total,
            truncated: r.truncated,
            complete: r.complete,
            ignored: r.ignored,
            // The page's paths as in the text, relative to `base` (directories end in "/"):
            // one string each keeps a 100,000-entry page cheap to encode and to decode.
            paths,
          },
        },
      ],
    };
  },
};

interface GrepArgs {
  pattern: string;
  path?: string;
  paths?: string[];
  fixed_strings?: boolean;
  case?: CaseMode;
  word?: boolean;
  multiline?: boolean;
  before?: number;
  after?: number;
  context?: number;
  glob?: string[];
  type?: string[];
  type_not?: string[];
  hidden?: boolean;
  no_ignore?: boolean;
  ignore_files?: string[];
  max_per_file?: number;
  max_total?: number;
  output?: GrepMode;
  sort?: GrepSort;
  offset?: number;
  limit?: number;
  max_line_length?: number;
  timeout_ms?: number;
}

/**
 * The host's copy of a grep page. A page can hold thousands of lines, so each is a small
 * record: `{ line, text, spans }` for a match, where `spans` lists every submatch as a
 * [start, end) pair of UTF-16 offsets into `text`, flattened; `{ line, text, context: true }`
 * for a context line; `cut: true` where the text was cut. File paths are relative to `base`.
 * (Records with a kind, a column and an offset object per submatch made a 4,800-line page
 * cost twice as much to encode and to decode.)
 */
function grepStructured(r: GrepResult): Record<string, unknown> {
  const { files, ...totals } = r;
  return {
    ...totals,
    files: files.map((f) => ({
      path: f.relative,
      matchLines: f.matchLines,
      matches: f.matches,
      mtimeMs: f.mtimeMs,
      lines: f.lines.map(lineRecord),
    })),
  };
}

function lineRecord(l: GrepLine): Record<string, unknown> {
  const rec: Record<string, unknown> = { line: l.line, text: l.text };
  if (l.kind === 'context') rec.context = true;
  else {
    const spans: number[] = [];
    for (const s of l.submatches ?? []) spans.push(s.start, s.end);
    rec.spans = spans;
  }
  if (l.cut) rec.cut = true;
  return rec;
}

/** rg-style text: "path:line:text" matches, "path-line-text" context, "--" between groups. */
export function formatGrep(r: GrepResult): string {
  const out: string[] = [];
  if (r.mode === 'files') for (const f of r.files) out.push(f.relative);
  else if (r.mode === 'count') for (const f of r.files) out.push(`${f.relative}:${f.matchLines}`);
  else {
    let prev: { file: string; line: number } | undefined;
    for (const f of r.files) {
      for (const l of f.lines) {
        if (prev && (prev.file !== f.path || l.line > prev.line + 1)) out.push('--');
        const sep = l.kind === 'match' ? ':' : '-';
        out.push(`${f.relative}${sep}${l.line}${sep}${l.text}${l.cut ? ' […]' : ''}`);
        prev = { file: f.path, line: l.line + (l.text.match(/\n/g)?.length ?? 0) };
      }
    }
  }
  if (r.total === 0) return r.timedOut ? 'No matches found before the time budget ran out.' : 'No matches found.';
  if (r.truncated) {
    const why = r.stoppedBy === 'timeout' ? 'the time budget ran out' : r.stoppedBy === 'max_total' ? 'max_total was reached' : '';
    const more = r.offset + r.shown < r.total ? ` use offset=${r.offset + r.shown} for more;` : '';
    out.push(`(showing ${r.shown} of ${r.total} ${r.mode === 'content' ? 'lines' : 'files'};${more}${why ? ` search stopped: ${why}` : ''})`);
  }
  return out.join('\n');
}

function grepTool(config: FacetConfig): ToolDefinition<GrepArgs> {
  return {
    name: 'search.grep',
    summary: 'Search file contents with a regular expression (ripgrep syntax) to find where something is written.',
    description: [
      'Searches files below `path` (default: the session directory) with ripgrep, or an equivalent',
      'built-in searcher. Rust regex syntax (no lookaround or backreferences); `fixed_strings` for literal',
      'text. Honours .gitignore/.ignore files, skips dot-files unless `hidden`, binary files always, and',
      'never follows symbolic links. `output`: content (matching lines with optional context), files',
      '(paths with matches), count (matching lines per file). Results are sorted by path unless `sort`',
      'says otherwise and paged with offset/limit (content pages over lines, the others over files).',
      'The structured block carries exact totals and, per file (path relative to `base`), every line as',
      '{line, text, spans} (spans: [start, end) UTF-16 offset pairs of each match, flattened) or',
      '{line, text, context: true}.',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', minLength: 1, maxLength: 65536, description: 'Regular expression (Rust syntax), or literal text with fixed_strings.' },
        path: { type: 'string', description: 'File or directory to search (default: the session directory).' },
        paths: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          minItems: 1,
          maxItems: 64,
          description: 'Several files or directories to search instead of path.',
        },
        fixed_strings: { type: 'boolean', description: 'Treat the pattern as literal text.' },
        case: {
          type: 'string',
          enum: ['sensitive', 'insensitive', 'smart'],
          description: 'smart: insensitive unless the pattern has an upper-case letter (default sensitive).',
        },
        word: { type: 'boolean', description: 'Only whole-word matches.' },
        multiline: { type: 'boolean', description: 'Let matches span lines; "." then matches newlines too.' },
        before: { type: 'integer', minimum: 0, maximum: 1000, description: 'Context lines before each match.' },
        after: { type: 'integer', minimum: 0, maximum: 1000, description: 'Context lines after each match.' },
        context: { type: 'integer', minimum: 0, maximum: 1000, description: 'Context lines on both sides (before/after override it).' },
        glob: {
          type: 'array',
          items: { type: 'string', minLength: 1, maxLength: 1000 },
          maxItems: 64,
          description: 'Include globs ("*.ts") and, prefixed with "!", exclude globs ("!dist/**"); later ones win.',
        },
        type: {
          type: 'array',
          items: { type: 'string', minLength: 1, maxLength: 50 },
          maxItems: 32,
          description: 'ripgrep file types to search ("ts", "py", "rust"...).',
        },
        type_not: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 50 }, maxItems: 32, description: 'ripgrep file types to leave out.' },
        ...ignoreProps,
        max_per_file: { type: 'integer', minimum: 1, description: 'Matching lines per file at most.' },
        max_total: {
          type: 'integer',
          minimum: 1,
          maximum: 10000000,
          description: 'Matching lines kept in all; the search stops there (default 20000 for content).',
        },
        output: { type: 'string', enum: ['content', 'files', 'count'], description: 'Default content.' },
        sort: { type: 'string', enum: ['path', 'mtime-desc', 'mtime-asc', 'none'], description: 'File order (default path).' },
        offset: { type: 'integer', minimum: 0, description: 'Entries to skip (lines for content, files otherwise).' },
        limit: { type: 'integer', minimum: 0, maximum: 1000000, description: 'Entries to return (default 500; 0: all).' },
        max_line_length: { type: 'integer', minimum: 20, maximum: 1000000, description: 'Longer lines are cut (default 2000 characters).' },
        timeout_ms: { type: 'integer', minimum: 100, maximum: 600000, description: 'Stop after this long and return what was found.' },
      },
      required: ['pattern'],
      additionalProperties: false,
    },
    destructive: false,
    tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
    examples: [
      {
        description: 'Where is a function defined',
        arguments: { pattern: 'function\\s+parseConfig', type: ['ts'] },
        expectedOutcome: 'path:line:text for each matching line.',
      },
      {
        description: 'Files mentioning TODO, newest first',
        arguments: { pattern: 'TODO', output: 'files', sort: 'mtime-desc' },
        expectedOutcome: 'One path per line.',
      },
      {
        description: 'Literal text with two lines of context',
        arguments: { pattern: 'a.b(c)', fixed_strings: true, context: 2 },
        expectedOutcome: 'Matches with context lines marked by "-".',
      },
    ],
    idempotency: 'idempotent',
    errorModes: [
      'INVALID_ARGUMENT: the pattern is not valid Rust regex syntax, uses a construct the built-in searcher cannot reproduce faithfully (lookaround, backreferences, scoped inline flags... the message names it), or a file type is unknown.',
      'NOT_FOUND: a path does not exist.',
      'PERMISSION_DENIED: a path resolves outside the roots.',
      'UNAVAILABLE: the server is configured to require ripgrep and it is missing.',
      'CANCELLED/TIMEOUT: the call was cancelled or its deadline passed; with timeout_ms the partial result is returned instead, marked timedOut.',
    ].join('\n'),
    async handler(args, ctx) {
      const r = await grep(
        ctx.scope,
        {
          pattern: args.pattern,
          paths: args.paths ?? (args.path !== undefined ? [args.path] : undefined),
          cwd: ctx.session.cwd,
          fixedStrings: args.fixed_strings,
          caseMode: args.case,
          wordMatch: args.word,
          multiline: args.multiline,
          before: args.before ?? args.context,
          after: args.after ?? args.context,
          globs: args.glob,
          types: args.type,
          typesNot: args.type_not,
          hidden: args.hidden,
          noIgnore: args.no_ignore,
          ignoreFileNames: args.ignore_files,
          maxPerFile: args.max_per_file,
          maxTotal: args.max_total,
          mode: args.output,
          sort: args.sort,
          offset: args.offset,
          limit: args.limit ?? 500,
          maxLineLength: args.max_line_length,
          timeoutMs: args.timeout_ms,
          signal: ctx.signal,
        },
        config.search,
      );
      return {
        content: [{ text: formatGrep(r) }, { structured: grepStructured(r) }],
      };
    },
  };
}

export function searchTools(config: FacetConfig): ToolDefinition[] {
  return [list, globTool, grepTool(config)];
}
