// Kimi CLI search tools: Glob (file names under a directory, capped at 1000) and Grep
// (ripgrep's three output modes with offset/head_limit paging over output lines).
import path from 'node:path';
import type { FacetConfig } from '../../config.js';
import { EngineError, engineFailure, expandHome, glob, grep, type GrepFile, type GrepMode, listDirectory } from '../../engine/index.js';
import type { HandlerContext, ToolDefinition } from '../../registry/types.js';
import { TAGS } from '../tags.js';
import { kimiMessage } from './errors.js';
import { isSensitive } from './files.js';
import { framed, kimiOk, OutputBuilder } from './result.js';

const MAX_MATCHES = 1000;
const GREP_TIMEOUT_MS = 20_000;
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }], default: null });

const workDir = (ctx: HandlerContext): string => (ctx.session.cwd && ctx.scope.contains(ctx.session.cwd) ? ctx.session.cwd : ctx.scope.primary);

/** Two levels of the working directory, to show where a search could start. */
async function treeOf(ctx: HandlerContext): Promise<string> {
  const r = await listDirectory(ctx.scope, workDir(ctx), { depth: 2, sort: 'dirs-first', limit: 200, signal: ctx.signal });
  const lines = r.entries.map((e) => '  '.repeat(e.depth - 1) + e.name + (e.type === 'directory' ? '/' : ''));
  if (r.omitted > 0) lines.push(`... (${r.omitted} more)`);
  return `${workDir(ctx)}/\n${lines.map((l) => `  ${l}`).join('\n')}`;
}

interface GlobArgs {
  pattern: string;
  directory?: string | null;
  include_dirs?: boolean;
}

const globTool: ToolDefinition<GlobArgs> = {
  name: 'Glob',
  fields: { path: 'directory' },
  summary: 'Find files and folders by glob pattern (e.g. "src/**/*.py") under a directory; at most 1000 paths.',
  description: [
    'Matches paths below `directory` (an absolute path inside the workspace; default the working directory)',
    'against a glob pattern (`*`, `?`, `[abc]`, `{a,b}`, `**` for any depth). Results are sorted, one per line,',
    'relative to the directory searched; directories are included unless include_dirs is false. Hidden files',
    'are included and ignore files are not applied (version-control folders are skipped). A pattern may not',
    'start with `**` (it would walk everything): start from a directory name instead; the error lists the',
    'top two levels of the working directory to help. At most 1000 matches are returned.',
  ].join(' '),
  inputSchema: {
    properties: {
      pattern: { type: 'string' },
      directory: nullable({ type: 'string' }),
      include_dirs: { default: true, type: 'boolean' },
    },
    required: ['pattern'],
    type: 'object',
  },
  destructive: false,
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    { description: 'Python files under src', arguments: { pattern: 'src/**/*.py' }, expectedOutcome: 'Found N matches, one path per line.' },
    { description: 'Markdown files at the top level, files only', arguments: { pattern: '*.md', include_dirs: false }, expectedOutcome: 'The matching files.' },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'INVALID_ARGUMENT: the pattern starts with ** (the error output shows the working directory two levels deep); directory is not absolute or is a file.',
    'NOT_FOUND: the directory does not exist. PERMISSION_DENIED: it is outside the workspace.',
  ].join('\n'),
  async handler(args, ctx) {
    return framed(
      { tool: 'Glob' },
      async () => {
        if (args.pattern.startsWith('**')) {
          throw engineFailure('recursive_start', 'the pattern starts with **', { pattern: args.pattern }, { field: 'pattern' });
        }
        const dir = args.directory != null ? expandHome(args.directory) : workDir(ctx);
        if (!path.isAbsolute(dir)) {
          throw engineFailure('relative_directory', `${dir} is not absolute`, { directory: dir }, { field: 'directory' });
        }
        const r = await glob(ctx.scope, {
          pattern: args.pattern,
          path: dir,
          includeDirs: args.include_dirs ?? true,
          hidden: true,
          noIgnore: true,
          sort: 'path',
          limit: MAX_MATCHES,
          signal: ctx.signal,
        });
        const host = { tool: 'Glob', paths: [r.base], counts: { matches: r.total, shown: r.shown }, truncated: r.truncated };
        if (r.total === 0) return kimiOk(`No matches found for pattern \`${args.pattern}\`.`, '', host);
        let message = `Found ${r.total} matches for pattern \`${args.pattern}\`.`;
        if (r.truncated) message += ` Only the first ${MAX_MATCHES} matches are returned; use a narrower pattern or directory to see the others.`;
        return kimiOk(message, r.entries.map((e) => e.relative).join('\n'), host);
      },
      (err) => {
        if (err.condition === 'recursive_start') {
          return `Patterns starting with \`**\` are not allowed: they walk the whole tree. Start the pattern with a directory name (for example \`src/**/*.py\`). The working directory holds:`;
        }
        if (err.condition === 'relative_directory')
          return `\`${String(err.facts.directory)}\` is not an absolute path; give the directory as an absolute path.`;
        return kimiMessage(err);
      },
      async (err) => (err.condition === 'recursive_start' ? treeOf(ctx) : ''),
    );
  },
};

type OutputMode = 'files_with_matches' | 'content' | 'count_matches';
const MODES: Record<OutputMode, GrepMode> = { files_with_matches: 'files', content: 'content', count_matches: 'count' };

interface GrepArgs {
  pattern: string;
  path?: string;
  glob?: string | null;
  output_mode?: string;
  '-B'?: number | null;
  '-A'?: number | null;
  '-C'?: number | null;
  '-n'?: boolean;
  '-i'?: boolean;
  type?: string | null;
  head_limit?: number | null;
  offset?: number;
  multiline?: boolean;
  include_ignored?: boolean;
}

/** rg's text for content mode: "path:line:text" matches, "path-line-text" context, "--" between groups when context is on. */
function contentLines(files: GrepFile[], numbers: boolean, context: boolean): string[] {
  const out: string[] = [];
  let prev: { file: string; line: number } | undefined;
  for (const f of files) {
    for (const l of f.lines) {
      if (context && prev && (prev.file !== f.path || l.line > prev.line + 1)) out.push('--');
      const sep = l.kind === 'match' ? ':' : '-';
      const parts = l.text.split('\n');
      parts.forEach((text, k) => out.push(numbers ? `${f.relative}${sep}${l.line + k}${sep}${text}` : `${f.relative}${sep}${text}`));
      prev = { file: f.path, line: l.line + parts.length - 1 };
    }
  }
  return out;
}

const DEFAULT_HEAD_LIMIT = 250;

/** Kimi's note on files left out: how many, their names (five at most), and why. */
function sensitiveNote(paths: string[]): string {
  const names = [...new Set(paths.map((p) => path.basename(p)))].sort();
  const list = names.slice(0, 5).join(', ') + (names.length > 5 ? `, ... (${names.length} files total)` : '');
  return `Left out ${paths.length} sensitive file(s) (${list}) to protect secrets; they may hold credentials or private keys.`;
}

function grepTool(config: FacetConfig): ToolDefinition<GrepArgs> {
  return {
    name: 'Grep',
    summary: 'Search file contents with a regex (ripgrep): matching files, matching lines with context, or counts.',
    description: [
      'Runs a ripgrep search (Rust regex syntax; literal braces and parentheses need escaping) below `path`',
      '(default the working directory). output_mode: files_with_matches (default; paths, newest first),',
      'content (rg lines "path:line:text", context lines "path-line-text", "--" between groups; -n toggles',
      'line numbers, -A/-B/-C add context) or count_matches ("path:N" with a total). Filter with `glob`',
      '("*.py") or `type` ("py"); -i ignores case; multiline lets a match span lines. Hidden files are',
      "searched, version-control folders and .gitignore'd files skipped unless include_ignored. Output lines",
      'are paged: offset skips lines, head_limit keeps at most that many (default 250; 0 for all), and the',
      'message says how to get the next page. Files that usually hold secrets are left out. The search stops',
      'after 20 seconds with what it found.',
    ].join(' '),
    inputSchema: {
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
    destructive: false,
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
    ].join('\n'),
    async handler(args, ctx) {
      return framed(
        { tool: 'Grep' },
        async () => {
          const modeName = (args.output_mode ?? 'files_with_matches') as OutputMode;
          const mode = MODES[modeName];
          if (!mode) {
            throw new EngineError('invalid_argument', `output_mode ${args.output_mode} is not one of ${Object.keys(MODES).join(', ')}`, {
              field: 'output_mode',
              facts: { output_mode: args.output_mode },
            });
          }
          const before = args['-B'] ?? args['-C'] ?? 0;
          const after = args['-A'] ?? args['-C'] ?? 0;
          const r = await grep(
            ctx.scope,
            {
              pattern: args.pattern,
              paths: [expandHome(args.path ?? '.')],
              cwd: ctx.session.cwd,
              caseMode: args['-i'] ? 'insensitive' : 'sensitive',
              multiline: args.multiline,
              before,
              after,
              globs: args.glob ? [args.glob] : undefined,
              types: args.type ? [args.type] : undefined,
              hidden: true,
              noIgnore: args.include_ignored,
              mode,
              sort: mode === 'files' ? 'mtime-desc' : 'path',
              timeoutMs: GREP_TIMEOUT_MS,
              signal: ctx.signal,
            },
            config.search,
          );
          const secret = r.files.filter((f) => isSensitive(f.relative));
          const files = r.files.filter((f) => !isSensitive(f.relative));
          const host = { tool: 'Grep', counts: { files: files.length, matches: r.totalMatches, matchLines: r.totalMatchLines }, truncated: r.truncated };
          if (files.length === 0 && r.timedOut) {
            throw engineFailure('grep_timeout', 'the search found nothing before its time budget ran out', { timeoutMs: GREP_TIMEOUT_MS });
          }
          const all =
            mode === 'files'
              ? files.map((f) => f.relative)
              : mode === 'count'
                ? files.map((f) => `${f.relative}:${f.matches}`)
                : contentLines(files, args['-n'] ?? true, before > 0 || after > 0);
          const offset = args.offset ?? 0;
          // Kimi's default page is 250 lines; 0 or null shows everything.
          const limit = args.head_limit === undefined ? DEFAULT_HEAD_LIMIT : (args.head_limit ?? 0);
          const page = limit > 0 ? all.slice(offset, offset + limit) : all.slice(offset);
          // Notes in Kimi CLI's order: partial results, secrets left out, the count total, paging.
          const notes: string[] = [];
          if (r.timedOut) notes.push(`The search stopped after ${GREP_TIMEOUT_MS / 1000} seconds; results are partial.`);
          else if (r.stoppedBy === 'max_total') notes.push('The search stopped at its match limit; results are partial.');
          if (secret.length > 0) notes.push(sensitiveNote(secret.map((f) => f.relative)));
          if (mode === 'count') notes.push(`Found ${files.reduce((n, f) => n + f.matches, 0)} total occurrences across ${files.length} files.`);
          if (offset + page.length < all.length) {
            notes.push(`Results truncated to ${page.length} lines (total: ${all.length}). Use offset=${offset + page.length} to see more.`);
          }
          // As Kimi CLI: nothing to show (no match, only secrets files, or a page past the end) reads
          // "No matches found", followed by the other notes.
          if (page.length === 0) return kimiOk(notes.length > 0 ? `No matches found. ${notes.join(' ')}` : 'No matches found', '', host);
          const out = new OutputBuilder();
          out.write(page.join('\n'));
          return kimiOk(out.message(notes.join(' ')), out.text, { ...host, truncated: host.truncated || out.truncated });
        },
        (err) =>
          err.condition === 'grep_timeout'
            ? `The search found nothing within ${GREP_TIMEOUT_MS / 1000} seconds. Narrow it with a more specific path, glob or type.`
            : kimiMessage(err),
      );
    },
  };
}

export function kimiSearchTools(config: FacetConfig): ToolDefinition[] {
  return [globTool, grepTool(config)];
}
