// A media read made ready to show: an image whole or fitted within bounds, a PDF whole, or
// chosen pages of it rendered as images or extracted as text. The fitting, rendering and
// extracting were done by the read (its `fit` and `pdfPages`); here each comes with a one-line
// text (media type, bytes, pixel size or page count), the structured description of what is
// shown, and the counts a host shows. The page limits are the caller's.
import { EngineError, fitsWithin, isCondition, pdfPageCount, plural, withDetails } from '../../../engine/index.js';
import type { MediaRead } from '../../../engine/index.js';
import { describeRead } from './describe.js';

export interface MediaView {
  text: string;
  blobs?: Array<{ mediaType: string; data: Uint8Array }>;
  data: Record<string, unknown>;
  counts: Record<string, number>;
}

const dims = (w: number | undefined, h: number | undefined) => (w ? `, ${w}x${h} px` : '');

/** An image read, fitted (by the read, with the same bounds as `fit` here) within whichever of the bounds are given. */
export function imageView(r: MediaRead, fit: { maxWidth?: number; maxHeight?: number; maxBytes?: number }): MediaView {
  const data = describeRead(r);
  if (!fitsWithin(fit)) {
    return {
      text: `${r.mediaType}, ${r.size} bytes${dims(r.width, r.height)}`,
      blobs: [{ mediaType: r.mediaType, data: r.data }],
      data,
      counts: { bytes: r.size },
    };
  }
  if (r.prepFailure !== undefined) throw r.prepFailure;
  const img = r.fitted;
  if (!img) throw new EngineError('internal', 'an image to fit was read without fitting it');
  const shown = `${img.mediaType}, ${img.data.length} bytes${dims(img.width, img.height)}`;
  const { mediaType, width, height, originalWidth, originalHeight } = img;
  data.fitted = {
    changed: img.changed,
    mediaType,
    bytes: img.data.length,
    width,
    height,
    originalWidth,
    originalHeight,
  };
  const text = img.changed
    ? `${shown} (scaled from ${r.mediaType}, ${r.size} bytes${dims(originalWidth, originalHeight)})`
    : `${shown} (already within the bounds)`;
  return { text, blobs: [{ mediaType, data: img.data }], data, counts: { bytes: img.data.length } };
}

export interface PdfViewOptions {
  /** file: the whole PDF; images: `pages` rendered as JPEG; text: their text. */
  format: 'file' | 'images' | 'text';
  pages?: string;
  /** Most pages one call renders or extracts. */
  maxPages: number;
  /** The path as the caller gave it, for the words of a range past the end. */
  path: string;
}

/**
 * A PDF read, whole or as chosen pages (rendered or extracted by the read, with the same pages
 * and format); too many pages, or pages past the end, are INVALID_ARGUMENT on `pages`.
 */
export function pdfView(r: MediaRead, o: PdfViewOptions): MediaView {
  const data = describeRead(r);
  const count = pdfPageCount(r.data);
  if (count > 0) data.pages = count;
  const head = `${r.mediaType}, ${r.size} bytes${count > 0 ? `, ${plural(count, 'page')}` : ''}`;
  if (o.format === 'file')
    return { text: head, blobs: [{ mediaType: r.mediaType, data: r.data }], data, counts: { bytes: r.size } };
  const cap = o.maxPages;
  const failure = r.prepFailure;
  if (failure !== undefined && isCondition(failure, 'too_many_pages')) {
    const does = o.format === 'images' ? 'renders as images' : 'extracts as text';
    throw withDetails(failure, {
      message: `pages "${o.pages}" is more than the ${cap} pages one call ${does}: ask for ${cap} or fewer`,
      field: 'pages',
      facts: { maxPages: cap },
    });
  }
  if (failure !== undefined && isCondition(failure, 'pages_out_of_range')) {
    const has = count > 0 ? `has ${plural(count, 'page')}` : 'is shorter';
    const message = `${o.path} ${has}: pages "${o.pages}" lie past its end${count > 0 ? `; ask for pages 1-${count}` : ''}`;
    throw withDetails(failure, { message, field: 'pages', facts: { pages: count } });
  }
  if (failure !== undefined) throw failure;
  const range = r.pageRange;
  if (!range) throw new EngineError('internal', 'PDF pages to show were read without them');
  const span = range.first === range.last ? `page ${range.first}` : `pages ${range.first}-${range.last}`;
  if (o.format === 'images') {
    const rendered = r.renderedPages ?? [];
    Object.assign(data, { format: 'images', pagesShown: rendered.map((p) => p.page) });
    const text = `${head}; ${span} rendered as ${rendered.length} JPEG image${rendered.length === 1 ? '' : 's'}`;
    return {
      text,
      blobs: rendered.map((p) => ({ mediaType: p.mediaType, data: p.data })),
      data,
      counts: { pages: rendered.length },
    };
  }
  const pages = r.pageTexts ?? [];
  Object.assign(data, { format: 'text', pagesShown: pages.map((p) => p.page) });
  const body = pages.map((p) => `--- page ${p.page} ---\n${p.text}`).join('\n');
  return { text: `${head}; text of ${span}:\n${body}`, data, counts: { pages: pages.length } };
}
