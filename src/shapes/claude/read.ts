// Claude Code's Read: "N<TAB>line" numbering from a 1-based offset, the whole-file size
// limit, the token cap (auto-paginated whole reads, refused ranges), system reminders for
// empty files and offsets past the end, images and PDFs as blobs, notebooks as cells.
import { EngineError, engineFailure, pageRangeFor } from '../../engine/index.js';
import { numberedLines } from '../kit/text/numbered.js';
import { str } from '../kit/text/str.js';
import { notebookParts } from '../kit/files/notebook-read.js';
import type { CheckedMedia, NotebookView, TextRead } from '../../engine/index.js';
import { defineTool, errorTable, type Reply, type ToolTable } from '../common/define.js';
import { formatSize } from '../common/render.js';
import { TAGS } from '../tags.js';
import { resolvedFrom, toolUseError } from './errors.js';
import { closed, here } from './render.js';

/** A whole-file read of a larger file is refused (Claude Code's 256 KB). */
const WHOLE_FILE_MAX_BYTES = 256 * 1024;
/** Claude Code's default output cap, in tokens; we count about 4 characters a token. */
const TOKEN_CAP = 25_000;
const CHARS_PER_TOKEN = 4;
const MAX_PAGES = 20;
const PAGES_NEEDED_OVER = 10;
/** Claude Code fits images within 2000×2000 px and the API's 5 MB of base64 (3.75 MB of bytes). */
const IMAGE_MAX_SIDE = 2000;
export const IMAGE_MAX_BYTES = Math.floor((5 * 1024 * 1024 * 3) / 4);

interface Args {
  file_path: string;
  offset?: number;
  limit?: number;
  pages?: string;
  /** 2.1.296 on: lift the whole-file size limit (the token cap still applies). */
  allow_large?: boolean;
}

const reminder = (s: string) => `<system-reminder>${s}</system-reminder>`;
/** How images and PDFs are sent: images fitted, whole PDFs up to 10 pages. */
const MEDIA = {
  field: 'file_path',
  fit: { maxWidth: IMAGE_MAX_SIDE, maxHeight: IMAGE_MAX_SIDE, maxBytes: IMAGE_MAX_BYTES },
  maxWholePages: PAGES_NEEDED_OVER,
  pagesField: 'pages',
};
/** The same for every Read; SVG is read as text, as Claude Code does. */
const READ = {
  field: 'file_path',
  unchanged: true,
  svgAsText: true,
  imageExtensions: ['.png', '.jpg', '.jpeg', '.gif', '.webp'],
  refuseBinary: true,
  finalEmptyLine: true,
  notebooks: true,
  budget: { unit: 'chars' as const, max: TOKEN_CAP * CHARS_PER_TOKEN, overflow: 'exclude' as const },
};

function notebookText(nb: NotebookView): string {
  const blocks: string[] = [];
  for (const c of nb.cells) {
    const type = c.cellType !== 'code' ? `<cell_type>${c.cellType}</cell_type>` : '';
    const lang =
      c.cellType === 'code' && nb.language && nb.language !== 'python' ? `<language>${nb.language}</language>` : '';
    blocks.push(`<cell id="${c.id}">${type}${lang}${c.source}</cell id="${c.id}">`);
    for (const o of c.outputs) if (o.text !== undefined && o.text !== '') blocks.push(`\n${o.text}`);
  }
  return blocks.join('\n');
}

/** An image or PDF read, with what the model is sent made ready by the engine. */
function media(r: CheckedMedia, a: Args): Reply {
  const m = r.ready;
  if (!m) throw new EngineError('internal', `${r.kind} read without its media`);
  const size = formatSize(r.size);
  const host = {
    summary: `Read ${a.file_path} (${size})`,
    paths: [r.path],
    counts: m.counts,
    ...(m.details ? { details: m.details } : {}),
  };
  if (m.image) return { text: '', host, blobs: m.blobs };
  const pdf =
    typeof m.pages === 'number'
      ? `PDF file read: ${a.file_path}`
      : `PDF pages extracted: ${m.blobs.length} page(s) from ${a.file_path}`;
  return { text: `${pdf} (${size})`, host, blobs: m.blobs };
}

/**
 * Claude Code's text of a text read: numbered lines, the partial view of a whole read over the cap, reminders for an
 * empty file or an offset past the end.
 */
function textReply(r: TextRead, a: Args, whole: boolean, paths: string[]): Reply {
  const past = (total: number, offset?: number) =>
    reminder(
      `Warning: the file exists but is shorter than the provided offset (${offset}). The file has ${total} lines.`,
    );
  if (r.size === 0)
    return { text: past(1, a.offset ?? 1), host: { paths, summary: `${a.file_path} is empty`, counts: { lines: 0 } } };
  if (r.stoppedBy === 'budget') {
    if (!whole)
      throw engineFailure('token_cap', `the requested lines exceed ${TOKEN_CAP} tokens`, {
        path: a.file_path,
        cap: TOKEN_CAP,
      });
    // A partial view: shown, but it does not license an edit (Claude Code's rule; the engine recorded no read).
    const n = r.endLine;
    const note = `[Truncated: PARTIAL view — showing lines 1-${n} of ${r.totalLines ?? '?'} total (about ${Math.ceil(r.size / CHARS_PER_TOKEN)} tokens, cap ${TOKEN_CAP}). Call Read with offset=${n + 1} limit=${n} for the next page, or Grep to find a specific section.]`;
    const counts = { lines: r.lines.length, totalLines: r.totalLines ?? 0 };
    const text = `${reminder(note)}\n${numberedLines(r.lines, r.startLine, '\t')}`;
    return { text, host: { paths, summary: `Read lines 1-${n} of ${a.file_path}`, truncated: true, counts } };
  }
  const total = r.totalLines ?? r.startLine - 1;
  if (r.lines.length === 0)
    return {
      text: past(total, a.offset),
      host: { paths, summary: `${a.file_path} has ${total} lines`, counts: { lines: 0, totalLines: total } },
    };
  const counts = { lines: r.lines.length, ...(r.totalLines !== undefined ? { totalLines: r.totalLines } : {}) };
  const text = numberedLines(r.lines, a.offset === 0 ? r.startLine - 1 : r.startLine, '\t');
  return {
    text,
    host: { paths, summary: `Read lines ${r.startLine}-${r.endLine} of ${a.file_path}`, counts, truncated: r.hasMore },
  };
}

/** A text file over the whole-file limit: 2.1.197's words here, 2.1.332's the vendor's, which name allow_large. */
const tooLargeText = {
  '2.1.197': (size: number, max: number) =>
    `File content (${formatSize(size)}) is over the ${formatSize(max)} limit for reading a whole file. Pass offset and limit to read part of it, or use Grep to find the lines you need.`,
  '2.1.332': (size: number, max: number) =>
    `File content (${formatSize(size)}) exceeds maximum allowed size (${formatSize(max)}). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file. To read it anyway, up to what still fits in your context, call Read again with allow_large: true — only if you genuinely need all of it or the user asked for the whole file.`,
};

const conditionsOf = (release: keyof typeof tooLargeText) =>
  errorTable<Args>({
    file_too_large: ({ facts: f }, a) =>
      f.kind === 'image' || f.kind === 'pdf'
        ? `${a.file_path} is ${formatSize(f.size)}, over the ${formatSize(f.maxBytes)} limit for ${f.kind} files.`
        : tooLargeText[release](Number(f.size), Number(f.maxBytes)),
    token_cap: () =>
      `The requested lines come to more than ${TOKEN_CAP} tokens, the most one Read returns (counted at about ${CHARS_PER_TOKEN} characters a token). Ask for fewer lines with a smaller limit, or use Grep to find the section you need.`,
    binary: ({ facts: f }, a) =>
      toolUseError(
        `${a.file_path} is a binary file${f.ext ? ` (${f.ext})` : ''}. Read shows text, images, PDFs and notebooks only; inspect other binary files with suitable commands in Bash.`,
      ),
    bad_image: ({ facts: f }, a) =>
      toolUseError(
        `${a.file_path} has an image extension but its bytes are not a ${str(f.ext)} image. Check the file, or rename it if it is text.`,
      ),
    bad_pages: (_e, a) =>
      toolUseError(`Invalid pages value "${a.pages}": give one page ("3") or a range ("1-5"), numbered from 1.`),
    too_many_pages: (_e, a) =>
      toolUseError(`pages "${a.pages}" covers more than ${MAX_PAGES} pages; read at most ${MAX_PAGES} pages per call.`),
    pdf_needs_pages: ({ facts: f }) =>
      toolUseError(
        `This PDF has ${f.pages} pages. PDFs over ${PAGES_NEEDED_OVER} pages must be read with pages (e.g. "1-5", at most ${MAX_PAGES} per call).`,
      ),
    pdf_pages_unavailable: () =>
      `Reading PDF pages needs poppler-utils (pdftoppm), which is not installed on this server. Read the PDF without pages (up to ${PAGES_NEEDED_OVER} pages), or extract its text with a command in Bash.`,
    pages_out_of_range: (_e, a) =>
      toolUseError(
        `pages "${a.pages}" lies past the end of ${a.file_path}. Ask for pages the PDF has, numbered from 1.`,
      ),
    pdf_unreadable: (e, a) =>
      `${a.file_path} could not be rendered as a PDF: ${String(e.message).replace(/^the PDF could not be rendered: /, '')}`,
  });
const conditions = { '2.1.197': conditionsOf('2.1.197'), '2.1.332': conditionsOf('2.1.332') };

const SCHEMA_197 = {
  file_path: 'string',
  offset: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
  limit: { type: 'integer', exclusiveMinimum: 0, maximum: 9007199254740991 },
  pages: 'string',
} as const;

/** Read as Claude Code 2.1.197 declared it (no allow_large): claude@2.1.197 serves it. */
const TABLE_197 = {
  name: 'Read',
  fields: { path: 'file_path' },
  summary:
    'Read a file: numbered text lines, an image, a PDF or a Jupyter notebook. Read before you Edit or Write a file.',
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
  ],
  schema: closed({ ...SCHEMA_197 }, ['file_path']),
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
  ],
  errors(err, a, c) {
    if (err.condition !== undefined) return conditions['2.1.197'](err, a, c);
    // Claude Code passes the system error for a directory through: the model knows this one.
    if (err.facts.isDirectory) return `EISDIR: illegal operation on a directory, read '${a.file_path}'`;
    if (err.kind === 'not_found') return toolUseError(`File does not exist: ${a.file_path}. ${resolvedFrom(c)}`);
    return undefined;
  },
  async call(a, c) {
    if (a.pages !== undefined) pageRangeFor(a.pages, MAX_PAGES);
    const whole = a.offset === undefined && a.limit === undefined;
    const start = a.offset !== undefined && a.offset > 0 ? a.offset : 1;
    const maxFileBytes = a.limit === undefined && !a.allow_large ? WHOLE_FILE_MAX_BYTES : undefined;
    const readyMedia = { ...MEDIA, pages: a.pages };
    const opts = { ...READ, range: !whole, start, limit: a.limit, maxFileBytes, countTotal: whole, readyMedia };
    const r = await c.engine.files.readChecked(here(c), a.file_path, opts);
    if (r.kind === 'unchanged') {
      const text =
        'File unchanged since your last Read of the same lines: that earlier result still holds, so refer to it instead of reading again.';
      return {
        text,
        host: { summary: `${a.file_path} unchanged since last read`, paths: [r.path], details: { unchanged: true } },
      };
    }
    if (r.kind === 'image' || r.kind === 'pdf') return media(r, a);
    if (r.kind === 'notebook')
      return { text: notebookText(r.notebook), ...notebookParts(r.notebook, a.file_path, r.path) };
    if (r.kind !== 'text') throw new EngineError('internal', `unexpected ${r.kind} read`);
    return textReply(r, a, whole, [r.path]);
  },
} satisfies ToolTable<Args, Reply>;

export const read197 = defineTool<Args>(TABLE_197);

/** Claude Code 2.1.332's Read: 2.1.197's with allow_large (from 2.1.296), which lifts the whole-file size limit. */
export const read = defineTool<Args>({
  ...TABLE_197,
  description: [
    ...TABLE_197.description.slice(0, 2),
    'of lines; without them the whole file is read, which is refused for files over 256KB unless allow_large is true',
    '(then the whole file is read up to the token cap). A file ending in a line break',
    ...TABLE_197.description.slice(3, -1),
    'NotebookEdit requires a Read of the notebook in the session first; Edit and Write do not, but a Read shows the exact',
    'text an Edit must match.',
  ],
  schema: closed({ ...SCHEMA_197, allow_large: { type: 'boolean' } }, ['file_path']),
  errors(err, a, c) {
    if (err.condition !== undefined) return conditions['2.1.332'](err, a, c);
    return TABLE_197.errors(err, a, c);
  },
});
