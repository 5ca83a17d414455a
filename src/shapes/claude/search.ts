// Claude Code's Grep and Glob over the search engine: ripgrep's text as Claude Code passes
// it on (paths relative to the working directory, its context-line quirk), the three
// output modes with head_limit/offset notes, and Glob's oldest-first list capped at 100.
import type { FacetConfig } from '../../config.js';
import { EngineError, glob, grep, type GrepFile, type GrepLine, type GrepMode, statFile } from '../../engine/index.js';
import type { HandlerContext, ToolDefinition } from '../../registry/types.js';
import { ok } from '../common/result.js';
import { TAGS } from '../tags.js';
import { claudeTool, cwdOf, displayPath, PERSIST_LIMITS, persistIfLarge, toolUseError } from './common.js';

const DEFAULT_HEAD_LIMIT = 250;
/** rg --max-columns: longer lines are replaced by a note. */
const MAX_COLUMNS = 500;
const GREP_TIMEOUT_MS = 20_000;
const GLOB_LIMIT = 100;

interface GrepArgs {
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

/** Splits a glob argument on whitespace and commas, keeping {a,b} groups whole. */
export function splitGlobs(spec: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  for (const c of spec) {
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    if (depth === 0 && (c === ',' || /\s/.test(c))) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur) out.push(cur);
  return out;
}

/** "limit: N, offset: M": what paging left out, or '' when nothing was. */
function pagingNote(limit: number | undefined, offset: number): string {
  return [limit !== undefined ? `limit: ${limit}` : '', offset > 0 ? `offset: ${offset}` : ''].filter(Boolean).join(', ');
}

/** offset first, then head_limit (0: all); reports the limit only when it cut something. */
function page<T>(items: T[], headLimit: number, offset: number): { shown: T[]; note: string } {
  const rest = items.slice(offset);
  const cut = headLimit > 0 && rest.length > headLimit;
  return { shown: cut ? rest.slice(0, headLimit) : rest, note: pagingNote(cut ? headLimit : undefined, offset) };
}

/** The lines rg prints for one file in content mode, as Claude Code passes them on. */
function contentLines(f: GrepFile, rel: string, single: boolean, numbers: boolean, onlyMatching: boolean): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  const prefix = (kind: GrepLine['kind'], n: number) => {
    const sep = kind === 'match' ? ':' : '-';
    // Claude Code makes only match lines relative; context lines keep rg's absolute path.
    const file = single ? '' : `${kind === 'match' ? rel : f.path}${sep}`;
    return numbers ? `${file}${n}${sep}` : file;
  };
  for (const l of f.lines) {
    if (l.cut) {
      const text = l.kind === 'match' ? `[Omitted long line with ${l.submatches?.length ?? 1} matches]` : '[Omitted long context line]';
      out.push({ line: l.line, text: prefix(l.kind, l.line) + text });
      continue;
    }
    if (onlyMatching && l.kind === 'match') {
      for (const s of l.submatches ?? []) out.push({ line: l.line, text: prefix('match', l.line) + l.text.slice(s.start, s.end) });
      continue;
    }
    if (onlyMatching) continue;
    l.text.split('\n').forEach((t, i) => out.push({ line: l.line + i, text: prefix(l.kind, l.line + i) + t }));
  }
  return out;
}

function grepTool(config: FacetConfig): ToolDefinition<GrepArgs> {
  return claudeTool<GrepArgs>({
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
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        pattern: { type: 'string' },
        path: { type: 'string' },
        glob: { type: 'string' },
        output_mode: { type: 'string', enum: ['content', 'files_with_matches', 'count'] },
        '-B': { type: 'number' },
        '-A': { type: 'number' },
        '-C': { type: 'number' },
        context: { type: 'number' },
        '-n': { type: 'boolean' },
        '-i': { type: 'boolean' },
        '-o': { type: 'boolean' },
        type: { type: 'string' },
        head_limit: { type: 'number' },
        offset: { type: 'number' },
        multiline: { type: 'boolean' },
      },
      required: ['pattern'],
      additionalProperties: false,
    },
    destructive: false,
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
    ].join('\n'),
    word(err, args, ctx) {
      if (err.kind === 'not_found' && err.field === 'path') {
        return toolUseError(`Path does not exist: ${args.path}. Relative paths are resolved from the current working directory, ${cwdOf(ctx)}.`);
      }
      const stderr = err.facts.stderr;
      if (err.kind === 'invalid_argument' && typeof stderr === 'string' && stderr.includes('regex parse error')) {
        return toolUseError(
          `The pattern is not a valid regular expression (ripgrep syntax):\n${stderr}\nPut a backslash before characters meant literally, such as \\( or \\{, or fix the expression.`,
        );
      }
      return undefined;
    },
    async run(args, ctx) {
      const cwd = cwdOf(ctx);
      const mode = args.output_mode ?? 'files_with_matches';
      const target = args.path ?? '.';
      const st = await statFile(ctx.scope, target, cwd);
      if (!st.exists) throw new EngineError('not_found', `${target} does not exist`, { field: 'path', facts: { path: target } });
      // Checked here, under the names the caller used: the engine knows only before/after.
      for (const name of ['context', '-C', '-B', '-A'] as const) {
        const v = args[name];
        if (v !== undefined && (!Number.isInteger(v) || v < 0)) {
          throw new EngineError('invalid_argument', `${name} must be a whole number of lines, 0 or more; got ${v}`, { field: name, facts: { [name]: v } });
        }
      }
      const context = args.context ?? args['-C'];
      const before = context ?? args['-B'];
      const after = context ?? args['-A'];
      const engineMode: GrepMode = mode === 'files_with_matches' ? 'files' : mode;
      const r = await grep(
        ctx.scope,
        {
          pattern: args.pattern,
          paths: [target],
          cwd,
          caseMode: args['-i'] ? 'insensitive' : 'sensitive',
          multiline: args.multiline,
          before: mode === 'content' ? before : undefined,
          after: mode === 'content' ? after : undefined,
          globs: args.glob !== undefined ? splitGlobs(args.glob) : undefined,
          types: args.type !== undefined ? [args.type] : undefined,
          hidden: true,
          mode: engineMode,
          sort: mode === 'files_with_matches' ? 'mtime-desc' : 'path',
          maxLineLength: MAX_COLUMNS,
          timeoutMs: GREP_TIMEOUT_MS,
          signal: ctx.signal,
        },
        config.search,
      );
      const headLimit = Math.max(0, Math.floor(args.head_limit ?? DEFAULT_HEAD_LIMIT));
      const offset = Math.max(0, Math.floor(args.offset ?? 0));
      const rel = (f: GrepFile) => displayPath(f.path, cwd);
      let text: string;
      let shownCount = 0;
      if (mode === 'files_with_matches') {
        const { shown, note } = page(r.files, headLimit, offset);
        shownCount = shown.length;
        text =
          shown.length === 0
            ? 'No files found'
            : `Found ${shown.length} file${shown.length === 1 ? '' : 's'}${note ? ` ${note}` : ''}\n${shown.map(rel).join('\n')}`;
      } else if (mode === 'count') {
        const { shown, note } = page(r.files, headLimit, offset);
        shownCount = shown.length;
        const total = shown.reduce((n, f) => n + f.matchLines, 0);
        text =
          shown.length === 0
            ? 'No matches found'
            : `${shown.map((f) => `${rel(f)}:${f.matchLines}`).join('\n')}\n\nFound ${total} total ${total === 1 ? 'occurrence' : 'occurrences'} across ${shown.length} ${shown.length === 1 ? 'file' : 'files'}.${note ? ` with pagination = ${note}` : ''}`;
      } else {
        const single = st.isFile;
        const grouped = (before ?? 0) > 0 || (after ?? 0) > 0;
        const lines: string[] = [];
        for (const f of r.files) {
          let prev: number | undefined;
          for (const l of contentLines(f, rel(f), single, args['-n'] !== false, args['-o'] === true)) {
            // rg separates groups of context that do not touch, also across files.
            if (grouped && lines.length > 0 && (prev === undefined || l.line > prev + 1)) lines.push('--');
            lines.push(l.text);
            prev = l.line;
          }
        }
        const { shown, note } = page(lines, headLimit, offset);
        shownCount = shown.length;
        text = shown.length === 0 ? 'No matches found' : `${shown.join('\n')}${note ? `\n\n[Showing results with pagination = ${note}]` : ''}`;
      }
      if (r.timedOut) text += `\n\n(The search stopped after ${GREP_TIMEOUT_MS / 1000} seconds; results may be incomplete. Narrow path, glob or type.)`;
      const persisted = await persistIfLarge(config, ctx, text, PERSIST_LIMITS.grep);
      return ok(persisted.text, {
        tool: 'Grep',
        summary: `${r.totalFiles} files, ${r.totalMatchLines} matching lines for ${args.pattern}`,
        paths: r.files.map((f) => f.path).slice(0, 1000),
        counts: { files: r.totalFiles, matchLines: r.totalMatchLines, shown: shownCount },
        truncated: r.truncated || shownCount < (mode === 'content' ? r.totalMatchLines : r.totalFiles) || persisted.file !== undefined,
        details: { backend: r.backend, timedOut: r.timedOut, ...(persisted.file ? { fullOutputPath: persisted.file } : {}) },
      });
    },
  });
}

interface GlobArgs {
  pattern: string;
  path?: string;
}

function globWord(err: EngineError, args: GlobArgs, ctx: HandlerContext): string | undefined {
  if (err.field !== 'path') return undefined;
  if (err.kind === 'not_found') {
    return toolUseError(`Directory does not exist: ${args.path}. Relative paths are resolved from the current working directory, ${cwdOf(ctx)}.`);
  }
  if (err.facts.notDirectory) return toolUseError(`Not a directory: ${args.path}. Give Glob a directory to search in.`);
  return undefined;
}

function globTool(config: FacetConfig): ToolDefinition<GlobArgs> {
  return claudeTool<GlobArgs>({
    name: 'Glob',
    summary: 'Find files by name pattern such as "**/*.ts" or "src/**/test_*.py"; paths come oldest-modified first.',
    description: [
      'Lists files below path (default: the working directory) whose path matches pattern (*, **, ?, [abc], {a,b}). A',
      'pattern without "/" matches file names at any depth; "src/*" only direct children of src. An absolute pattern is',
      'split into its directory and the rest. Like Claude Code it ignores .gitignore and includes hidden files (and .git).',
      'One path per line, relative to the working directory when under it, sorted by modification time, oldest first.',
      'At most 100 paths; a last line says how many more matched. No match: "No files found".',
    ].join(' '),
    inputSchema: {
      type: 'object',
      properties: { pattern: { type: 'string' }, path: { type: 'string' } },
      required: ['pattern'],
      additionalProperties: false,
    },
    destructive: false,
    tags: [TAGS.filesystem, TAGS.search, TAGS.readOnly],
    examples: [
      { description: 'All TypeScript files', arguments: { pattern: '**/*.ts' }, expectedOutcome: 'Matching paths, oldest first.' },
      { description: 'Test files under one folder', arguments: { pattern: 'test_*.py', path: '/srv/app/tests' }, expectedOutcome: 'Matching paths.' },
    ],
    idempotency: 'idempotent',
    errorModes: [
      'NOT_FOUND (<tool_use_error>): path does not exist; the message gives the working directory.',
      'INVALID_ARGUMENT (<tool_use_error>): path is a file, the pattern is empty, or it climbs with ".." after a wildcard.',
      "PERMISSION_DENIED (<tool_use_error>): path or the pattern's leading directories resolve outside the roots.",
    ].join('\n'),
    word: globWord,
    async run(args, ctx) {
      const cwd = cwdOf(ctx);
      let r;
      try {
        r = await glob(ctx.scope, {
          pattern: args.pattern,
          path: args.path,
          cwd,
          matchBase: true,
          hidden: true,
          noIgnore: true,
          skipNames: [],
          sort: 'mtime-asc',
          limit: GLOB_LIMIT,
          signal: ctx.signal,
        });
      } catch (err) {
        // A directory named in the pattern that does not exist simply matches nothing.
        if (err instanceof EngineError && err.kind === 'not_found' && err.field === 'pattern') {
          return ok('No files found', { tool: 'Glob', summary: `No files match ${args.pattern}`, counts: { files: 0 } });
        }
        throw err;
      }
      const lines = r.entries.map((e) => displayPath(e.path, cwd));
      if (r.total === 0) lines.push('No files found');
      else if (r.truncated) {
        const more = r.total - r.shown;
        lines.push(
          `(Showing ${r.shown} of ${r.total}${r.complete ? '' : '+'} matching files; ${more}${r.complete ? '' : '+'} more are not listed. Narrow the pattern or path to see the rest.)`,
        );
      }
      const persisted = await persistIfLarge(config, ctx, lines.join('\n'), PERSIST_LIMITS.other);
      return ok(persisted.text, {
        tool: 'Glob',
        summary: `${r.total} files match ${args.pattern}`,
        paths: r.entries.map((e) => e.path),
        counts: { files: r.total, shown: r.shown },
        truncated: r.truncated,
      });
    },
  });
}

export function searchTools(config: FacetConfig): ToolDefinition[] {
  return [grepTool(config), globTool(config)];
}
