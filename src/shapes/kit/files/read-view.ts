// One read made ready to show by a tool that shows every kind of file (core's fs.read): text
// lines as they are, a notebook as its cells within a byte budget, an image (fitted within
// bounds) or a PDF (whole, or chosen pages as images or text) as a line and its bytes, any
// other file as a note; each with its structured description and the counts a host shows.
// Arguments that do not fit the file found (pages on a non-PDF, a line range on a notebook
// shown as cells) are refused here, naming the argument.
import { engineFailure } from '../../../engine/index.js';
import { plural } from '../../../engine/index.js';
import { describeRead } from './describe.js';
import { fitsWithin, type MediaPrep } from '../../../engine/index.js';
import { imageView, pdfView, type MediaView } from './media-view.js';
import { notebookListing } from './notebook-listing.js';
import type { ReadResult } from '../../../engine/index.js';

export type PdfFormat = 'file' | 'images' | 'text';
type Refusal = 'pages_with_file' | 'pages_required' | 'not_pdf' | 'range_on_notebook';

function refuse(field: string, message: string, condition: Refusal): never {
  throw engineFailure(condition, message, {}, { field });
}

/**
 * The PDF format asked for (default: images with pages, the whole file without); pages that do not fit it are refused.
 */
export function pdfFormatOf(pages: string | undefined, format: PdfFormat | undefined): PdfFormat {
  const f = format ?? (pages !== undefined ? 'images' : 'file');
  if (f === 'file' && pages !== undefined)
    refuse(
      'pages',
      'pages picks pages to render or extract: use pdf_format "images" or "text" with it, or drop it to get the whole PDF',
      'pages_with_file',
    );
  if (f !== 'file' && pages === undefined)
    refuse('pages', `pdf_format "${f}" needs pages, e.g. "1-5"`, 'pages_required');
  return f;
}

export interface ReadViewOptions {
  /** The path as the caller gave it, for the words of a refusal. */
  path: string;
  /**
   * PDF arguments: the format, pages, whether any was given (refused on other files), and the most pages the format
   * allows.
   */
  pdf: { format: PdfFormat; pages?: string; asked: boolean; maxPages: number };
  /** Bounds an image is scaled down to fit (none given: shown as it is). */
  fit: { maxWidth?: number; maxHeight?: number; maxBytes?: number };
  /** A line range was asked for: refused on a notebook shown as cells. */
  ranged: boolean;
  /** Bytes of a notebook's cells shown at most. */
  budget: number;
}

/** What the read must make ready for readView: the image fitted within `fit`, the PDF pages in the format asked. */
export function readPrep(o: Pick<ReadViewOptions, 'pdf' | 'fit'>): MediaPrep {
  const { format, pages, maxPages } = o.pdf;
  const prep: MediaPrep = {};
  if (fitsWithin(o.fit)) prep.fit = o.fit;
  if (format !== 'file' && pages !== undefined) prep.pdfPages = { pages, maxPages, as: format };
  return prep;
}

/** `r` as fs.read shows it. An image or PDF was read with `fit` and `pdfPages` from readPrep(o). */
export function readView(r: ReadResult, o: ReadViewOptions): MediaView {
  if (o.pdf.asked && r.kind !== 'pdf')
    refuse('pages', `pages and pdf_format apply to PDF files only, and ${o.path} is not a PDF`, 'not_pdf');
  if (r.kind === 'image') return imageView(r, o.fit);
  if (r.kind === 'pdf')
    return pdfView(r, { format: o.pdf.format, pages: o.pdf.pages, maxPages: o.pdf.maxPages, path: o.path });
  if (r.kind === 'text')
    return { text: r.lines.join('\n'), data: describeRead(r), counts: { lines: r.lines.length, bytes: r.size } };
  if (r.kind !== 'notebook')
    return {
      text: `(${r.kind} file, ${r.size} bytes: not shown as text)`,
      data: describeRead(r),
      counts: { bytes: r.size },
    };
  if (o.ranged) {
    const why =
      'offset, limit and max_line_chars select text lines: drop them, or pass notebooks false to read its JSON as lines';
    refuse('offset', `${o.path} is a notebook, shown whole as cells; ${why}`, 'range_on_notebook');
  }
  const nb = r.notebook;
  const out = notebookListing(r.relative, nb, o.budget);
  const left = nb.cells.length - out.shown;
  const more = `(${plural(left, 'more cell')} not shown: over max_bytes ${o.budget}; raise it, or read the JSON lines with notebooks false)`;
  const data = {
    ...describeRead(r),
    ...(nb.language ? { language: nb.language } : {}),
    cellsShown: out.shown,
    hasMore: left > 0,
  };
  return {
    text: left > 0 ? `${out.text}\n${more}` : out.text,
    blobs: out.images,
    data: { ...data, cellIds: nb.cells.map((x) => x.id), images: out.images.length },
    counts: { cells: out.shown },
  };
}
