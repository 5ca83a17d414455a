// What a fetched response becomes: HTML as Markdown, text or raw HTML; text, Markdown and
// JSON as they are; images as bytes; any other binary refused with the type it had.
import { abortError, engineFailure } from '../errors.js';
import { convertHtml, htmlTitle } from './convert.js';
import { decodeBody, looksLikeText } from './decode.js';
import type { RawResponse } from './fetch.js';

/** How an HTML page is returned. */
export type HtmlFormat = 'markdown' | 'text' | 'html';

/** The form of FetchedPage.content. */
export type PageFormat = 'markdown' | 'text' | 'html' | 'json' | 'image';

export interface FetchedPage {
  /** The URL asked for (after any upgrade or rewrite). */
  url: string;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  redirects: string[];
  status: number;
  statusText: string;
  /** Content-Type as sent ('' when absent). */
  contentType: string;
  /** The media type the body was treated as (sniffed when absent or generic). */
  mediaType: string;
  charset?: string;
  format: PageFormat;
  /** The page as text ('' for images). */
  content: string;
  title?: string;
  /** Image bytes, for format 'image'. */
  blob?: { mediaType: string; data: Uint8Array };
  /** Body bytes read (after decompression). */
  bytes: number;
  /** The body was cut at the byte cap. */
  truncated: boolean;
  /** Length of the content before a maxChars cut. */
  totalChars: number;
  /** content was cut to maxChars. */
  charsTruncated: boolean;
  fromCache: boolean;
}

const TEXT_TYPES = [
  /^text\//,
  /^application\/(json|ld\+json|xml|javascript|ecmascript|x-javascript|x-sh|x-yaml|yaml|toml|x-toml|sql|graphql|x-www-form-urlencoded)$/,
  /\+(json|xml)$/,
];

function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

function sniffHtml(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith('<!doctype html') || head.startsWith('<html') || /^<(head|body|meta|title|div|p)[\s>]/.test(head)
  );
}

/** The media type to treat the body as: the declared one, or a sniffed one when absent or generic. */
function effectiveType(raw: RawResponse): string {
  const declared = mediaTypeOf(raw.contentType);
  if (declared && declared !== 'application/octet-stream' && declared !== 'binary/octet-stream') return declared;
  if (!looksLikeText(raw.body)) return declared || 'application/octet-stream';
  return sniffHtml(raw.body) ? 'text/html' : 'text/plain';
}

export interface PageOptions {
  format: HtmlFormat;
  maxChars?: number;
  fromCache: boolean;
  /** Stops a long conversion (the call's deadline or cancellation). */
  signal?: AbortSignal;
}

/** The page's facts that do not depend on its content. */
function pageBase(raw: RawResponse, mediaType: string, fromCache: boolean) {
  return {
    url: raw.url,
    finalUrl: raw.finalUrl,
    redirects: raw.redirects,
    status: raw.status,
    statusText: raw.statusText,
    contentType: raw.contentType,
    mediaType,
    bytes: raw.body.length,
    truncated: raw.truncated,
    fromCache,
  };
}

export async function toPage(raw: RawResponse, opts: PageOptions): Promise<FetchedPage> {
  const mediaType = effectiveType(raw);
  if (mediaType.startsWith('image/')) {
    if (raw.truncated) {
      throw engineFailure(
        'web_image_too_large',
        `the image at ${raw.finalUrl} is larger than the ${raw.maxBytes}-byte limit`,
        {
          url: raw.finalUrl,
          mediaType,
          maxBytes: raw.maxBytes,
        },
      );
    }
    return {
      ...pageBase(raw, mediaType, opts.fromCache),
      format: 'image',
      content: '',
      blob: { mediaType, data: new Uint8Array(raw.body) },
      totalChars: 0,
      charsTruncated: false,
    };
  }
  const isHtml = mediaType === 'text/html' || mediaType === 'application/xhtml+xml';
  if (!isHtml && !TEXT_TYPES.some((re) => re.test(mediaType))) {
    throw engineFailure(
      'binary_content',
      `${raw.finalUrl} is ${mediaType}, a binary type that cannot be shown as text`,
      {
        url: raw.finalUrl,
        mediaType,
        bytes: raw.body.length,
      },
    );
  }
  const { text, charset } = decodeBody(raw.body, raw.contentType, isHtml);
  let content: string;
  let format: PageFormat;
  let title: string | undefined;
  if (isHtml) {
    title = htmlTitle(text);
    format = opts.format;
    if (format === 'html') content = text;
    else {
      try {
        content = await convertHtml(text, raw.finalUrl, format, opts.signal);
      } catch (err) {
        if (opts.signal?.aborted) throw abortError(opts.signal, `converting ${raw.finalUrl}`);
        throw engineFailure(
          'page_conversion_failed',
          `converting ${raw.finalUrl} failed: ${(err as Error).message}`,
          {},
          { cause: err },
        );
      }
    }
  } else {
    format = /json$/.test(mediaType) ? 'json' : mediaType === 'text/markdown' ? 'markdown' : 'text';
    content = text;
  }
  const totalChars = content.length;
  const cut = opts.maxChars !== undefined && totalChars > opts.maxChars;
  // Object.assign, not spreads: on Node 20 two spreads cost a small page ~5 µs.
  const page: FetchedPage = Object.assign(pageBase(raw, mediaType, opts.fromCache), {
    charset,
    format,
    content: cut ? content.slice(0, opts.maxChars) : content,
    totalChars,
    charsTruncated: cut,
  });
  if (title !== undefined) page.title = title;
  return page;
}
