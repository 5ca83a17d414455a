// Grep: ripgrep's three output modes, with offset/head_limit paging over output lines, files
// that usually hold secrets left out, and a 20-second budget.
import path from 'node:path';
import { EngineError, engineFailure, expandHome, type GrepMode, type GrepResult, isSensitive, pageOf, rgModeLines } from '../../engine/index.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { capped, cutNote, kimiFail, kimiOk } from './errors.js';
import { nullable } from './files.js';

const TIMEOUT_MS = 20_000;
const MODES: Record<string, GrepMode> = { files_with_matches: 'files', content: 'content', count_matches: 'count' };

type Flags = Partial<Record<'-B' | '-A' | '-C' | 'head_limit', number | null> & Record<'-n' | '-i' | 'multiline' | 'include_ignored', boolean>>;
type Args = Flags & { pattern: string; path?: string; glob?: string | null; output_mode?: string; type?: string | null; offset?: number };

/** Kimi's note on files left out: how many, their names (five at most), and why. */
function sensitiveNote(paths: string[]): string {
  const names = [...new Set(paths.map((p) => path.basename(p)))].sort();
  const list = names.slice(0, 5).join(', ') + (names.length > 5 ? `, ... (${names.length} files total)` : '');
  return `Left out ${paths.length} sensitive file(s) (${list}) to protect secrets; they may hold credentials or private keys.`;
}

const context = (args: Args) => ({ before: args['-B'] ?? args['-C'] ?? 0, after: args['-A'] ?? args['-C'] ?? 0 });

export const grepTool = defineTool<Args, GrepResult>({
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
    { description: 'Which files mention a function', arguments: { pattern: 'def parse_config' }, expectedOutcome: 'Paths of matching files, newest first.' },
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
    const mode = MODES[args.output_mode ?? 'files_with_matches'];
    if (!mode) {
      const why = `output_mode ${args.output_mode} is not one of ${Object.keys(MODES).join(', ')}`;
      throw new EngineError('invalid_argument', why, { field: 'output_mode', facts: { output_mode: args.output_mode } });
    }
    const r = await c.engine.search.grep(c, {
      ...context(args),
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
    if (r.timedOut && r.files.every((f) => isSensitive(f.relative))) {
      throw engineFailure('grep_timeout', 'the search found nothing before its time budget ran out', { timeoutMs: TIMEOUT_MS });
    }
    return r;
  },
  format(r, args) {
    const mode = MODES[args.output_mode ?? 'files_with_matches'];
    const files = r.files.filter((f) => !isSensitive(f.relative));
    const secret = r.files.filter((f) => isSensitive(f.relative)).map((f) => f.relative);
    const { before, after } = context(args);
    const rg = { name: (f: { relative: string }) => f.relative, lineNumbers: args['-n'] ?? true, grouped: before > 0 || after > 0, onlyMatching: false };
    const all = rgModeLines(files, mode!, { ...rg, cutNotes: false });
    // Kimi's default page is 250 lines; 0 or null shows everything.
    const { page, next } = pageOf(all, args.offset ?? 0, args.head_limit === undefined ? 250 : (args.head_limit ?? 0));
    // Notes in Kimi CLI's order: partial results, secrets left out, the count total, paging.
    const notes: string[] = [];
    if (r.timedOut) notes.push(`The search stopped after ${TIMEOUT_MS / 1000} seconds; results are partial.`);
    else if (r.stoppedBy === 'max_total') notes.push('The search stopped at its match limit; results are partial.');
    if (secret.length > 0) notes.push(sensitiveNote(secret));
    if (mode === 'count') notes.push(`Found ${files.reduce((n, f) => n + f.matches, 0)} total occurrences across ${files.length} files.`);
    if (next !== undefined) notes.push(`Results truncated to ${page.length} lines (total: ${all.length}). Use offset=${next} to see more.`);
    const host = { counts: { files: files.length, matches: r.totalMatches, matchLines: r.totalMatchLines }, truncated: r.truncated };
    // As Kimi CLI: nothing to show (no match, only secrets files, or a page past the end) reads "No matches found", then the other notes.
    if (page.length === 0) return kimiOk(notes.length > 0 ? `No matches found. ${notes.join(' ')}` : 'No matches found', '', host);
    const out = capped(page.join('\n'));
    return kimiOk(cutNote(notes.join(' '), out.truncated), out.text, { ...host, truncated: r.truncated || out.truncated });
  },
  errors: (err) =>
    err.condition === 'grep_timeout'
      ? kimiFail(`The search found nothing within ${TIMEOUT_MS / 1000} seconds. Narrow it with a more specific path, glob or type.`)
      : undefined,
});
