// search.grep: file contents searched with a regular expression (ripgrep, or the built-in
// searcher), as rg prints it, with exact totals and compact line records for the host.
import type { GrepResult } from '../../engine/index.js';
import { grepRecords, grepText } from '../kit/search/grep-text.js';
import { type ArgsOf, defineTool, ignoreProps, TAGS } from './shared.js';

const strings = (maxLength: number, maxItems: number, description: string) =>
  ({
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength },
    maxItems,
    description,
  }) as const;

const schema = {
  type: 'object',
  properties: {
    pattern: {
      type: 'string',
      minLength: 1,
      maxLength: 65536,
      description: 'Regular expression (Rust syntax), or literal text with fixed_strings.',
    },
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
    context: {
      type: 'integer',
      minimum: 0,
      maximum: 1000,
      description: 'Context lines on both sides (before/after override it).',
    },
    glob: strings(
      1000,
      64,
      'Include globs ("*.ts") and, prefixed with "!", exclude globs ("!dist/**"); later ones win.',
    ),
    type: strings(50, 32, 'ripgrep file types to search ("ts", "py", "rust"...).'),
    type_not: strings(50, 32, 'ripgrep file types to leave out.'),
    ...ignoreProps,
    max_per_file: { type: 'integer', minimum: 1, description: 'Matching lines per file at most.' },
    max_total: {
      type: 'integer',
      minimum: 1,
      maximum: 10000000,
      description: 'Matching lines kept in all; the search stops there (default 20000 for content).',
    },
    output: { type: 'string', enum: ['content', 'files', 'count'], description: 'Default content.' },
    sort: {
      type: 'string',
      enum: ['path', 'mtime-desc', 'mtime-asc', 'none'],
      description: 'File order (default path).',
    },
    offset: { type: 'integer', minimum: 0, description: 'Entries to skip (lines for content, files otherwise).' },
    limit: { type: 'integer', minimum: 0, maximum: 1000000, description: 'Entries to return (default 500; 0: all).' },
    max_line_length: {
      type: 'integer',
      minimum: 20,
      maximum: 1000000,
      description: 'Longer lines are cut (default 2000 characters).',
    },
    timeout_ms: {
      type: 'integer',
      minimum: 100,
      maximum: 600000,
      description: 'Stop after this long and return what was found.',
    },
  },
  required: ['pattern'],
  additionalProperties: false,
} as const;

export const grepTool = defineTool<ArgsOf<typeof schema>, GrepResult>({
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
  ],
  schema,
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
  ],
  call: (a, c) =>
    c.engine.search.grep(c, {
      pattern: a.pattern,
      paths: a.paths ?? (a.path !== undefined ? [a.path] : undefined),
      fixedStrings: a.fixed_strings,
      caseMode: a.case,
      wordMatch: a.word,
      multiline: a.multiline,
      before: a.before ?? a.context,
      after: a.after ?? a.context,
      globs: a.glob,
      types: a.type,
      typesNot: a.type_not,
      hidden: a.hidden,
      noIgnore: a.no_ignore,
      ignoreFileNames: a.ignore_files,
      maxPerFile: a.max_per_file,
      maxTotal: a.max_total,
      mode: a.output,
      sort: a.sort,
      offset: a.offset,
      limit: a.limit ?? 500,
      maxLineLength: a.max_line_length,
      timeoutMs: a.timeout_ms,
    }),
  format(r) {
    const counts = {
      shown: r.shown,
      total: r.total,
      files: r.totalFiles,
      matchLines: r.totalMatchLines,
      matches: r.totalMatches,
    };
    const summary = `${r.totalMatchLines} matching line${r.totalMatchLines === 1 ? '' : 's'} in ${r.totalFiles} file${r.totalFiles === 1 ? '' : 's'}`;
    return {
      text: grepText(r),
      data: grepRecords(r),
      host: { summary, paths: [r.base], counts, truncated: r.truncated },
    };
  },
});
