// Grep: ripgrep's three output modes, with offset/head_limit paging over output lines, files
// that usually hold secrets left out, and a 20-second budget.
import { type GrepMode, type GrepOptions } from '../../../engine/index.js';
import { expandHome } from '../../kit/files/home.js';
import { requireOneOf } from '../../kit/args/arg-checks.js';
import { contextSides } from '../../kit/search/context-sides.js';
import { grepPage, type GrepPage } from '../../kit/search/grep-page.js';
import { defineTool, type Reply } from '../../common/define.js';
import { TAGS } from '../../tags.js';
import { capped, cutNote, kimiFail, kimiOk } from './errors.js';
import { nullable } from './files.js';

const TIMEOUT_MS = 20_000;
const MODES: Record<string, GrepMode> = { files_with_matches: 'files', content: 'content', count_matches: 'count' };

type Flags = Partial<
  Record<'-B' | '-A' | '-C' | 'head_limit', number | null> &
    Record<'-n' | '-i' | 'multiline' | 'include_ignored', boolean>
>;
type Args = Flags & {
  pattern: string;
  path?: string;
  glob?: string | null;
  output_mode?: string;
  type?: string | null;
  offset?: number;
};

/** Kimi's note on files left out: how many, their names (five at most), and why. */
function sensitiveNote({ secret, secretNames: names }: GrepPage): string {
  const list = names.slice(0, 5).join(', ') + (names.length > 5 ? `, ... (${names.length} files total)` : '');
  return `Left out ${secret.length} sensitive file(s) (${list}) to protect secrets; they may hold credentials or private keys.`;
}

/** The page in Kimi's words: its notes first, then the lines, capped. */
function reply(p: GrepPage, args: Args): Reply {
  // Notes in Kimi CLI's order: partial results, secrets left out, the count total, paging.
  const notes = [
    p.timedOut ? `The search stopped after ${TIMEOUT_MS / 1000} seconds; results are partial.` : '',
    !p.timedOut && p.atMatchLimit ? 'The search stopped at its match limit; results are partial.' : '',
    p.secret.length > 0 ? sensitiveNote(p) : '',
    args.output_mode === 'count_matches' ? `Found ${p.occurrences} total occurrences across ${p.files} files.` : '',
    p.next !== undefined
      ? `Results truncated to ${p.page.length} lines (total: ${p.total}). Use offset=${p.next} to see more.`
      : '',
  ].filter((n) => n !== '');
  // As Kimi CLI: nothing to show (no match, only secrets files, or a page past the end) reads "No matches found", then
  // the other notes.
  if (p.page.length === 0)
    return kimiOk(notes.length > 0 ? `No matches found. ${notes.join(' ')}` : 'No matches found', '', p.facts);
  const out = capped(p.page.join('\n'));
  return kimiOk(cutNote(notes.join(' '), out.truncated), out.text, {
    ...p.facts,
    truncated: p.facts.truncated || out.truncated,
  });
}

/** Kimi's arguments as the engine's search options. */
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
  summary: 'Search file contents with a regex (ripgrep): matching files, matching lines with context, or counts.',
  description: [
    'Runs a ripgrep search (Rust regex syntax; literal braces and parentheses need escaping) below `path` (default the working directory). output_mode:',
    'files_with_matches (default; paths, newest first), content (rg lines "path:line:text", context lines "path-line-text", "--" between groups; -n toggles',
    'line numbers, -A/-B/-C add context) or count_matches ("path:N" with a total). Filter with `glob` ("*.py") or `type` ("py"); -i ignores case; multiline',
    "lets a match span lines. Hidden files are searched, version-control folders and .gitignore'd files skipped unless include_ignored. Output lines are",
    'paged: offset skips lines, head_limit keeps at most that many (default 250; 0 for all), and the message says how to get the next page. Files that',
    'usually hold secrets are left out. The search stops after 20 seconds with what it found.',
  ],
  schema: {
    properties: {
      pattern: { type: 'string' },
      path: { default: '.', type: 'string' },
      glob: nullable({ type: 'string' }),
      output_mode: { default: 'files_with_matches', type: 'string' },
      '-B': nullable({ type: 'integer' }),
      '-A': nullable({ type: 'integer' }),
      '-C': nullable({ type: 'integer' }),
      '-n': { default: true, type: 'boolean' },
      '-i': { default: false, type: 'boolean' },
      type: nullable({ type: 'string' }),
      head_limit: { anyOf: [{ minimum: 0, type: 'integer' }, { type: 'null' }], default: 250 },
      offset: { default: 0, minimum: 0, type: 'integer' },
      multiline: { default: false, type: 'boolean' },
      include_ignored: { default: false, type: 'boolean' },
    },
    required: ['pattern'],
    type: 'object',
  },
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'Which files mention a function',
      arguments: { pattern: 'def parse_config' },
      expectedOutcome: 'Paths of matching files, newest first.',
    },
    {
      description: 'Matching lines with context in Python files',
      arguments: { pattern: 'TODO', output_mode: 'content', '-C': 2, type: 'py' },
      expectedOutcome: 'path:line:text lines with context.',
    },
    {
      description: 'Count occurrences',
      arguments: { pattern: 'import', output_mode: 'count_matches', '-i': true },
      expectedOutcome: 'path:N lines and the total.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: the pattern is not valid Rust regex syntax (or uses a construct the built-in searcher cannot reproduce), an unknown file type, an unknown output_mode, a negative context.',
    'NOT_FOUND: the path does not exist. PERMISSION_DENIED: it is outside the workspace.',
    'TIMEOUT: nothing was found within 20 seconds (with partial results the call succeeds and says so).',
  ],
  async call(args, c) {
    const mode = requireOneOf(args.output_mode ?? 'files_with_matches', MODES, 'output_mode');
    // Kimi's default page is 250 lines; 0 or null shows everything.
    const page = {
      lineNumbers: args['-n'] ?? true,
      offset: args.offset ?? 0,
      limit: args.head_limit === undefined ? 250 : (args.head_limit ?? 0),
    };
    return grepPage((o) => c.engine.search.grep(c, o), searchOf(args, mode), page);
  },
  format: reply,
  errors: (err) =>
    err.condition === 'grep_timeout'
      ? kimiFail(
          `The search found nothing within ${TIMEOUT_MS / 1000} seconds. Narrow it with a more specific path, glob or type.`,
        )
      : undefined,
});
