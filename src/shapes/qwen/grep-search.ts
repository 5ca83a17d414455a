// grep_search: always case-insensitive, "path:line:text" lines, at most 1000 lines and 25000
// characters, the rest counted.
import { fitLines, type GrepResult, unescapeShellPath, type ArgsOf } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { searched } from './where.js';
import { qwenObject } from '../common/gemini-family-schema.js';
import { badParams, shapeError } from '../common/gemini-family.js';

const MAX_LINES = 1000;
const MAX_CHARS = 25_000;
const TIMEOUT_MS = 10_000;

const schema = qwenObject({ pattern: 'string', glob: 'string', path: 'string', limit: 'number' }, ['pattern']);
type Args = ArgsOf<typeof schema>;

export const grepSearch = defineTool<Args, GrepResult>({
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
    { description: 'First 20 TODOs', arguments: { pattern: 'todo', limit: 20 }, expectedOutcome: 'At most 20 match lines.' },
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
    if (args.limit !== undefined && !Number.isInteger(args.limit)) throw badParams('limit must be a whole number', 'limit');
    const given = args.path !== undefined ? unescapeShellPath(args.path) : undefined;
    const r = await c.engine.search.grep(c, {
      pattern: args.pattern,
      paths: given !== undefined ? [given] : [...c.scope.roots],
      caseMode: 'insensitive',
      globs: args.glob ? [args.glob] : [],
      // .qwenignore first: the first file with a rule for a path decides, and Qwen lets no other
      // ignore file's negation expose what .qwenignore hides.
      ignoreFileNames: ['.qwenignore', '.agentignore', '.aiignore'],
      mode: 'content',
      limit: 0,
      // Lines are cut only by the 25000-character budget, as Qwen does.
      maxLineLength: MAX_CHARS + 1,
      timeoutMs: TIMEOUT_MS,
    });
    if (r.timedOut) throw shapeError('timeout', `the search ran past ${TIMEOUT_MS}ms; narrow it with path or glob`, 'grep_execution_error');
    return r;
  },
  format(r, args, c): Reply {
    // Qwen names the search path as it reads once shell escapes are undone.
    const where = `${searched(c, args.path !== undefined ? unescapeShellPath(args.path) : undefined)}${args.glob ? ` (filter: "${args.glob}")` : ''}`;
    // Roots that hold one another would report a file twice; each file counts once.
    const files = [...new Map(r.files.map((f) => [f.path, f])).values()];
    const all = files.flatMap((f) => f.lines.filter((l) => l.kind === 'match').map((l) => `${f.path}:${l.line}:${l.text}`));
    const host = { paths: files.map((f) => f.path), details: { backend: r.backend } };
    if (all.length === 0)
      return { text: `No matches found for pattern "${args.pattern}" ${where}.`, host: { ...host, summary: 'No matches found', counts: { matches: 0 } } };
    // The line that crosses the budget is cut and counted among the omitted ones.
    const { shown, cut } = fitLines(all.slice(0, Math.min(Math.floor(args.limit ?? MAX_LINES), MAX_LINES)), MAX_CHARS);
    const dropped = all.length - shown.length + (cut ? 1 : 0);
    const n = all.length;
    const more = dropped > 0 ? `\n---\n[${dropped} ${dropped === 1 ? 'line' : 'lines'} truncated] ...` : '';
    return {
      text: `Found ${n} ${n === 1 ? 'match' : 'matches'} for pattern "${args.pattern}" ${where}:\n---\n${shown.join('\n')}${more}`,
      host: { ...host, summary: `Found ${n} match(es)`, counts: { matches: n, shown: shown.length }, truncated: dropped > 0 || r.truncated },
    };
  },
});
