// Media read for a model: an image fitted within an API's bounds (bytes that are not the image
// their extension names are bad_image), and a PDF's page count when a whole read is allowed
// only up to so many pages (over it, a page range is required).
import { extname } from 'node:path';
import { engineFailure, isCondition } from '../errors.js';
import { type FitBounds, type FittedImage, fitImage } from './image-fit.js';
import { pdfPageCount } from './pdf.js';
import type { MediaRead } from './read.js';

/**
 * `r` (an image) fitted within `bounds`; undecodable bytes are bad_image naming `shown`, the path as the caller gave
 * it.
 */
export async function fitImageRead(
  r: MediaRead,
  shown: string,
  bounds: FitBounds,
  field: string,
): Promise<FittedImage> {
  return fitImage(r.data, r.mediaType, bounds).catch((err: unknown) => {
    if (!isCondition(err, 'bad_image')) throw err;
    const ext = extname(r.path).slice(1).toLowerCase() || r.mediaType.slice('image/'.length);
    throw engineFailure('bad_image', `${shown} is not a valid ${ext} image`, { path: shown, ext }, { field });
  });
}

/** The page count of a PDF read whole; over `maxWhole` pages, pdf_needs_pages (a range is required). */
export function wholePdfPages(data: Uint8Array, shown: string, maxWhole: number, field: string): number {
  const pages = pdfPageCount(data);
  if (pages > maxWhole) {
    const why = `the PDF has ${pages} pages; over ${maxWhole} a page range is required`;
    throw engineFailure('pdf_needs_pages', why, { path: shown, pages }, { field });
  }
  return pages;
}
