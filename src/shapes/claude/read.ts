// Claude Code's Read: "N<TAB>line" numbering from a 1-based offset, the whole-file size
// limit, the token cap (auto-paginated whole reads, refused ranges), system reminders for
// empty files and offsets past the end, images and PDFs as blobs, notebooks as cells.
import path from 'node:path';
import {
  EngineError,
  engineFailure,
  fitImage,
  isCondition,
  type NotebookView,
  pageRangeFor,
  parsePageRange,
  pdfPageCount,
  readFile,
  type ReadOptions,
  type ReadResult,
  readScopeFor,
  renderPdfPages,
  statFile,
  type TextRead,
  unchangedSinceRead,
} from '../../engine/index.js';
import type { ContentItem, HandlerContext, ToolDefinition } from '../../registry/types.js';
import { ok } from '../common/result.js';
import { str } from '../common/str.js';
import { TAGS } from '../tags.js';
import { claudeTool, cwdOf, formatSize, toolUseError } from './common.js';

/** A whole-file read of a larger file is refused (Claude Code's 256 KB). */
export const WHOLE_FILE_MAX_BYTES = 256 * 1024;
/** Claude Code's default output cap, in tokens; we count about 4 characters a token. */
export const TOKEN_CAP = 25_000;
const CHARS_PER_TOKEN = 4;
const MAX_PDF_PAGES_PER_READ = 20;
const PDF_PAGES_NEEDED_OVER = 10;
const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);
/** Claude Code fits images within 2000×2000 px and the API's 5 MB of base64 (3.75 MB of bytes). */
export const IMAGE_MAX_SIDE = 2000;
export const IMAGE_MAX_BYTES = Math.floor((5 * 1024 * 1024 * 3) / 4);

interface ReadArgs {
  file_path: string;
  offset?: number;
  limit?: number;
  pages?: string;
}

function numbered(r: TextRead, zeroBased: boolean): string {
  const first = zeroBased ? r.startLine - 1 : r.startLine;
  return r.lines.map((l, i) => `${first + i}\t${l}`).join('\n');
}

const reminder = (s: string) => `<system-reminder>${s}</system-reminder>`;

function renderNotebook(nb: NotebookView): { text: string; images: ContentItem[] } {
  const blocks: string[] = [];
  const images: ContentItem[] = [];
  for (const c of nb.cells) {
    const type = c.cellType !== 'code' ? `<cell_type>${c.cellType}</cell_type>` : '';
    const lang = c.cellType === 'code' && nb.language && nb.language !== 'python' ? `<language>${nb.language}</language>` : '';
    blocks.push(`<cell id="${c.id}">${type}${lang}${c.source}</cell id="${c.id}">`);
    for (const o of c.outputs) {
      if (o.text !== undefined && o.text !== '') blocks.push(`\n${o.text}`);
      if (o.image) images.push({ blob: { mediaType: o.image.mediaType, data: Buffer.from(o.image.data, 'base64') } });
    }
  }
  return { text: blocks.join('\n'), images };
}

/** An image extension (or image magic bytes) on bytes that do not decode as that image. */
function badImage(filePath: string, ext: string): EngineError {
  return engineFailure('bad_image', `${filePath} is not a valid ${ext} image`, { path: filePath, ext }, { field: 'file_path' });
}

async function mediaResult(r: ReadResult & { kind: 'image' | 'pdf' }, args: ReadArgs, signal: AbortSignal) {
  const host = { tool: 'Read', summary: `Read ${args.file_path} (${formatSize(r.size)})`, paths: [r.path], counts: { bytes: r.size } };
  if (r.kind === 'image') {
    const img = await fitImage(r.data, r.mediaType, { maxWidth: IMAGE_MAX_SIDE, maxHeight: IMAGE_MAX_SIDE, maxBytes: IMAGE_MAX_BYTES, signal }).catch(
      (err: unknown) => {
        if (!isCondition(err, 'bad_image')) throw err;
        throw badImage(args.file_path, path.extname(r.path).slice(1).toLowerCase() || r.mediaType.slice('image/'.length));
      },
    );
    const shown = { width: img.width, height: img.height, originalWidth: img.originalWidth, originalHeight: img.originalHeight, resized: img.changed };
    return { text: '', host: { ...host, details: shown }, blobs: [{ mediaType: img.mediaType, data: img.data }] };
  }
  const blob: ContentItem = { blob: { mediaType: r.mediaType, data: r.data } };
  if (args.pages !== undefined) {
    const range = parsePageRange(args.pages)!; // checked before the read
    const rendered = await renderPdfPages(r.data, { first: range.first, last: range.last, signal });
    const text = `PDF pages extracted: ${rendered.length} page(s) from ${args.file_path} (${formatSize(r.size)})`;
    const images: ContentItem[] = rendered.map((pg) => ({ blob: { mediaType: pg.mediaType, data: pg.data } }));
    return ok(text, { ...host, counts: { bytes: r.size, pages: rendered.length }, details: { pages: rendered.map((pg) => pg.page) } }, images);
  }
  const pages = pdfPageCount(r.data);
  if (pages > PDF_PAGES_NEEDED_OVER) {
    throw engineFailure(
      'pdf_needs_pages',
      `the PDF has ${pages} pages; over ${PDF_PAGES_NEEDED_OVER} a page range is required`,
      { path: args.file_path, pages },
      { field: 'pages' },
    );
  }
  return ok(`PDF file read: ${args.file_path} (${formatSize(r.size)})`, { ...host, counts: { bytes: r.size, pages } }, [blob]);
}

function checkPages(spec: string | undefined): void {
  if (spec !== undefined) pageRangeFor(spec, MAX_PDF_PAGES_PER_READ);
}

function word(err: EngineError, args: ReadArgs, ctx: HandlerContext): string | undefined {
  const f = err.facts;
  switch (err.condition ?? (f.isDirectory ? 'directory' : err.kind === 'not_found' ? 'missing' : undefined)) {
    case 'missing':
      return toolUseError(`File does not exist: ${args.file_path}. Relative paths are resolved from the current working directory, ${cwdOf(ctx)}.`);
    case 'directory':
      // Claude Code passes the system error through: the model knows this one.
      return `EISDIR: illegal operation on a directory, read '${args.file_path}'`;
    case 'file_too_large':
      if (f.kind === 'image' || f.kind === 'pdf')
        return `${args.file_path} is ${formatSize(Number(f.size))}, over the ${formatSize(Number(f.maxBytes))} limit for ${f.kind} files.`;
      return `File content (${formatSize(Number(f.size))}) is over the ${formatSize(Number(f.maxBytes))} limit for reading a whole file. Pass offset and limit to read part of it, or use Grep to find the lines you need.`;
    case 'token_cap':
      return `The requested lines come to more than ${TOKEN_CAP} tokens, the most one Read returns (counted at about ${CHARS_PER_TOKEN} characters a token). Ask for fewer lines with a smaller limit, or use Grep to find the section you need.`;
    case 'binary':
      return toolUseError(
        `${args.file_path} is a binary file${f.ext ? ` (${str(f.ext)})` : ''}. Read shows text, images, PDFs and notebooks only; inspect other binary files with suitable commands in Bash.`,
      );
    case 'bad_image':
      return toolUseError(`${args.file_path} has an image extension but its bytes are not a ${str(f.ext)} image. Check the file, or rename it if it is text.`);
    case 'bad_pages':
      return toolUseError(`Invalid pages value "${args.pages}": give one page ("3") or a range ("1-5"), numbered from 1.`);
    case 'too_many_pages':
      return toolUseError(`pages "${args.pages}" covers more than ${MAX_PDF_PAGES_PER_READ} pages; read at most ${MAX_PDF_PAGES_PER_READ} pages per call.`);
    case 'pdf_needs_pages':
      return toolUseError(
        `This PDF has ${str(f.pages)} pages. PDFs over ${PDF_PAGES_NEEDED_OVER} pages must be read with pages (e.g. "1-5", at most ${MAX_PDF_PAGES_PER_READ} per call).`,
      );
    case 'pdf_pages_unavailable':
      return `Reading PDF pages needs poppler-utils (pdftoppm), which is not installed on this server. Read the PDF without pages (up to ${PDF_PAGES_NEEDED_OVER} pages), or extract its text with a command in Bash.`;
    case 'pages_out_of_range':
      return toolUseError(`pages "${args.pages}" lies past the end of ${args.file_path}. Ask for pages the PDF has, numbered from 1.`);
    case 'pdf_unreadable':
      return `${args.file_path} could not be rendered as a PDF: ${String(err.message).replace(/^the PDF could not be rendered: /, '')}`;
    default:
      return undefined;
  }
}

export const readTool: ToolDefinition<ReadArgs> = claudeTool<ReadArgs>({
  name: 'Read',
  fields: { path: 'file_path' },
  summary: 'Read a file: numbered text lines, an image, a PDF or a Jupyter notebook. Read before you Edit or Write a file.',
  description: [
    'Reads one file inside the roots; file_path should be absolute (relative paths resolve from the working directory).',
    'Text comes back as "N<TAB>line" lines numbered from 1. offset is the 1-based line to start at and limit the number',
    'of lines; without them the whole file is read, which is refused for files over 256KB. A file ending in a line break',
    'shows one last, empty, numbered line. Lines are never cut. Output is capped near 25000 tokens (about 4 characters a',
    'token): a whole-file read over it returns the first page with a note saying where to continue; a range over it is',
    'refused. An empty file or an offset past the end returns a warning in a system-reminder. PNG, JPEG, GIF and WebP',
    'images come back as image blobs, scaled down to fit 2000×2000 px and 3.75 MB where larger; PDFs of up to 10 pages as a PDF blob; .ipynb notebooks as their cells',
    'with outputs. Reading the same range of an unchanged file again returns a short note instead of the text.',
    'Edit, Write and NotebookEdit require a Read of the file in the session first.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      file_path: { type: 'string' },
      offset: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
      limit: { type: 'integer', exclusiveMinimum: 0, maximum: 9007199254740991 },
      pages: { type: 'string' },
    },
    required: ['file_path'],
    additionalProperties: false,
  },
  destructive: false,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Read a whole source file',
      arguments: { file_path: '/srv/app/src/main.ts' },
      expectedOutcome: 'Every line as "N<TAB>text", numbered from 1.',
    },
    {
      description: 'Read lines 100-149 of a long file',
      arguments: { file_path: '/srv/app/src/big.ts', offset: 100, limit: 50 },
      expectedOutcome: 'Lines 100 to 149, numbered 100 to 149.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND (<tool_use_error>): the file does not exist; the message gives the working directory relative paths start from.',
    'PERMISSION_DENIED (<tool_use_error>): the path resolves outside the roots.',
    'INVALID_ARGUMENT: the path is a directory ("EISDIR: ..."; use Glob or Bash ls); a binary file that is not an image or PDF; an image extension on non-image bytes; a malformed pages value or more than 20 pages; a PDF over 10 pages without pages.',
    'RESOURCE_EXHAUSTED: a whole-file read of a file over 256KB (pass offset and limit); a range over 25000 tokens (ask for fewer lines); an image or PDF over 20MB.',
    'DEPENDENCY_UNAVAILABLE: pages on a PDF when the server has no poppler-utils (pdftoppm) to render them; the image and the CI install it.',
    'INVALID_ARGUMENT: pages past the end of the PDF, or a PDF poppler cannot render.',
    'Differences from Claude Code: the token count is estimated (4 characters a token), not measured; images are fitted to the API limits (2000×2000 px, 5 MB of base64), not to the token budget.',
  ].join('\n'),
  word,
  async run(args, ctx) {
    checkPages(args.pages);
    const cwd = cwdOf(ctx);
    const scope = readScopeFor(ctx.scope, ctx.session, args.file_path, cwd);
    const st = await statFile(scope, args.file_path, cwd);
    if (!st.exists) throw new EngineError('not_found', `${args.file_path} does not exist`, { field: 'file_path', facts: { path: args.file_path } });
    if (st.isDirectory)
      throw new EngineError('invalid_argument', `${args.file_path} is a directory`, { field: 'file_path', facts: { path: args.file_path, isDirectory: true } });
    const start = args.offset !== undefined && args.offset > 0 ? args.offset : 1;
    const prev = ctx.session.reads.get(st.path);
    // Only a record made by a Read has a range; one left by a write does not count.
    if (prev?.offset !== undefined && unchangedSinceRead(ctx.session, st.path, st, { offset: start, limit: args.limit })) {
      return ok('File unchanged since your last Read of the same lines: that earlier result still holds, so refer to it instead of reading again.', {
        tool: 'Read',
        summary: `${args.file_path} unchanged since last read`,
        paths: [st.path],
        details: { unchanged: true },
      });
    }
    const whole = args.offset === undefined && args.limit === undefined;
    const opts: ReadOptions = {
      cwd,
      signal: ctx.signal,
      session: ctx.session,
      start,
      limit: args.limit,
      finalEmptyLine: true,
      maxFileBytes: args.limit === undefined ? WHOLE_FILE_MAX_BYTES : undefined,
      notebooks: true,
      countTotal: whole,
      budget: { unit: 'chars', max: TOKEN_CAP * CHARS_PER_TOKEN, overflow: 'exclude' },
    };
    let r = await readFile(scope, args.file_path, opts);
    const ext = path.extname(st.path).toLowerCase();
    // Claude Code reads SVG as text.
    if (r.kind === 'image' && r.mediaType === 'image/svg+xml') r = await readFile(scope, args.file_path, { ...opts, forceText: true });
    if (IMAGE_EXTENSIONS.has(ext) && r.kind !== 'image') {
      throw badImage(args.file_path, ext.slice(1));
    }
    if (r.kind === 'image' || r.kind === 'pdf') return mediaResult(r, args, ctx.signal);
    if (r.kind === 'binary') {
      throw engineFailure('binary', `${args.file_path} is a binary file`, { path: args.file_path, ext }, { field: 'file_path' });
    }
    if (r.kind === 'notebook') {
      const nb = renderNotebook(r.notebook);
      return ok(
        nb.text,
        { tool: 'Read', summary: `Read ${r.notebook.cells.length} cells of ${args.file_path}`, paths: [r.path], counts: { cells: r.notebook.cells.length } },
        nb.images,
      );
    }
    if (r.kind !== 'text') throw new EngineError('internal', `unexpected ${(r as { kind: string }).kind} read`);
    const host = { tool: 'Read', paths: [r.path] };
    if (r.size === 0) {
      return ok(reminder(`Warning: the file exists but is shorter than the provided offset (${args.offset ?? 1}). The file has 1 lines.`), {
        ...host,
        summary: `${args.file_path} is empty`,
        counts: { lines: 0 },
      });
    }
    if (r.stoppedBy === 'budget') {
      if (!whole) {
        if (prev) ctx.session.reads.set(r.path, prev);
        else ctx.session.reads.delete(r.path);
        throw engineFailure('token_cap', `the requested lines exceed ${TOKEN_CAP} tokens`, { path: args.file_path, cap: TOKEN_CAP });
      }
      // A partial view: shown, but it does not license an edit (Claude Code's rule).
      ctx.session.reads.delete(r.path);
      const n = r.endLine;
      const tokens = Math.ceil(r.size / CHARS_PER_TOKEN);
      const note = `[Truncated: PARTIAL view — showing lines 1-${n} of ${r.totalLines ?? '?'} total (about ${tokens} tokens, cap ${TOKEN_CAP}). Call Read with offset=${n + 1} limit=${n} for the next page, or Grep to find a specific section.]`;
      return ok(`${reminder(note)}\n${numbered(r, false)}`, {
        ...host,
        summary: `Read lines 1-${n} of ${args.file_path}`,
        truncated: true,
        counts: { lines: r.lines.length, totalLines: r.totalLines ?? 0 },
      });
    }
    if (r.lines.length === 0) {
      const total = r.totalLines ?? r.startLine - 1;
      return ok(reminder(`Warning: the file exists but is shorter than the provided offset (${args.offset}). The file has ${total} lines.`), {
        ...host,
        summary: `${args.file_path} has ${total} lines`,
        counts: { lines: 0, totalLines: total },
      });
    }
    return ok(numbered(r, args.offset === 0), {
      ...host,
      summary: `Read lines ${r.startLine}-${r.endLine} of ${args.file_path}`,
      counts: { lines: r.lines.length, ...(r.totalLines !== undefined ? { totalLines: r.totalLines } : {}) },
      truncated: r.hasMore,
    });
  },
});
