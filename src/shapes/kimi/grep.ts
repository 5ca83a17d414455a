// Grep (Kimi Code 2.1.0): ripgrep's three output modes paged by offset/head_limit (default
// 250 lines, 0 for all), files that usually hold secrets filtered out and named, 20 seconds at
// most; the result starts with the call's wall time.
import { type GrepMode, type GrepOptions } from '../../engine/index.js';
import { displayPath, workingDir } from '../kit/files/working-dir.js';
import { expandHome } from '../kit/files/home.js';
import { contextSides } from '../kit/search/context-sides.js';
import { grepPage, type GrepPage } from '../kit/search/grep-page.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeFail, codeOk, startClock } from './errors.js';

const TIMEOUT_MS = 20_000;
const INT = { type: 'integer', minimum: 0, maximum: 9007199254740991 } as const;
const MODES: Record<string, GrepMode> = { files_with_matches: 'files', content: 'content', count_matches: 'count' };

type Args = {
  pattern: string;
  path?: string;
  glob?: string;
  type?: string;
  output_mode?: 'content' | 'files_with_matches' | 'count_matches';
  '-i'?: boolean;
  '-n'?: boolean;
  '-A'?: number;
  '-B'?: number;
  '-C'?: number;
  head_limit?: number;
  offset?: number;
  multiline?: boolean;
  include_ignored?: boolean;
};

/** The page in Kimi Code's words: the count total first, then the lines, then paging and the files filtered out. */
function reply(p: GrepPage, args: Args): Reply {
  const filtered =
    p.secret.length > 0 ? `Filtered ${p.secret.length} sensitive file(s): ${p.secretNames.join(', ')}` : '';
  const lines: string[] = [];
  if (p.page.length === 0) lines.push('No non-sensitive matches found');
  else {
    if (args.output_mode === 'count_matches' && p.occurrences > 0)
      lines.push(`Found ${p.occurrences} total occurrences across ${p.files} files.`);
    lines.push(...p.page);
    if (p.next !== undefined)
      lines.push(`Results truncated to ${p.page.length} lines (total: ${p.total}). Use offset=${p.next} to see more.`);
  }
  if (p.timedOut) lines.push(`Grep timed out after ${TIMEOUT_MS / 1000}s; partial results returned.`);
  if (filtered) lines.push(filtered);
  return codeOk(lines.join('\n'), p.facts);
}

const searchOf = (args: Args, mode: GrepMode): GrepOptions => ({
  ...contextSides(args['-B'], args['-A'], args['-C'], 0),
  pattern: args.pattern,
  paths: [expandHome(args.path ?? '.')],
  caseMode: args['-i'] ? 'insensitive' : 'sensitive',
  multiline: args.multiline,
  globs: args.glob ? [args.glob] : undefined,
  types: args.type ? [args.type] : undefined,
  hidden: true,
  noIgnore: args.include_ignored,
  mode,
  sort: mode === 'files' ? 'mtime-desc' : 'path',
  timeoutMs: TIMEOUT_MS,
});

export const grepTool = defineTool<Args, GrepPage>({
  name: 'Grep',
  summary: 'Search file contents with a regex (ripgrep): matching files (newest first), lines with context, or counts.',
  description: [
    'Searches with ripgrep regex syntax from `path` (default: the working directory). output_mode files_with_matches (the',
    'default) lists matching files, most recently modified first; content shows "path:line:text" lines (-n, default true,',
    'gives the numbers; -A/-B/-C add context); count_matches shows "path:count" lines after a total. glob and type filter',
    "files; -i ignores case; multiline lets a match span lines. Hidden files are searched; .git and .gitignore'd files are",
    'skipped unless include_ignored. Files that usually hold secrets (.env, keys, credentials) are filtered out and named.',
    'head_limit pages the output lines (default 250, 0 for all) from offset; a cut page says the offset of the next. The',
    "search stops after 20 seconds with what it found. The result starts with the call's wall time.",
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      pattern: { type: 'string' },
      path: { type: 'string' },
      glob: { type: 'string' },
      type: { type: 'string' },
      output_mode: { type: 'string', enum: ['content', 'files_with_matches', 'count_matches'] },
      '-i': { type: 'boolean' },
      '-n': { type: 'boolean' },
      '-A': INT,
      '-B': INT,
      '-C': INT,
      head_limit: INT,
      offset: INT,
      multiline: { type: 'boolean' },
      include_ignored: { type: 'boolean' },
    },
    required: ['pattern'],
    additionalProperties: false,
  },
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'Which files mention a function',
      arguments: { pattern: 'def parse_config' },
      expectedOutcome: 'Wall time, then the matching files, newest first.',
    },
    {
      description: 'Matching lines with context in TypeScript files',
      arguments: { pattern: 'TODO', output_mode: 'content', '-C': 2, glob: '*.ts' },
      expectedOutcome: 'path:line:text lines with context.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: a pattern ripgrep cannot parse ("Failed to grep: …"); an unknown output_mode or parameter.',
    'NOT_FOUND: the path does not exist. PERMISSION_DENIED: outside the workspace.',
    'No match is not an error: "No non-sensitive matches found". glob matches paths relative to the search root',
    '(Kimi Code matches it against absolute paths, so "src/**/*.ts" finds nothing there).',
  ],
  async call(args, c) {
    startClock(c);
    const mode = MODES[args.output_mode ?? 'files_with_matches']!;
    // Paths as Kimi Code shows them: relative to the working directory, absolute outside it.
    const cwd = workingDir(c);
    const name = (f: { path: string }) => displayPath(f.path, cwd);
    const page = { lineNumbers: args['-n'] ?? true, offset: args.offset ?? 0, limit: args.head_limit ?? 250, name };
    return grepPage((o) => c.engine.search.grep(c, o), searchOf(args, mode), page);
  },
  format: reply,
  errors(err) {
    if (err.condition === 'grep_timeout')
      return codeFail(
        `Grep timed out after ${TIMEOUT_MS / 1000}s. Narrow the search with a more specific path, glob or type.`,
      );
    if (err.kind === 'invalid_argument' && err.field === 'pattern') return codeFail(`Failed to grep: ${err.message}`);
    return undefined;
  },
});
