// Claude Code's Grep over the search engine: ripgrep's text as Claude Code passes it on (paths
// relative to the working directory, its context-line quirk) and the three output modes with
// head_limit/offset notes.
import { type GrepFile, plural } from '../../engine/index.js';
import { requireCounts, wholeCount } from '../kit/args/arg-checks.js';
import { displayPath } from '../kit/files/working-dir.js';
import { requireExisting } from '../kit/files/existing.js';
import { grepHost } from '../kit/search/search-host.js';
import { hasContext, rgFlagOptions, rgPrinting } from '../kit/search/rg-flags.js';
import { type RgPage, rgPage } from '../kit/search/rg-page.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { resolvedFrom, toolUseError } from './errors.js';
import { closed, here, PERSIST_LIMITS, persisted } from './render.js';

const GREP_TIMEOUT_MS = 20_000;
const GREP = { hidden: true, maxLineLength: 500, timeoutMs: GREP_TIMEOUT_MS };

const NUM = { type: 'number' };
const BOOL = { type: 'boolean' };

interface Args {
  pattern: string;
  path?: string;
  glob?: string;
  output_mode?: 'content' | 'files_with_matches' | 'count';
  '-B'?: number;
  '-A'?: number;
  '-C'?: number;
  context?: number;
  '-n'?: boolean;
  '-i'?: boolean;
  '-o'?: boolean;
  type?: string;
  head_limit?: number;
  offset?: number;
  multiline?: boolean;
}

/**
 * Claude Code's words for a page of each output mode, with its pagination note (which names the limit only when it cut
 * something).
 */
function pageText(mode: NonNullable<Args['output_mode']>, p: RgPage, limit: number, offset: number): string {
  const note = [p.next !== undefined ? `limit: ${limit}` : '', offset > 0 ? `offset: ${offset}` : '']
    .filter(Boolean)
    .join(', ');
  const count = p.entries.length;
  const list = p.entries.join('\n');
  const found = plural(p.entries.length, 'file');
  if (mode === 'files_with_matches')
    return count === 0 ? 'No files found' : `Found ${found}${note ? ` ${note}` : ''}\n${list}`;
  if (count === 0) return 'No matches found';
  if (mode === 'content') return `${list}${note ? `\n\n[Showing results with pagination = ${note}]` : ''}`;
  return `${list}\n\nFound ${plural(p.matchLines, 'total occurrence')} across ${found}.${note ? ` with pagination = ${note}` : ''}`;
}

export const grep = defineTool<Args>({
  name: 'Grep',
  summary: 'Search file contents with a regular expression (ripgrep); list matching files, lines or counts per file.',
  description: [
    'Searches below path (default: the working directory) with ripgrep syntax (Rust regex: escape literal braces, no',
    'lookaround). Honours .gitignore, searches hidden files, skips .git and other VCS folders. glob filters files ("*.ts",',
    '"*.{ts,tsx}"; several separated by spaces or commas) and type by ripgrep file type ("js", "py"). output_mode:',
    'files_with_matches (default: "Found N files" then paths, newest first), content (matching lines as path:line:text;',
    '-n line numbers default true, -A/-B/-C or context for context lines, -o only the matched parts), count (path:N per',
    'file and a total). -i ignores case; multiline lets a match span lines (. matches newlines). head_limit keeps the',
    'first N entries (default 250, 0 for all) after skipping offset; a note says when they cut. Lines over 500 characters',
    'are replaced by a note. Paths are shown relative to the working directory. Results over 20000 characters are saved',
    'to a file and replaced by a preview. The search stops after 20 seconds with what it found.',
  ],
  schema: closed(
    {
      pattern: 'string',
      path: 'string',
      glob: 'string',
      output_mode: { type: 'string', enum: ['content', 'files_with_matches', 'count'] },
      '-B': NUM,
      '-A': NUM,
      '-C': NUM,
      context: NUM,
      '-n': BOOL,
      '-i': BOOL,
      '-o': BOOL,
      type: 'string',
      head_limit: NUM,
      offset: NUM,
      multiline: BOOL,
    },
    ['pattern'],
  ),
  tags: [TAGS.filesystem, TAGS.search, TAGS.readOnly],
  examples: [
    {
      description: 'Which files mention a function',
      arguments: { pattern: 'parseConfig' },
      expectedOutcome: 'Found N files, then their paths, newest first.',
    },
    {
      description: 'Matching lines with two lines of context in TypeScript files',
      arguments: { pattern: 'TODO|FIXME', output_mode: 'content', glob: '*.ts', '-C': 2 },
      expectedOutcome: 'path:line:text lines.',
    },
    {
      description: 'Count matches per file',
      arguments: { pattern: 'import', output_mode: 'count', type: 'ts' },
      expectedOutcome: 'path:N lines and a total.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND (<tool_use_error>): path does not exist; the message gives the working directory.',
    'INVALID_ARGUMENT (<tool_use_error>): the pattern is not valid ripgrep regex syntax ("The pattern is not a valid regular expression (ripgrep syntax):" and ripgrep\'s explanation), a context count is negative or fractional, a file type is unknown, or an argument holds a NUL byte.',
    'PERMISSION_DENIED (<tool_use_error>): path resolves outside the roots.',
    'After 20 seconds the search stops and returns what it found, with a note.',
  ],
  errors(err, a, c) {
    if (err.kind === 'not_found' && err.field === 'path')
      return toolUseError(`Path does not exist: ${a.path}. ${resolvedFrom(c)}`);
    const stderr = err.facts.stderr;
    if (err.kind !== 'invalid_argument' || typeof stderr !== 'string' || !stderr.includes('regex parse error'))
      return undefined;
    return toolUseError(
      `The pattern is not a valid regular expression (ripgrep syntax):\n${stderr}\nPut a backslash before characters meant literally, such as \\( or \\{, or fix the expression.`,
    );
  },
  async call(a, c) {
    const at = here(c);
    const mode = a.output_mode ?? 'files_with_matches';
    const target = a.path ?? '.';
    const st = requireExisting(await c.engine.files.stat(at, target), 'path', target);
    // Checked here, under the names the caller used: the engine knows only before/after.
    requireCounts(a, ['context', '-C', '-B', '-A'], 'lines');
    const search = rgFlagOptions(a, mode, target);
    const r = await c.engine.search.grep(at, { ...GREP, ...search });
    // Claude Code makes only match lines relative; context lines keep rg's absolute path; one file searched is not
    // named.
    const name = (f: GrepFile, kind: string) =>
      mode === 'content' && st.isFile ? '' : kind === 'match' ? displayPath(f.path, at.cwd) : f.path;
    const limit = wholeCount(a.head_limit, 250);
    const offset = wholeCount(a.offset, 0);
    const p = rgPage(r.files, search.mode, { name, grouped: hasContext(search), ...rgPrinting(a), offset, limit });
    let text = pageText(mode, p, limit, offset);
    if (r.timedOut)
      text += `\n\n(The search stopped after ${GREP_TIMEOUT_MS / 1000} seconds; results may be incomplete. Narrow path, glob or type.)`;
    const out = await persisted(c, text, PERSIST_LIMITS.grep);
    return {
      text: out.text,
      host: grepHost(r, a.pattern, {
        shown: p.entries.length,
        of: mode === 'content' ? 'lines' : 'files',
        savedTo: out.file,
      }),
    };
  },
});
