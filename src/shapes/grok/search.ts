// Grok CLI's search tool: text search (ripgrep semantics, per-file match cap) and file-name
// search (scored fuzzy match), answered as a short list of files, at most 8 shown.
import type { FacetConfig } from '../../config.js';
import { EngineError, grep, listDirectory } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { ok } from '../common/result.js';
import { TAGS } from '../tags.js';
import { grokMessage } from './text.js';

const SHOWN = 8;
const DEFAULT_MAX = 50;
const FILE_SEARCH_DEPTH = 10;
const SKIPPED_DIRS = ['node_modules', '.git', '.svn', '.hg', 'dist', 'build', '.next', '.cache'];
const TEXT_EXCLUDES = ['!.git/**', '!node_modules/**', '!.DS_Store', '!*.log'];

interface SearchArgs {
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

/** Grok CLI's file-name score: exact name, name contains, path contains, then a subsequence match. */
export function fileScore(name: string, relPath: string, query: string): number {
  const n = name.toLowerCase();
  const q = query.toLowerCase();
  if (n === q) return 100;
  if (n.includes(q)) return 80;
  if (relPath.toLowerCase().includes(q)) return 60;
  let at = 0;
  for (const ch of n) if (at < q.length && ch === q[at]) at++;
  return at === q.length ? Math.max(10, 40 - (n.length - q.length)) : 0;
}

export function grokSearch(config: FacetConfig): ToolDefinition<SearchArgs> {
  return {
    name: 'search',
    summary: 'Find which files contain some text, or whose names match, in the workspace (a short list of files).',
    description: [
      'Searches the workspace root. search_type text looks in file contents (literal and case-insensitive',
      'unless regex / case_sensitive; whole_word; include_pattern and exclude_pattern are globs; file_types',
      'are ripgrep types such as "ts" or "py"; .gitignore\'d and hidden files are skipped); files matches file',
      'names against the query (exact name, then containing, then path containing, then the letters in order),',
      'where include_hidden shows dot-files and exclude_pattern drops paths containing it; both (default) does',
      'both. max_results (default 50) caps matches per file for text and names for files. The answer lists',
      'files only: text hits by absolute path with their match count, name hits relative, at most 8 and',
      '"... +N more". To see the matching lines, view_file the file or use bash with grep.',
    ].join(' '),
    inputSchema: {
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
    destructive: false,
    tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
    examples: [
      {
        description: 'Where is a function used',
        arguments: { query: 'parseConfig', search_type: 'text' },
        expectedOutcome: 'Files containing it, with match counts.',
      },
      { description: 'Find a file by name', arguments: { query: 'config', search_type: 'files' }, expectedOutcome: 'Matching file paths, best match first.' },
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
    ].join('\n'),
    async handler(args, ctx) {
      if (args.query.trim() === '') throw new EngineError('invalid_argument', 'the query is empty', { field: 'query' });
      const max = args.max_results === undefined ? DEFAULT_MAX : Math.trunc(args.max_results);
      if (max < 1)
        throw new EngineError('invalid_argument', 'max_results must be 1 or more', { field: 'max_results', facts: { max_results: args.max_results } });
      const type = args.search_type ?? 'both';
      const root = ctx.scope.primary;
      const lines: string[] = [];
      let textFiles = 0;
      if (type !== 'files') {
        const r = await grep(
          ctx.scope,
          {
            pattern: args.query,
            paths: [root],
            fixedStrings: !args.regex,
            caseMode: args.case_sensitive ? 'sensitive' : 'insensitive',
            wordMatch: args.whole_word,
            maxPerFile: max,
            types: args.file_types,
            globs: [...(args.include_pattern ? [args.include_pattern] : []), ...(args.exclude_pattern ? [`!${args.exclude_pattern}`] : []), ...TEXT_EXCLUDES],
            mode: 'count',
            sort: 'path',
            signal: ctx.signal,
          },
          config.search,
        );
        textFiles = r.files.length;
        for (const f of r.files) lines.push(`${f.path} (${f.matchLines} matches)`);
      }
      if (type !== 'text') {
        const r = await listDirectory(ctx.scope, root, {
          depth: FILE_SEARCH_DEPTH,
          sort: 'name',
          includeHidden: args.include_hidden === true,
          ignoreGlobs: SKIPPED_DIRS,
          maxCollect: 50_000,
          signal: ctx.signal,
        });
        const exclude = args.exclude_pattern;
        const scored = r.entries
          .filter((e) => e.type === 'file' && !(exclude && e.relative.includes(exclude)))
          .map((e) => ({ rel: e.relative, score: fileScore(e.name, e.relative, args.query) }))
          .filter((x) => x.score > 0)
          .sort((a, b) => b.score - a.score || (a.rel < b.rel ? -1 : 1))
          .slice(0, max);
        for (const x of scored) lines.push(x.rel);
      }
      const host = { tool: 'search', counts: { textFiles, fileNames: lines.length - textFiles }, details: { results: lines } };
      if (lines.length === 0) return ok(`No results found for "${args.query}"`, host);
      const more = lines.length > SHOWN ? `\n  ... +${lines.length - SHOWN} more` : '';
      return ok(
        `Search results for "${args.query}":\n${lines
          .slice(0, SHOWN)
          .map((l) => `  ${l}`)
          .join('\n')}${more}`,
        host,
      );
    },
    formatError(err) {
      if (err.kind === 'invalid_argument' && !err.facts.violations) return `Search error: ${err.message}`;
      return grokMessage(err);
    },
  };
}
