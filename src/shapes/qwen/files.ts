// Qwen Code file tools: read_file (absolute paths, 0-based offset, 1000 lines / 25000
// characters, "Showing lines" header, unchanged-file note), write_file and edit (both
// refuse files not read in this session or changed since).
import path from 'node:path';
import {
  editFile,
  EngineError,
  extractPdfText,
  type FreshnessPolicy,
  isCondition,
  pageRangeFor,
  readFile,
  type ReadOptions,
  statFile,
  unchangedSinceRead,
  withDetails,
  writeFile,
} from '../../engine/index.js';
import type { HandlerContext, ToolDefinition, ToolResult } from '../../registry/types.js';
import { CUT_MARK, familyRead, hiddenByIgnoreFiles, isResult, shapeError, snippetAround, withErrorTypes } from '../common/gemini-family.js';
import { changedLinesOf, diffNote } from '../common/diff-note.js';
import { ok } from '../common/result.js';
import { str } from '../common/str.js';
import { TAGS } from '../tags.js';
import { qwenErrors } from './errors.js';
import { renderQwenNotebook } from './notebook.js';

const DEFAULT_LINES = 1000;
const MAX_CHARS = 25_000;
const MAX_FILE_BYTES = Math.floor(9.9 * 1024 * 1024);
/** PDFs read as text with `pages` may be larger, and give at most this many pages per call. */
const MAX_PDF_TEXT_BYTES = 100 * 1024 * 1024;
const MAX_PDF_PAGES = 20;
const SNIPPET_CONTEXT = 4;
const MAX_SNIPPET_REGION = 1000;
const TAGS_READ = [TAGS.filesystem, TAGS.readOnly];
const TAGS_WRITE = [TAGS.filesystem, TAGS.destructive];
const FRESH: FreshnessPolicy = { requireRead: true, requireUnchanged: true };

/** Qwen's file tools take absolute paths only. */
export function requireAbsolute(p: string, field: string): void {
  if (!path.isAbsolute(p)) {
    throw shapeError(
      'invalid_argument',
      `${field} must be an absolute path, but "${p}" is relative; give the full path`,
      'invalid_tool_params',
      { path: p },
      field,
    );
  }
}

function wholeNumber(v: number | undefined, field: string, min: number): void {
  if (v !== undefined && (!Number.isSafeInteger(v) || v < min)) {
    throw shapeError('invalid_argument', `${field} must be a whole number of at least ${min}`, 'invalid_tool_params', { [field]: v }, field);
  }
}

interface ReadArgs {
  file_path: string;
  offset?: number;
  limit?: number;
  pages?: string;
}

function baseRead(ctx: HandlerContext): ReadOptions {
  return {
    cwd: ctx.session.cwd,
    signal: ctx.signal,
    session: ctx.session,
    finalEmptyLine: true,
    countTotal: true,
    maxFileBytes: MAX_FILE_BYTES,
    maxMediaBytes: MAX_FILE_BYTES,
  };
}

/** A `pages` value as a page range, checked before anything is read (as Qwen does when it builds the call). */
function pagesRange(spec: string): { first: number; last: number } {
  try {
    return pageRangeFor(spec, MAX_PDF_PAGES);
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    // The engine's condition (bad_pages, too_many_pages) stays; Qwen's error type is added.
    throw withDetails(err, {
      message: `${err.message}: give one page ("3") or a closed range ("1-5") of at most ${MAX_PDF_PAGES} pages`,
      facts: { errorType: 'invalid_tool_params' },
      field: 'pages',
    });
  }
}

/** read_file with `pages`: the text of those PDF pages (pdftotext), at most 20, from PDFs of up to 100 MB. */
async function readPdfPages(ctx: HandlerContext, filePath: string, range: { first: number; last: number }) {
  const r = await readFile(ctx.scope, filePath, { ...baseRead(ctx), limit: 1, maxFileBytes: MAX_PDF_TEXT_BYTES, maxMediaBytes: MAX_PDF_TEXT_BYTES });
  if (r.kind !== 'pdf') {
    throw shapeError(
      'invalid_argument',
      `pages applies to PDF files only, and ${filePath} is not one; read it without pages`,
      'invalid_tool_params',
      { path: filePath },
      'pages',
    );
  }
  const pages = await extractPdfText(r.data, { ...range, signal: ctx.signal });
  const text = pages.map((p) => `--- Page ${p.page} ---\n${p.text}`).join('\n\n');
  return ok(text, {
    tool: 'read_file',
    summary: `Read the text of pages ${range.first}-${range.first + pages.length - 1} of ${r.relative}`,
    paths: [r.path],
    counts: { pages: pages.length, bytes: r.size },
  });
}

/** A notebook read whole, rendered as Qwen does (never the unchanged-file note). */
async function readNotebook(ctx: HandlerContext, filePath: string) {
  const r = await readFile(ctx.scope, filePath, { ...baseRead(ctx), notebooks: true });
  if (r.kind !== 'notebook') return undefined;
  const nb = renderQwenNotebook(r.notebook);
  // A cut notebook is not a full read: the next full read shows it again.
  if (nb.truncated) ctx.session.reads.delete(r.path);
  return ok(nb.text, {
    tool: 'read_file',
    summary: `Read notebook: ${r.relative}`,
    paths: [r.path],
    counts: { cells: r.notebook.cells.length },
    truncated: nb.truncated,
  });
}

/** Images and PDFs come back named (Qwen's inlineData displayName) and shown as "Read <kind> file: <name>". */
function withDisplayName(res: ToolResult, filePath: string): ToolResult {
  if (!res.blobs?.length) return res;
  const name = path.basename(filePath);
  const mediaType = str(res.host.details?.mediaType);
  const kind = mediaType === 'application/pdf' ? 'pdf' : mediaType.split('/')[0];
  return { ...res, host: { ...res.host, summary: `Read ${kind} file: ${name}`, details: { ...res.host.details, displayName: name } } };
}

/**
 * Qwen takes a path with shell escapes ("my\\ file.txt", "v\\(2\\)") as the path it names: a backslash
 * before a space or a shell special character is dropped; other backslashes stay.
 */
export const unescapePath = (p: string): string => p.replace(/\\([ \t()[\]{}&;|<>!$`'"*?#~])/g, '$1');

/** Ignore files Qwen's read_file honours, each named in the refusal. */
const READ_IGNORE_FILES = ['.qwenignore', '.agentignore', '.aiignore'];

const readTool: ToolDefinition<ReadArgs> = {
  name: 'read_file',
  fields: { path: 'file_path' },
  summary: 'Read a file by absolute path: text (a window of lines via 0-based offset/limit), images and PDFs.',
  description: [
    'Returns the content of the file at file_path (an absolute path inside the workspace). Text comes back raw, without',
    'line numbers and with trailing spaces trimmed: at most `limit` lines (default 1000) from the 0-based line `offset`,',
    'and at most 25000 characters (the line that crosses it is cut and marked "... [truncated]"). When not all of the',
    'file is shown, the text starts "Showing lines a-b of n total lines." (1-based). A second full read of a file',
    'unchanged since this session last read it answers with a short note instead of the content. Images and PDFs come',
    'back as data (named by the file), or with `pages` ("1-5", at most 20) as the text of those PDF pages; binary files are',
    'named; images and PDFs over 10 MB are refused (PDFs read with pages: 100 MB); a text file over 10 MB shows its first',
    'window, "of at least N" lines. Jupyter notebooks (.ipynb) come back as their cells and outputs, whole (no offset,',
    'limit or pages), cut after 100000 characters. A path with shell-escaped spaces ("my\\ file.txt") names the file',
    'with spaces. Read a file before editing or overwriting it.',
  ].join(' '),
  inputSchema: {
    properties: { file_path: { type: 'string' }, offset: { type: 'number' }, limit: { type: 'number' }, pages: { type: 'string' } },
    required: ['file_path'],
    type: 'object',
  },
  destructive: false,
  tags: TAGS_READ,
  examples: [
    { description: 'Read a whole file', arguments: { file_path: '/home/user/project/src/main.py' }, expectedOutcome: 'The file text.' },
    {
      description: 'Read 50 lines from line index 200',
      arguments: { file_path: '/home/user/project/src/main.py', offset: 200, limit: 50 },
      expectedOutcome: 'Showing lines 201-250 of N total lines, then the lines.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'invalid_tool_params: a relative file_path, a negative or fractional offset, a limit below 1, or an offset past the end.',
    'file_not_found: no such file. target_is_directory: a directory (use list_directory). file_too_large: an image or PDF over 10 MB.',
    'path_not_in_workspace (PERMISSION_DENIED): outside the workspace roots; this server refuses instead of asking the user.',
    'invalid_tool_params: `pages` that is not one page or a closed range ("1-5") of at most 20 pages, or `pages` on a file that',
    'is not a PDF; a range past the last page. With `pages`, PDFs of up to 100 MB are read as the text of those pages',
    '(needs poppler-utils; UNAVAILABLE otherwise). invalid_tool_params also for offset, limit or pages on a .ipynb file, and',
    'when .qwenignore, .agentignore or .aiignore hides the file (the refusal names which).',
  ].join('\n'),
  async handler(args, ctx) {
    if (args.pages === '') args = { ...args, pages: undefined };
    requireAbsolute(args.file_path, 'file_path');
    wholeNumber(args.offset, 'offset', 0);
    wholeNumber(args.limit, 'limit', 1);
    const notebook = /\.ipynb$/i.test(args.file_path);
    if (notebook && (args.offset !== undefined || args.limit !== undefined)) {
      throw shapeError(
        'invalid_argument',
        'offset and limit do not apply to Jupyter notebooks (.ipynb); read the whole notebook',
        'invalid_tool_params',
        { path: args.file_path },
        args.offset !== undefined ? 'offset' : 'limit',
      );
    }
    if (notebook && args.pages !== undefined) {
      throw shapeError(
        'invalid_argument',
        'pages does not apply to Jupyter notebooks (.ipynb); read the whole notebook',
        'invalid_tool_params',
        { path: args.file_path },
        'pages',
      );
    }
    const range = args.pages !== undefined ? pagesRange(args.pages) : undefined;
    if (args.file_path.includes('\\')) args = { ...args, file_path: unescapePath(args.file_path) };
    for (const name of READ_IGNORE_FILES) {
      if (await hiddenByIgnoreFiles(ctx, args.file_path, [name], false)) {
        throw shapeError(
          'invalid_argument',
          `File path '${args.file_path}' is ignored by ${name} pattern(s)`,
          'invalid_tool_params',
          { path: args.file_path, ignoreFile: name },
          'file_path',
        );
      }
    }
    if (range) return readPdfPages(ctx, args.file_path, range);
    if (notebook) {
      const nb = await readNotebook(ctx, args.file_path);
      if (nb) return nb;
    }
    const full = args.offset === undefined && args.limit === undefined;
    const start = (args.offset ?? 0) + 1;
    const limit = args.limit ?? DEFAULT_LINES;
    if (full) {
      const st = await statFile(ctx.scope, args.file_path, ctx.session.cwd);
      const rec = ctx.session.reads.get(st.path);
      if (st.isFile && rec?.complete && unchangedSinceRead(ctx.session, st.path, st, { offset: 1, limit })) {
        const rel = ctx.scope.relative(st.path);
        const text = `[File ${rel} unchanged since last read in this session — its full content was already given earlier in this conversation. To see the current content again, re-read it with an explicit offset/limit.]`;
        return ok(text, { tool: 'read_file', summary: text, paths: [st.path], details: { unchanged: true } });
      }
    }
    const opts: ReadOptions = { ...baseRead(ctx), start, limit, budget: { unit: 'chars', max: MAX_CHARS, overflow: 'cut', minCut: 10 } };
    // A text file over 10 MB is not refused: its first window is shown, its length not counted.
    let big = false;
    const r = await familyRead(ctx, args.file_path, opts).catch((err: unknown) => {
      if (!isCondition(err, 'file_too_large') || err.facts.kind !== undefined) throw err;
      big = true;
      return familyRead(ctx, args.file_path, { ...opts, maxFileBytes: undefined, countTotal: false });
    });
    if (isResult(r)) return withDisplayName(r, args.file_path);
    const host = { tool: 'read_file', paths: [r.path] };
    const total = big && (r.stoppedBy !== 'eof' || r.budgetCutLine !== undefined) ? undefined : (r.totalLines ?? r.endLine);
    const of = total === undefined ? `at least ${r.endLine}` : String(total);
    if (r.lines.length === 0 && start > 1) {
      throw shapeError('invalid_argument', `offset ${args.offset} is past the end of the file (${total} lines)`, 'invalid_tool_params', { total }, 'offset');
    }
    const body = r.lines.map((l, i) => (r.budgetCutLine === r.startLine + i ? l.trimEnd() + CUT_MARK : l.trimEnd())).join('\n');
    const cut = r.startLine > 1 || total === undefined || r.endLine < total || r.budgetCutLine !== undefined;
    const text = cut ? `Showing lines ${r.startLine}-${r.endLine} of ${of} total lines.\n\n---\n\n${body}` : body;
    return ok(text, {
      ...host,
      summary: cut ? `Read lines ${r.startLine}-${r.endLine} of ${of} from ${r.relative}${total === undefined ? ' (truncated)' : ''}` : `Read ${r.relative}`,
      counts: { startLine: r.startLine, endLine: r.endLine, ...(total !== undefined ? { totalLines: total } : {}) },
      truncated: cut,
    });
  },
};

interface WriteArgs {
  file_path: string;
  content: string;
}

const writeTool: ToolDefinition<WriteArgs> = {
  name: 'write_file',
  fields: { path: 'file_path' },
  summary: 'Create a file, or overwrite one already read in this session, with the full content given.',
  description: [
    'Writes `content` as the whole file at file_path (absolute), creating parent directories. Overwriting an existing',
    'file requires that this session read it with read_file and that it has not changed since; the write is atomic and',
    "keeps the file's encoding, BOM and line endings. For a change to part of a file use edit.",
  ].join(' '),
  inputSchema: { properties: { file_path: { type: 'string' }, content: { type: 'string' } }, required: ['file_path', 'content'], type: 'object' },
  destructive: true,
  tags: TAGS_WRITE,
  examples: [
    {
      description: 'Create a new module',
      arguments: { file_path: '/home/user/project/src/util.py', content: 'def add(a, b):\n    return a + b\n' },
      expectedOutcome: 'Successfully created and wrote to new file.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'edit_requires_prior_read (CONFLICT): the file exists and was not read in this session; read it first.',
    'file_changed_since_read (CONFLICT): it changed after the read; read it again.',
    'invalid_tool_params: a relative path. target_is_directory: a directory. path_not_in_workspace: outside the workspace.',
  ].join('\n'),
  async handler(args, ctx) {
    requireAbsolute(args.file_path, 'file_path');
    if (args.file_path.includes('\\')) args = { ...args, file_path: unescapePath(args.file_path) };
    const r = await writeFile(ctx.scope, args.file_path, args.content, { cwd: ctx.session.cwd, signal: ctx.signal, session: ctx.session, freshness: FRESH });
    const text = r.created ? `Successfully created and wrote to new file: ${r.path}.` : `Successfully overwrote file: ${r.path}.`;
    return ok(text, {
      tool: 'write_file',
      summary: text,
      paths: [r.path],
      diff: r.diff?.unified,
      diffNote: diffNote(r.diff),
      counts: { bytes: r.size, added: r.diff?.added ?? 0, removed: r.diff?.removed ?? 0 },
      details: { created: r.created },
    });
  },
};

interface EditArgs {
  file_path: string;
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

const editTool: ToolDefinition<EditArgs> = {
  name: 'edit',
  fields: { path: 'file_path' },
  summary: 'Replace exact text in a file read in this session (once, or everywhere with replace_all).',
  description: [
    'Replaces old_string with new_string in the file at file_path (absolute). old_string must occur exactly once unless',
    'replace_all is true. When the exact text is absent, lines are compared ignoring trailing whitespace, and then',
    'typographic quotes, dashes and special spaces are read as their ASCII twins; nothing fuzzier. Replacement is literal ($ has',
    'no special meaning). Deleting text also takes the line break after it. An empty old_string creates a new file.',
    'The file must have been read in this session (a partial read is enough) and be unchanged since. Encoding, BOM and',
    'CRLF endings are kept. The answer shows the edited lines with 4 lines of context.',
  ].join(' '),
  inputSchema: {
    properties: { file_path: { type: 'string' }, old_string: { type: 'string' }, new_string: { type: 'string' }, replace_all: { type: 'boolean' } },
    required: ['file_path', 'old_string', 'new_string'],
    type: 'object',
  },
  destructive: true,
  tags: TAGS_WRITE,
  examples: [
    {
      description: 'Fix an off-by-one',
      arguments: { file_path: '/home/user/project/src/loop.py', old_string: 'range(1, n)', new_string: 'range(0, n)' },
      expectedOutcome: 'The file: ... has been updated, with the edited lines.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'edit_no_occurrence_found (INVALID_ARGUMENT): old_string is not in the file. edit_expected_occurrence_mismatch (CONFLICT): several',
    'occurrences without replace_all. edit_no_change: nothing would change. attempt_to_create_existing_file: empty old_string on',
    'an existing file. file_not_found: missing file with a non-empty old_string.',
    'edit_requires_prior_read / file_changed_since_read (CONFLICT): read the file (again) first.',
    'invalid_tool_params: a relative path. path_not_in_workspace: outside the workspace.',
  ].join('\n'),
  async handler(args, ctx) {
    requireAbsolute(args.file_path, 'file_path');
    if (args.file_path.includes('\\')) args = { ...args, file_path: unescapePath(args.file_path) };
    if (args.old_string === '') {
      const st = await statFile(ctx.scope, args.file_path, ctx.session.cwd);
      if (st.exists) throw shapeError('already_exists', `${args.file_path} already exists`, 'attempt_to_create_existing_file', { path: st.path }, 'old_string');
    }
    const r = await editFile(
      ctx.scope,
      args.file_path,
      [{ oldString: args.old_string, newString: args.new_string, occurrences: args.replace_all ? 'all' : 'unique' }],
      {
        cwd: ctx.session.cwd,
        signal: ctx.signal,
        session: ctx.session,
        freshness: FRESH,
        // Trailing whitespace before typography: the typography rung also compares lines
        // ignoring trailing whitespace, so in the other order this rung would never be the one reported.
        ladder: ['exact', 'trailing-whitespace', 'typography'],
        absorbNewlineOnDelete: true,
        createParents: true,
      },
    );
    const head = r.created ? `Created new file: ${r.path} with provided content.` : `The file: ${r.path} has been updated.`;
    const changed = changedLinesOf(r.diff);
    const region = changed.length ? changed.reduce((a, b) => Math.max(a, b)) - changed.reduce((a, b) => Math.min(a, b)) + 1 : 0;
    let text = head;
    if (region <= MAX_SNIPPET_REGION && r.totalLines > 0) {
      const snip = snippetAround(r.text, changed, SNIPPET_CONTEXT, { finalEmptyLine: true });
      text += ` Showing lines ${snip.start}-${snip.end} of ${snip.total} from the edited file:\n\n---\n\n${snip.text}`;
    }
    return ok(text, {
      tool: 'edit',
      summary: head,
      paths: [r.path],
      diff: r.diff.unified,
      diffNote: diffNote(r.diff),
      counts: { replacements: r.replacements, added: r.diff.added, removed: r.diff.removed },
      details: { created: r.created, rung: r.edits[0]?.rung ?? 'exact' },
    });
  },
};

export const qwenFileTools: ToolDefinition[] = [
  withErrorTypes(readTool, qwenErrors('read_file')),
  withErrorTypes(writeTool, qwenErrors('write_file')),
  withErrorTypes(editTool, qwenErrors('edit')),
] as ToolDefinition[];
