// fs.read: text by line range; notebooks rendered as their cells; images (optionally fitted
// within given bounds) and PDFs (whole, or chosen pages as images or text) as a short text line
// first, then the bytes, then the structured block.
import type { EngineReadOptions } from '../../engine/index.js';
import { pdfFormatOf, readPrep, readView } from '../kit/files/read-view.js';
import { type ArgsOf, defineTool, pathProp, READ_BUDGET, TAGS } from './shared.js';

/** Pages one call renders as images, or extracts as text, at most. */
const MAX_PDF_IMAGE_PAGES = 20;
const MAX_PDF_TEXT_PAGES = 100;
const MAX_IMAGE_SIDE = 16384;
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

const schema = {
  type: 'object',
  properties: {
    path: pathProp,
    offset: {
      type: 'integer',
      minimum: -Number.MAX_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
      description: '1-based first line (default 1); -N reads the last N lines; 0 is refused. Text only.',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'How many lines to return at most (default: to the end). Text only.',
    },
    max_line_chars: {
      type: 'integer',
      minimum: 1,
      maximum: 1024 * 1024,
      description: 'Cut longer lines to this many characters (reported). Text only.',
    },
    max_bytes: {
      type: 'integer',
      minimum: 1,
      maximum: 64 * 1024 * 1024,
      description: 'Text budget of this call in bytes (default 1 MiB); a notebook is cut at a cell boundary.',
    },
    count_lines: {
      type: 'boolean',
      description: 'Report the total line count even when that means reading past the range.',
    },
    notebooks: {
      type: 'boolean',
      description: 'Show .ipynb files as cells and outputs (default true); false reads the raw JSON lines.',
    },
    max_width: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_IMAGE_SIDE,
      description: 'Scale an image down to at most this many pixels wide.',
    },
    max_height: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_IMAGE_SIDE,
      description: 'Scale an image down to at most this many pixels high.',
    },
    max_image_bytes: {
      type: 'integer',
      minimum: 1024,
      maximum: MAX_IMAGE_BYTES,
      description: 'Re-encode (JPEG at falling quality, then smaller) until the image fits in this many bytes.',
    },
    pages: {
      type: 'string',
      minLength: 1,
      maxLength: 32,
      pattern: '^\\s*\\d+\\s*(-\\s*\\d+\\s*)?$',
      description: 'PDF pages, 1-based: "3" or "1-5".',
    },
    pdf_format: {
      type: 'string',
      enum: ['file', 'images', 'text'],
      description:
        "file: the whole PDF (default without pages); images: pages as JPEG (default with pages, 20 at most); text: the pages' text (100 at most).",
    },
  },
  required: ['path'],
  additionalProperties: false,
} as const;
type Args = ArgsOf<typeof schema>;

/** Checked: offset 0 is a bad field like any other (its `not` is no portable schema, so not served). */
const argumentsSchema = {
  ...schema,
  properties: { ...schema.properties, offset: { ...schema.properties.offset, not: { const: 0 } } },
};

export const readTool = defineTool<Args>({
  name: 'fs.read',
  summary: "Read a file (text lines, a notebook's cells, or an image/PDF) when you need its exact contents.",
  description: [
    'Returns one file inside the roots. Text: `offset` is the 1-based first line (negative: that many',
    'lines from the end) and `limit` the number of lines; ranges stream, so lines 1-100 of a huge file',
    'cost the same as of a small one. Encoding (UTF-8, UTF-16, legacy single-byte) is detected and',
    'reported; the structured block gives the range shown, total lines when known, and cut lines.',
    'Notebooks (.ipynb) are shown as their cells and outputs, each under a "--- cell <id> ---" line, with',
    'output images attached; `notebooks` false reads the JSON as text lines instead (then offset/limit apply).',
    'Images (png, jpeg, gif, webp, svg) come back as a line giving media type, bytes and pixel size, then the',
    'image; `max_width`, `max_height` and `max_image_bytes` scale it down (never up) to fit. PDFs come back',
    'whole as a PDF blob, or with `pages` ("3", "1-5") as JPEG images of those pages (up to 20) or, with',
    'pdf_format "text", as their text (up to 100 pages). Other binary files are reported, not dumped.',
    'At most 1 MiB of text per call unless max_bytes says more.',
  ],
  schema,
  argumentsSchema,
  tags: [TAGS.filesystem, TAGS.readOnly],
  examples: [
    {
      description: 'Read the first 20 lines of the README',
      arguments: { path: 'README.md', limit: 20 },
      expectedOutcome: 'Lines 1-20 as text.',
    },
    {
      description: 'Read the last 50 lines of a log',
      arguments: { path: 'logs/app.log', offset: -50 },
      expectedOutcome: 'The final 50 lines.',
    },
    {
      description: 'Read a notebook as cells',
      arguments: { path: 'analysis.ipynb' },
      expectedOutcome: 'A header line, then each cell under "--- cell <id> (code) ---".',
    },
    {
      description: 'Look at a screenshot at most 1000 px wide',
      arguments: { path: 'docs/screen.png', max_width: 1000 },
      expectedOutcome: 'A line with the size shown, then the image.',
    },
    {
      description: 'The text of pages 1-2 of a PDF',
      arguments: { path: 'docs/spec.pdf', pages: '1-2', pdf_format: 'text' },
      expectedOutcome: 'Each page\'s text under "--- page N ---".',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'NOT_FOUND: the file does not exist.',
    'PERMISSION_DENIED: the path resolves outside the roots (also through symlinks); the message names the roots.',
    'INVALID_ARGUMENT: the path is a directory (use fs.list) or not a regular file; offset 0; offset/limit/max_line_chars on a notebook shown as cells (condition range_on_notebook: pass notebooks false); invalid notebook JSON.',
    'INVALID_ARGUMENT: pages or pdf_format on a file that is not a PDF (not_pdf); pages with pdf_format file, or images/text without pages; a malformed pages value (bad_pages) or more pages than allowed (too_many_pages); pages past the end of the PDF (pages_out_of_range); a PDF poppler cannot read; image bytes that do not decode when fitting (bad_image).',
    'RESOURCE_EXHAUSTED: an image or PDF over 20 MiB; an image that does not fit max_image_bytes even at a quarter of its size.',
    'DEPENDENCY_UNAVAILABLE: pages need poppler-utils (pdftoppm, pdftotext), missing on this server. TIMEOUT: poppler took over 30 s.',
  ],
  async call(args, c) {
    const format = pdfFormatOf(args.pages, args.pdf_format);
    const max = args.max_bytes ?? READ_BUDGET;
    const asked = args.pages !== undefined || args.pdf_format !== undefined;
    const pdf = {
      format,
      pages: args.pages,
      asked,
      maxPages: format === 'images' ? MAX_PDF_IMAGE_PAGES : MAX_PDF_TEXT_PAGES,
    };
    const fit = { maxWidth: args.max_width, maxHeight: args.max_height, maxBytes: args.max_image_bytes };
    const ranged = args.offset !== undefined || args.limit !== undefined || args.max_line_chars !== undefined;
    const view = { path: args.path, pdf, fit, ranged, budget: max };
    // The read makes images and PDF pages ready as the view asks: no second trip to the engine.
    const prep = readPrep(view);
    const opts: EngineReadOptions = {
      start: args.offset,
      limit: args.limit,
      maxLineChars: args.max_line_chars,
      countTotal: args.count_lines,
      notebooks: args.notebooks ?? true,
      budget: { unit: 'bytes', max, overflow: 'exclude' },
    };
    // Only what the view needs: a read of plain text passes the same options as before.
    if (prep.fit) opts.fit = prep.fit;
    if (prep.pdfPages) opts.pdfPages = prep.pdfPages;
    const r = await c.engine.files.read(c, args.path, opts);
    const v = readView(r, view);
    return {
      text: v.text,
      ...(v.blobs ? { blobs: v.blobs } : {}),
      data: v.data,
      host: { summary: `Read ${r.relative}`, paths: [r.path], counts: v.counts },
    };
  },
});
