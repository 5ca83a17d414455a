// Media made ready by the read that found them, so no caller goes back to the engine after its
// answer: an image fitted within bounds, chosen pages of a PDF rendered as images or as text.
// A failure of that work (a page range refused or past the end, bytes that do not decode) is
// kept with the read (`prepFailure`) for the caller to raise where the work used to run: a
// caller that refuses the file on other grounds first still does so.
import { fitImage, type FittedImage } from './image-fit.js';
import { extractPdfText, renderPdfPages, type PageText, type RenderedPage } from './pdf-pages.js';
import { pageRangeFor } from './pdf.js';

export interface MediaPrep {
  /** An image comes back fitted within whichever bounds are given (never scaled up) in `fitted`. */
  fit?: { maxWidth?: number; maxHeight?: number; maxBytes?: number };
  /**
   * A PDF comes back with these pages ("3", "1-5"; at most `maxPages`) rendered (`renderedPages`) or as text
   * (`pageTexts`).
   */
  pdfPages?: { pages: string; maxPages: number; as: 'images' | 'text' };
}

/** What the read made ready (an image or PDF read carries it): the fitted image, the pages asked
 * for and their renderings or text (fewer pages when the PDF ends sooner); or why that work failed. */
export interface PreparedMedia {
  fitted?: FittedImage;
  pageRange?: { first: number; last: number };
  renderedPages?: RenderedPage[];
  pageTexts?: PageText[];
  prepFailure?: Error;
}

/** Whether `fit` names any bound (none: the image is shown as it is). */
export function fitsWithin(fit: MediaPrep['fit']): fit is NonNullable<MediaPrep['fit']> {
  return fit !== undefined && (fit.maxWidth !== undefined || fit.maxHeight !== undefined || fit.maxBytes !== undefined);
}

/** Does the work `prep` asks of the image or PDF `r`, in place. */
export async function prepareMedia(
  r: PreparedMedia & { kind: string; data: Buffer; mediaType: string },
  prep: MediaPrep,
  signal: AbortSignal | undefined,
): Promise<void> {
  try {
    if (r.kind === 'image' && fitsWithin(prep.fit)) {
      const inf = Number.POSITIVE_INFINITY;
      const { maxWidth = inf, maxHeight = inf, maxBytes = inf } = prep.fit;
      r.fitted = await fitImage(r.data, r.mediaType, { maxWidth, maxHeight, maxBytes, signal });
    } else if (r.kind === 'pdf' && prep.pdfPages) {
      const range = pageRangeFor(prep.pdfPages.pages, prep.pdfPages.maxPages);
      r.pageRange = range;
      const opts = { first: range.first, last: range.last, signal };
      if (prep.pdfPages.as === 'images') r.renderedPages = await renderPdfPages(r.data, opts);
      else r.pageTexts = await extractPdfText(r.data, opts);
    }
  } catch (err) {
    r.prepFailure = err as Error;
  }
}
