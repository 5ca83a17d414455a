// grep_search: always case-insensitive, "path:line:text" lines, at most 1000 lines and 25000
// characters, the rest counted.
import type { GrepOptions, GrepResult } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { matchPage } from '../kit/search/match-lines.js';
import { searchBases } from '../kit/search/search-bases.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { listed, searched } from './where.js';
import { atLeast, qwenObject } from '../gemini-family/schema.js';
import { reschemed } from './reschemed.js';
import { badParams, finishedSearch, matchesFound, searchedWhere } from '../gemini-family/shared.js';

const MAX_LINES = 1000;
const MAX_CHARS = 25_000;
const TIMEOUT_MS = 10_000;
/** How Qwen greps: case-insensitive, ignore files in this order, lines cut only by the character budget, 10 s. */
const GREP = {
  caseMode: 'insensitive',
  // .qwenignore first: the first file with a rule for a path decides, and Qwen lets no other
  // ignore file's negation expose what .qwenignore hides.
  ignoreFileNames: ['.qwenignore', '.agentignore', '.aiignore'],
  mode: 'content',
  limit: 0,
  // Lines are cut only by the 25000-character budget, as Qwen does.
  maxLineLength: MAX_CHARS + 1,
  timeoutMs: TIMEOUT_MS,
} satisfies Partial<GrepOptions>;

const schema = qwenObject({ pattern: 'string', glob: 'string', path: 'string', limit: 'number' }, ['pattern']);
type Args = ArgsOf<typeof schema>;

export const grepSearch01510 = defineTool<Args, GrepResult>({
  name: 'grep_search',
  summary: 'Search file contents case-insensitively with a regular expression; one "path:line:text" per match.',
  description: [
    'Searches files under `path` (default: every workspace directory) for `pattern`, a ripgrep (Rust) regular expression,',
    'always case-insensitively. `glob` keeps only matching files ("*.py", "src/**/*.ts"). .gitignore and .qwenignore are',
    'honoured (and .agentignore / .aiignore). Each match is one line "<absolute path>:<line>:<text>". At most `limit` lines (and never more than 1000)',
    'and 25000 characters are shown; what was left out is counted at the end. 10 s time limit.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'Find a class definition in Python files',
      arguments: { pattern: 'class\\s+Parser', glob: '*.py' },
      expectedOutcome: 'path:line:text lines.',
    },
    {
      description: 'First 20 TODOs',
      arguments: { pattern: 'todo', limit: 20 },
      expectedOutcome: 'At most 20 match lines.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'invalid_tool_params: the pattern is not valid ripgrep syntax (lookaround and backreferences are refused), or limit is not a whole number of at least 1.',
    'search_path_not_found: path does not exist. path_not_in_workspace: path outside the workspace.',
    'grep_execution_error (TIMEOUT): the search ran past 10 s; narrow path or glob.',
    'A match line does not count as reading its file: edit and write_file still need read_file first (edit_requires_prior_read).',
  ],
  async call(args, c) {
    if (args.limit !== undefined && !(args.limit >= 1)) throw badParams('limit must be at least 1', 'limit');
    if (args.limit !== undefined && !Number.isInteger(args.limit))
      throw badParams('limit must be a whole number', 'limit');
    const paths = searchBases(c.scope, args.path).bases;
    const r = await c.engine.search.grep(c, {
      ...GREP,
      pattern: args.pattern,
      paths,
      globs: args.glob ? [args.glob] : [],
    });
    return finishedSearch(r, TIMEOUT_MS, 'path or glob');
  },
  format(r, args, c): Reply {
    // Qwen names the search path as it reads once shell escapes are undone.
    const where = searchedWhere(searched(c, searchBases(c.scope, args.path).given), args.glob);
    const p = matchPage(r, Math.min(Math.floor(args.limit ?? MAX_LINES), MAX_LINES), MAX_CHARS);
    const host = { paths: p.files.map((f) => f.path), details: { backend: r.backend } };
    if (p.total === 0)
      return {
        text: matchesFound(0, args.pattern, where),
        host: { ...host, summary: 'No matches found', counts: { matches: 0 } },
      };
    return {
      text: listed(`${matchesFound(p.total, args.pattern, where)}:`, p.shown, p.dropped, 'line'),
      host: { ...host, summary: `Found ${p.total} match(es)`, counts: p.counts, truncated: p.truncated },
    };
  },
});

/** 0.24.4 declares limit as an integer of at least 1. */
export const grepSearch = reschemed(
  grepSearch01510,
  qwenObject({ pattern: 'string', glob: 'string', path: 'string', limit: atLeast(1) }, ['pattern']),
);
