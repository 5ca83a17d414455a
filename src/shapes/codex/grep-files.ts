// grep_files (experimental in Codex): the files whose contents match a regular expression,
// newest first, one absolute path per line, like `rg --files-with-matches --sortr=modified`.
import { EngineError, engineFailure, type GrepResult, type ArgsOf } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { bad } from './errors.js';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 2000;
const TIMEOUT_MS = 30_000;

const schema = {
  type: 'object',
  properties: { pattern: { type: 'string' }, include: { type: 'string' }, path: { type: 'string' }, limit: { type: 'number' } },
  required: ['pattern'],
  additionalProperties: false,
} as const;

export const grepFiles = defineTool<ArgsOf<typeof schema>, GrepResult>({
  name: 'grep_files',
  summary: 'Find the files whose contents match a regular expression, newest first; returns paths only.',
  description: [
    'Searches below `path` (default: the session directory; inside the roots) with ripgrep semantics: Rust regex syntax,',
    '.gitignore honoured, hidden and binary files skipped. `include` is a glob that limits the files searched ("*.rs",',
    '"src/**/*.{ts,tsx}"). Returns the matching files\' absolute paths, most recently modified first, at most `limit`',
    `(default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}). No match answers "No matches found." as a failed call.`,
    'To see the matching lines, read the files with read_file or run rg through exec_command.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'Files that define a function',
      arguments: { pattern: 'fn\\s+parse_config', include: '*.rs' },
      expectedOutcome: 'Paths of the matching files, newest first.',
    },
    {
      description: 'The ten newest files mentioning TODO under src',
      arguments: { pattern: 'TODO', path: 'src', limit: 10 },
      expectedOutcome: 'Up to ten paths.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND: "No matches found." when no file matches (a failed call, as in Codex), or when path does not exist.',
    'INVALID_ARGUMENT: "pattern must not be empty"; "limit must be greater than zero"; a pattern that is not valid Rust regex syntax (the message says where).',
    'TIMEOUT: the search ran past 30 seconds; narrow path or include. PERMISSION_DENIED: path outside the roots.',
  ],
  async call(args, c) {
    if (args.pattern.trim() === '') throw new EngineError('invalid_argument', 'pattern must not be empty', { field: 'pattern' });
    if (args.limit !== undefined && !(args.limit >= 1)) throw bad('limit must be greater than zero', 'limit', args.limit);
    const r = await c.engine.search.grep(c, {
      pattern: args.pattern,
      paths: args.path !== undefined && args.path !== '' ? [args.path] : undefined,
      globs: args.include ? [args.include] : undefined,
      mode: 'files',
      sort: 'mtime-desc',
      limit: Math.min(Math.floor(args.limit ?? DEFAULT_LIMIT), MAX_LIMIT),
      timeoutMs: TIMEOUT_MS,
    });
    if (r.timedOut) {
      throw new EngineError('timeout', 'the search ran past 30 seconds and was stopped; narrow `path` or `include`', { facts: { timeoutMs: TIMEOUT_MS } });
    }
    return r;
  },
  format(r, args) {
    const paths = r.files.map((f) => f.path);
    const host = { paths, counts: { files: paths.length, totalFiles: r.totalFiles }, truncated: r.truncated, details: { backend: r.backend } };
    if (paths.length === 0) {
      const failure = engineFailure('no_matches', 'no file matches the pattern', { pattern: args.pattern });
      return { text: 'No matches found.', host: { ...host, summary: 'No matches' }, failure };
    }
    return { text: paths.join('\n'), host: { ...host, summary: `${paths.length} matching file${paths.length === 1 ? '' : 's'}` } };
  },
});
