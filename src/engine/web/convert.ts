// HTML to Markdown (turndown) or plain text (html-to-text), and the page title.
import { Worker } from 'node:worker_threads';
import { lazyModule } from '../lazy-module.js';

const turndown = lazyModule<typeof import('turndown')>('turndown');
const htmlToTextModule = lazyModule<typeof import('html-to-text')>('html-to-text');
const htmlToText: typeof import('html-to-text').convert = (html, options) => htmlToTextModule().convert(html, options);

/** The little of a DOM element these rules read (the DOM types are not part of this build). */
interface El {
  nodeName: string;
  getAttribute(name: string): string | null;
}

function absolute(href: string, base: string): string {
  try {
    return new URL(href, base).href;
  } catch {
    return href;
  }
}

/** Markdown of an HTML document; links and images are made absolute against `baseUrl`. */
export function htmlToMarkdown(html: string, baseUrl: string): string {
  const td = new (turndown())({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  td.remove(['script', 'style', 'noscript', 'template', 'head', 'title', 'iframe', 'object', 'embed']);
  td.addRule('absoluteLinks', {
    filter: (node) => {
      const el = node as unknown as El;
      return el.nodeName === 'A' && !!el.getAttribute('href');
    },
    replacement: (content, node) => {
      const el = node as unknown as El;
      const href = absolute(el.getAttribute('href')!, baseUrl);
      const title = el.getAttribute('title');
      const text = content.trim() || href;
      return `[${text}](${href}${title ? ` "${title.replace(/"/g, '\\"')}"` : ''})`;
    },
  });
  td.addRule('absoluteImages', {
    filter: 'img',
    replacement: (_content, node) => {
      const el = node as unknown as El;
      const src = el.getAttribute('src');
      if (!src || src.startsWith('data:')) return '';
      return `![${(el.getAttribute('alt') ?? '').replace(/[[\]]/g, '')}](${absolute(src, baseUrl)})`;
    },
  });
  return td.turndown(html).trim();
}

/** Plain text of an HTML document: no wrapping, link targets and images left out, text case kept. */
export function htmlToPlainText(html: string): string {
  return htmlToText(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'head', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      // Headings and table headers keep the page's own case (the library shouts them by default).
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  }).trim();
}

/** The document's <title>, entities decoded and whitespace collapsed. */
export function htmlTitle(html: string): string | undefined {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html.slice(0, 200_000));
  if (!m) return undefined;
  const t = htmlToText(m[1]!, { wordwrap: false }).replace(/\s+/g, ' ').trim();
  return t || undefined;
}

/** Pages above this size are converted in a worker thread: turndown needs seconds for megabytes of HTML. */
export const WORKER_THRESHOLD = 256 * 1024;

/**
 * Converts HTML to Markdown or text without blocking the server on big pages: large
 * documents go to a worker thread, which is terminated if `signal` fires.
 */
export async function convertHtml(
  html: string,
  baseUrl: string,
  format: 'markdown' | 'text',
  signal?: AbortSignal,
): Promise<string> {
  if (html.length < WORKER_THRESHOLD)
    return format === 'markdown' ? htmlToMarkdown(html, baseUrl) : htmlToPlainText(html);
  signal?.throwIfAborted();
  const worker = new Worker(new URL('./convert-worker.js', import.meta.url), { workerData: { html, baseUrl, format } });
  return new Promise<string>((resolve, reject) => {
    const onAbort = () => {
      void worker.terminate();
      // The server aborts with EngineErrors; a bare abort() gives a DOMException, an Error too.
      const reason: unknown = signal!.reason;
      reject(reason instanceof Error ? reason : new Error(String(reason)));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    worker.once('message', (out: string) => {
      done();
      resolve(out);
      void worker.terminate();
    });
    worker.once('error', (err) => {
      done();
      reject(err);
    });
  });
}
