// grep_files (experimental in Codex): the files whose contents match a regular expression,
// newest first, one absolute path per line, like `rg --files-with-matches --sortr=modified`.
import type { ArgsOf } from '../kit/args/schema-args.js';
import { matchingFiles, type MatchingFiles } from '../kit/search/matching-files.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { NUMBER, STRING } from './schema.js';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 2000;
const SEARCH = { limit: DEFAULT_LIMIT, maxLimit: MAX_LIMIT, timeoutMs: 30_000 };

const schema = {
  type: 'object',
  properties: { pattern: STRING, include: STRING, path: STRING, limit: NUMBER },
  required: ['pattern'],
  additionalProperties: false,
} as const;

export const grepFiles = defineTool<ArgsOf<typeof schema>, MatchingFiles>({
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
  call: (args, c) => matchingFiles((o) => c.engine.search.grep(c, o), args, SEARCH),
  format: (r) => ({ text: r.failure ? 'No matches found.' : r.paths.join('\n'), host: r.facts, failure: r.failure }),
});
