// An image or PDF read made into what a model is sent: an image fitted within bounds, chosen
// pages of a PDF rendered as images, or a whole PDF (refused over so many pages), with the
// facts a host block shows (counts and details). The words around them are the shape's.
import type { FitBounds, FittedImage } from './image-fit.js';
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
  /** What a host shows: the file's bytes and the pages sent; the image's sizes, or the pages rendered. */
  counts: { bytes: number; pages?: number };
  details?: Record<string, unknown>;
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
    const { width, height, originalWidth, originalHeight, changed: resized } = image;
    const details = { width, height, originalWidth, originalHeight, resized };
    return { blobs: [{ mediaType: image.mediaType, data: image.data }], image, counts: { bytes: r.size }, details };
  }
  if (o.pages !== undefined) {
    const range = parsePageRange(o.pages)!;
    const pages = await renderPdfPages(r.data, { first: range.first, last: range.last, signal: o.signal });
    const numbers = pages.map((pg) => pg.page);
    const blobs = pages.map((pg) => ({ mediaType: pg.mediaType, data: pg.data }));
    return { blobs, pages: numbers, counts: { bytes: r.size, pages: pages.length }, details: { pages: numbers } };
  }
  const count = wholePdfPages(r.data, o.shown, o.maxWholePages, o.pagesField);
  return { blobs: [{ mediaType: r.mediaType, data: r.data }], pages: count, counts: { bytes: r.size, pages: count } };
}
