// read_file: absolute paths, a 0-based offset, 1000 lines / 25000 characters, the "Showing
// lines" header, the unchanged-file note, PDF pages as text and notebooks as their cells.
import { pageRangeFor, type EngineReadOptions } from '../../engine/index.js';
import type { ArgsOf } from '../kit/args/schema-args.js';
import { requireWhole, firstGiven } from '../kit/args/arg-checks.js';
import { fullyReadUnchanged } from '../kit/files/reread.js';
import { notebookAsText, pdfPagesAsText } from '../kit/files/read-as-text.js';
import { rawWindow, windowHost } from '../kit/files/raw-window.js';
import { readEvenIfBig } from '../kit/files/big-text.js';
import { hidingFile } from '../kit/files/hiding-file.js';
import { withAdvice } from '../kit/failures/advice.js';
import { type Call, defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { requireAbsolute } from './errors.js';
import { qwenObject } from '../gemini-family/schema.js';
import { badParams, CUT_MARK, modelReadResult, refusePastEnd } from '../gemini-family/shared.js';

const DEFAULT_LINES = 1000;
const MAX_FILE_BYTES = Math.floor(9.9 * 1024 * 1024);
/** PDFs read as text with `pages` may be larger, and give at most this many pages per call. */
const MAX_PDF_BYTES = 100 * 1024 * 1024;
const MAX_PDF_PAGES = 20;
/** Ignore files Qwen's read_file honours, each named in the refusal. */
const IGNORE_FILES = ['.qwenignore', '.agentignore', '.aiignore'];
/** Added to the engine's refusal of a `pages` value (checked before anything is read). */
const PAGES_ADVICE = `give one page ("3") or a closed range ("1-5") of at most ${MAX_PDF_PAGES} pages`;
const BASE: EngineReadOptions = {
  finalEmptyLine: true,
  countTotal: true,
  maxFileBytes: MAX_FILE_BYTES,
  maxMediaBytes: MAX_FILE_BYTES,
};

const schema = qwenObject({ file_path: 'string', offset: 'number', limit: 'number', pages: 'string' }, ['file_path']);
type Args = ArgsOf<typeof schema>;
/** 0.24.4 declares offset and limit as integers and all three optional fields as nullable. */
const orNull = (type: string) => ({ type: [type, 'null'] });
const schema0244 = qwenObject(
  { file_path: 'string', offset: orNull('integer'), limit: orNull('integer'), pages: orNull('string') },
  ['file_path'],
);
type Args0244 = { file_path: string; offset?: number | null; limit?: number | null; pages?: string | null };

/** The note a second full read of an unchanged file answers with, for a file's relative path. */
type UnchangedNote = (relative: string) => string;
const UNCHANGED_01510: UnchangedNote = (rel) =>
  `[File ${rel} unchanged since last read in this session — its full content was already given earlier in this conversation. To see the current content again, re-read it with an explicit offset/limit.]`;
const UNCHANGED_0244: UnchangedNote = (rel) =>
  `[File ${rel} unchanged since last read in this session — the full content was provided earlier in this conversation. If you cannot retrieve that prior content (e.g. after context compaction) or you suspect the file was modified outside the read/edit tools (shell command, MCP tool, another process), re-read with explicit offset/limit to fetch current content.]`;

async function pdfPages(c: Call, file: string, range: { first: number; last: number }): Promise<Reply> {
  const pdfPages = { pages: `${range.first}-${range.last}`, maxPages: MAX_PDF_PAGES, as: 'text' as const };
  const opts = { ...BASE, limit: 1, maxFileBytes: MAX_PDF_BYTES, maxMediaBytes: MAX_PDF_BYTES, pdfPages };
  const r = pdfPagesAsText(await c.engine.files.read(c, file, opts), range);
  if (!r)
    throw badParams(`pages applies to PDF files only, and ${file} is not one; read it without pages`, 'pages', {
      path: file,
    });
  const summary = `Read the text of pages ${range.first}-${r.last} of ${r.relative}`;
  const text = r.pages.map((p) => `--- Page ${p.page} ---\n${p.text}`).join('\n\n');
  return { text, host: { summary, paths: [r.path], counts: { pages: r.pages.length, bytes: r.size } } };
}

/** A notebook read whole (never the unchanged-file note); a cut one is not a full read. */
async function notebook(c: Call, file: string): Promise<Reply | undefined> {
  const nb = notebookAsText(await c.engine.files.read(c, file, { ...BASE, notebooks: true }), c.session);
  const host = nb && {
    summary: `Read notebook: ${nb.relative}`,
    paths: [nb.path],
    counts: { cells: nb.cells },
    truncated: nb.truncated,
  };
  return nb && { text: nb.text, host };
}

async function text(c: Call, args: Args, unchanged: UnchangedNote): Promise<Reply> {
  const start = (args.offset ?? 0) + 1;
  const limit = args.limit ?? DEFAULT_LINES;
  if (args.offset === undefined && args.limit === undefined) {
    const st = await c.engine.files.stat(c, args.file_path);
    if (fullyReadUnchanged(c.session, st, limit)) {
      const note = unchanged(c.scope.relative(st.path));
      return { text: note, host: { summary: note, paths: [st.path], details: { unchanged: true } } };
    }
  }
  const opts: EngineReadOptions = {
    ...BASE,
    start,
    limit,
    budget: { unit: 'chars', max: 25_000, overflow: 'cut', minCut: 10 },
  };
  // A text file over 10 MB is not refused: its first window is shown, its length not counted.
  const { r, big } = await readEvenIfBig((o) => c.engine.files.forModel(c, args.file_path, o), opts);
  if (r.kind !== 'text') {
    const m = modelReadResult(r)!;
    if (r.kind !== 'attached') return m;
    // Images and PDFs come back named (Qwen's inlineData displayName) and shown as "Read <kind> file: <name>".
    const name = args.file_path.slice(args.file_path.lastIndexOf('/') + 1);
    return {
      ...m,
      host: {
        ...m.host,
        summary: `Read ${r.media.toLowerCase()} file: ${name}`,
        details: { ...m.host.details, displayName: name },
      },
    };
  }
  refusePastEnd(r, start, 'offset', args.offset);
  const w = rawWindow(r, { marker: CUT_MARK, cutBy: 'budget', trimEnd: true, uncounted: big });
  const of = w.total === undefined ? `at least ${r.endLine}` : String(w.total);
  return {
    text: w.cut ? `Showing lines ${r.startLine}-${r.endLine} of ${of} total lines.\n\n---\n\n${w.text}` : w.text,
    host: windowHost(r, w),
  };
}

const TABLE = {
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
  ],
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Read a whole file',
      arguments: { file_path: '/home/user/project/src/main.py' },
      expectedOutcome: 'The file text.',
    },
    {
      description: 'Read 50 lines from line index 200',
      arguments: { file_path: '/home/user/project/src/main.py', offset: 200, limit: 50 },
      expectedOutcome: 'Showing lines 201-250 of N total lines, then the lines.',
    },
  ],
  idempotency: 'idempotent' as const,
  errorModes: [
    'invalid_tool_params: a relative file_path, a negative or fractional offset, a limit below 1, or an offset past the end.',
    'file_not_found: no such file. target_is_directory: a directory (use list_directory). file_too_large: an image or PDF over 10 MB.',
    'path_not_in_workspace (PERMISSION_DENIED): outside the workspace roots; this server refuses instead of asking the user.',
    'invalid_tool_params: `pages` that is not one page or a closed range ("1-5") of at most 20 pages, or `pages` on a file that',
    'is not a PDF; a range past the last page. With `pages`, PDFs of up to 100 MB are read as the text of those pages',
    '(needs poppler-utils; UNAVAILABLE otherwise). invalid_tool_params also for offset, limit or pages on a .ipynb file, and',
    'when .qwenignore, .agentignore or .aiignore hides the file (the refusal names which).',
  ],
};

async function read(args: Args, c: Call, unchanged: UnchangedNote): Promise<Reply> {
  if (args.pages === '') args = { ...args, pages: undefined };
  // The path as it names the file: shell escapes undone.
  const file = requireAbsolute(args.file_path, 'file_path');
  requireWhole(args.offset, 0, 'offset');
  requireWhole(args.limit, 1, 'limit');
  const ipynb = /\.ipynb$/i.test(args.file_path);
  const facts = { path: args.file_path };
  const window = firstGiven(args, ['offset', 'limit']);
  if (ipynb && window)
    throw badParams(
      'offset and limit do not apply to Jupyter notebooks (.ipynb); read the whole notebook',
      window,
      facts,
    );
  if (ipynb && args.pages !== undefined)
    throw badParams('pages does not apply to Jupyter notebooks (.ipynb); read the whole notebook', 'pages', facts);
  const range =
    args.pages !== undefined ? withAdvice(() => pageRangeFor(args.pages!, MAX_PDF_PAGES), PAGES_ADVICE) : undefined;
  const hider = await hidingFile(IGNORE_FILES, (names) => c.engine.files.hidden(c, file, names, false));
  if (hider)
    throw badParams(`File path '${file}' is ignored by ${hider} pattern(s)`, 'file_path', {
      path: file,
      ignoreFile: hider,
    });
  if (range) return pdfPages(c, file, range);
  return (ipynb && (await notebook(c, file))) || text(c, { ...args, file_path: file }, unchanged);
}

/** read_file as 0.15.10 declared it. */
export const readFile01510 = defineTool<Args>({ ...TABLE, schema, call: (a, c) => read(a, c, UNCHANGED_01510) });

/** 0.24.4: nullable integer offset and limit, nullable pages (null is the field left out), and its unchanged note. */
export const readFile = defineTool<Args0244>({
  ...TABLE,
  schema: schema0244,
  call: (a, c) =>
    read(
      {
        file_path: a.file_path,
        ...(a.offset != null ? { offset: a.offset } : {}),
        ...(a.limit != null ? { limit: a.limit } : {}),
        ...(a.pages != null ? { pages: a.pages } : {}),
      },
      c,
      UNCHANGED_0244,
    ),
});
