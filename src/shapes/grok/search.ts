// search: text search (ripgrep semantics, per-file match cap) and file-name search (scored
// fuzzy match), answered as a short list of files, at most 8 shown.
import { headOf } from '../kit/text/head-of.js';
import { requireAtLeast, requireText } from '../kit/args/arg-checks.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';

const SHOWN = 8;
const SKIPPED_DIRS = ['node_modules', '.git', '.svn', '.hg', 'dist', 'build', '.next', '.cache'];
const TEXT_EXCLUDES = ['!.git/**', '!node_modules/**', '!.DS_Store', '!*.log'];

interface Args {
  query: string;
  search_type?: 'text' | 'files' | 'both';
  include_pattern?: string;
  exclude_pattern?: string;
  case_sensitive?: boolean;
  whole_word?: boolean;
  regex?: boolean;
  max_results?: number;
  file_types?: string[];
  include_hidden?: boolean;
}

export const search = defineTool<Args, { text: string[]; names: string[] }>({
  name: 'search',
  summary: 'Find which files contain some text, or whose names match, in the workspace (a short list of files).',
  description: [
    'Searches the workspace root. search_type text looks in file contents (literal and case-insensitive unless regex / case_sensitive; whole_word;',
    'include_pattern and exclude_pattern are globs; file_types are ripgrep types such as "ts" or "py"; .gitignore\'d and hidden files are skipped);',
    'files matches file names against the query (exact name, then containing, then path containing, then the letters in order), where include_hidden',
    'shows dot-files and exclude_pattern drops paths containing it; both (default) does both. max_results (default 50) caps matches per file for text',
    'and names for files. The answer lists files only: text hits by absolute path with their match count, name hits relative, at most 8 and "... +N',
    'more". To see the matching lines, view_file the file or use bash with grep.',
  ],
  schema: {
    type: 'object',
    properties: {
      query: { type: 'string' },
      search_type: { type: 'string', enum: ['text', 'files', 'both'] },
      include_pattern: { type: 'string' },
      exclude_pattern: { type: 'string' },
      case_sensitive: { type: 'boolean' },
      whole_word: { type: 'boolean' },
      regex: { type: 'boolean' },
      max_results: { type: 'number' },
      file_types: { type: 'array', items: { type: 'string' } },
      include_hidden: { type: 'boolean' },
    },
    required: ['query'],
  },
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'Where is a function used',
      arguments: { query: 'parseConfig', search_type: 'text' },
      expectedOutcome: 'Files containing it, with match counts.',
    },
    {
      description: 'Find a file by name',
      arguments: { query: 'config', search_type: 'files' },
      expectedOutcome: 'Matching file paths, best match first.',
    },
    {
      description: 'A regex in TypeScript files',
      arguments: { query: 'TODO|FIXME', regex: true, file_types: ['ts'] },
      expectedOutcome: 'Files with matches.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: empty query, max_results below 1, an invalid regex (Rust syntax) or an unknown file type ("Search error: …").',
    'UNAVAILABLE: the server requires ripgrep and it is missing.',
  ],
  async call(a, c) {
    requireText(a.query, 'query', 'the query is empty');
    const max = requireAtLeast(
      a.max_results === undefined ? 50 : Math.trunc(a.max_results),
      1,
      'max_results',
      a.max_results,
    );
    const type = a.search_type ?? 'both';
    const root = c.scope.primary;
    const globs = [
      ...(a.include_pattern ? [a.include_pattern] : []),
      ...(a.exclude_pattern ? [`!${a.exclude_pattern}`] : []),
      ...TEXT_EXCLUDES,
    ];
    const caseMode = a.case_sensitive ? ('sensitive' as const) : ('insensitive' as const);
    const grep = {
      pattern: a.query,
      paths: [root],
      fixedStrings: !a.regex,
      caseMode,
      wordMatch: a.whole_word,
      maxPerFile: max,
      types: a.file_types,
      globs,
    };
    const text = type === 'files' ? undefined : await c.engine.search.grep(c, { ...grep, mode: 'count', sort: 'path' });
    const byName = {
      query: a.query,
      depth: 10,
      includeHidden: a.include_hidden === true,
      skipNames: SKIPPED_DIRS,
      excludeSubstring: a.exclude_pattern,
      max,
    };
    const names = type === 'text' ? [] : await c.engine.search.names(c, root, byName);
    return {
      text: (text?.files ?? []).map((f) => `${f.path} (${f.matchLines} matches)`),
      names: names.map((x) => x.relative),
    };
  },
  format({ text, names }, a) {
    const lines = [...text, ...names];
    const host = { counts: { textFiles: text.length, fileNames: names.length }, details: { results: lines } };
    if (lines.length === 0) return { text: `No results found for "${a.query}"`, host };
    const { shown, more } = headOf(lines, SHOWN);
    return {
      text: `Search results for "${a.query}":\n${shown.map((l) => `  ${l}`).join('\n')}${more > 0 ? `\n  ... +${more} more` : ''}`,
      host,
    };
  },
  errors: (err) =>
    err.kind === 'invalid_argument' && !err.facts.violations ? `Search error: ${err.message}` : undefined,
});
