// A media read made ready to show: an image whole or fitted within bounds, a PDF whole, or
// chosen pages of it rendered as images or extracted as text. Each comes with a one-line
// text (media type, bytes, pixel size or page count), the structured description of what is
// shown, and the counts a host shows. The page limits are the caller's.
import { isCondition, withDetails } from '../../../engine/index.js';
import { describeRead } from './describe.js';
import { fitImage } from '../../../engine/index.js';
import { extractPdfText, renderPdfPages } from '../../../engine/index.js';
import { pageRangeFor, pdfPageCount } from '../../../engine/index.js';
import type { MediaRead } from '../../../engine/index.js';
import { plural } from '../../../engine/index.js';

export interface MediaView {
  text: string;
  blobs?: Array<{ mediaType: string; data: Uint8Array }>;
  data: Record<string, unknown>;
  counts: Record<string, number>;
}

const dims = (w: number | undefined, h: number | undefined) => (w ? `, ${w}x${h} px` : '');

/** An image read, fitted within whichever of the bounds are given (never scaled up). */
export async function imageView(r: MediaRead, b: { maxWidth?: number; maxHeight?: number; maxBytes?: number; signal?: AbortSignal }): Promise<MediaView> {
  const data = describeRead(r);
  if (b.maxWidth === undefined && b.maxHeight === undefined && b.maxBytes === undefined) {
    return {
      text: `${r.mediaType}, ${r.size} bytes${dims(r.width, r.height)}`,
      blobs: [{ mediaType: r.mediaType, data: r.data }],
      data,
      counts: { bytes: r.size },
    };
  }
  const inf = Number.POSITIVE_INFINITY;
  const img = await fitImage(r.data, r.mediaType, {
    maxWidth: b.maxWidth ?? inf,
    maxHeight: b.maxHeight ?? inf,
    maxBytes: b.maxBytes ?? inf,
    signal: b.signal,
  });
  const shown = `${img.mediaType}, ${img.data.length} bytes${dims(img.width, img.height)}`;
  const { mediaType, width, height, originalWidth, originalHeight } = img;
  data.fitted = { changed: img.changed, mediaType, bytes: img.data.length, width, height, originalWidth, originalHeight };
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
  signal?: AbortSignal;
}

/** A PDF read, whole or as chosen pages; too many pages, or pages past the end, are INVALID_ARGUMENT on `pages`. */
export async function pdfView(r: MediaRead, o: PdfViewOptions): Promise<MediaView> {
  const data = describeRead(r);
  const count = pdfPageCount(r.data);
  if (count > 0) data.pages = count;
  const head = `${r.mediaType}, ${r.size} bytes${count > 0 ? `, ${plural(count, 'page')}` : ''}`;
  if (o.format === 'file') return { text: head, blobs: [{ mediaType: r.mediaType, data: r.data }], data, counts: { bytes: r.size } };
  const cap = o.maxPages;
  let range: { first: number; last: number };
  try {
    range = pageRangeFor(o.pages!, cap);
  } catch (err) {
    if (!isCondition(err, 'too_many_pages')) throw err;
    const does = o.format === 'images' ? 'renders as images' : 'extracts as text';
    throw withDetails(err, {
      message: `pages "${o.pages}" is more than the ${cap} pages one call ${does}: ask for ${cap} or fewer`,
      field: 'pages',
      facts: { maxPages: cap },
    });
  }
  const pastEnd = (err: unknown): never => {
    if (!isCondition(err, 'pages_out_of_range')) throw err;
    const has = count > 0 ? `has ${plural(count, 'page')}` : 'is shorter';
    const message = `${o.path} ${has}: pages "${o.pages}" lie past its end${count > 0 ? `; ask for pages 1-${count}` : ''}`;
    throw withDetails(err, { message, field: 'pages', facts: { pages: count } });
  };
  const span = range.first === range.last ? `page ${range.first}` : `pages ${range.first}-${range.last}`;
  const opts = { first: range.first, last: range.last, signal: o.signal };
  if (o.format === 'images') {
    const rendered = await renderPdfPages(r.data, opts).catch(pastEnd);
    Object.assign(data, { format: 'images', pagesShown: rendered.map((p) => p.page) });
    const text = `${head}; ${span} rendered as ${rendered.length} JPEG image${rendered.length === 1 ? '' : 's'}`;
    return { text, blobs: rendered.map((p) => ({ mediaType: p.mediaType, data: p.data })), data, counts: { pages: rendered.length } };
  }
  const pages = await extractPdfText(r.data, opts).catch(pastEnd);
  Object.assign(data, { format: 'text', pagesShown: pages.map((p) => p.page) });
  const body = pages.map((p) => `--- page ${p.page} ---\n${p.text}`).join('\n');
  return { text: `${head}; text of ${span}:\n${body}`, data, counts: { pages: pages.length } };
}
