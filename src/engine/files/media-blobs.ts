// An image or PDF read made into what a model is sent: an image fitted within bounds, chosen
// pages of a PDF rendered as images, or a whole PDF (refused over so many pages), with the
// facts a host block shows. The words around them are the shape's.
import { type FitBounds, type FittedImage } from './image-fit.js';
import { fitImageRead, wholePdfPages } from './media-for-model.js';
import { renderPdfPages } from './pdf-pages.js';
import { parsePageRange } from './pdf.js';
import type { MediaRead } from './read.js';

export interface MediaBlobs {
  blobs: Array<{ mediaType: string; data: Uint8Array }>;
  /** The fitted image, for an image. */
  image?: FittedImage;
  /** The pages rendered (1-based), for a page range; the page count, for a whole PDF. */
  pages?: number[] | number;
}

export interface MediaBlobOptions {
  /** The path as the caller gave it, and the argument naming it, for failures. */
  shown: string;
  field: string;
  fit: Omit<FitBounds, 'signal'>;
  /** A page range ("3", "1-5") already checked, or undefined for the whole PDF. */
  pages?: string;
  /** Over this many pages a whole PDF is refused (pdf_needs_pages on `pagesField`). */
  maxWholePages: number;
  pagesField: string;
  signal?: AbortSignal;
}

export async function mediaBlobs(r: MediaRead, o: MediaBlobOptions): Promise<MediaBlobs> {
  if (r.kind === 'image') {
    const image = await fitImageRead(r, o.shown, { ...o.fit, signal: o.signal }, o.field);
    return { blobs: [{ mediaType: image.mediaType, data: image.data }], image };
  }
  if (o.pages !== undefined) {
    const range = parsePageRange(o.pages)!;
    const pages = await renderPdfPages(r.data, { first: range.first, last: range.last, signal: o.signal });
    return { blobs: pages.map((pg) => ({ mediaType: pg.mediaType, data: pg.data })), pages: pages.map((pg) => pg.page) };
  }
  return { blobs: [{ mediaType: r.mediaType, data: r.data }], pages: wholePdfPages(r.data, o.shown, o.maxWholePages, o.pagesField) };
}
