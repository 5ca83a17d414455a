// PDF pages through poppler: rendered to JPEG (pdftoppm) or as text (pdftotext). The PDF is
// given on stdin as the bytes already read through the scope checks, so the file is never
// opened a second time by path.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { engineFailure, throwIfAborted } from '../errors.js';

export interface RenderedPage {
  page: number;
  mediaType: 'image/jpeg';
  data: Buffer;
}

export interface RenderOptions {
  first: number;
  last: number;
  /** Resolution in dots per inch (default 100: legible text, modest size). */
  dpi?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The poppler binary to run (default: pdftoppm or pdftotext on PATH). */
  binary?: string;
}

/** Runs a poppler tool on the PDF `data` (stdin) for pages first..last; its stdout, or a worded error. */
async function poppler(
  tool: 'pdftoppm' | 'pdftotext',
  args: string[],
  data: Uint8Array,
  opts: RenderOptions,
): Promise<string> {
  // execa is loaded with the first PDF read, not at start-up (lazy-module.ts says why).
  const { execa } = await import('execa');
  const run = await execa(opts.binary ?? tool, args, {
    input: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    reject: false,
    timeout: opts.timeoutMs ?? 30_000,
    cancelSignal: opts.signal,
    stripFinalNewline: false,
    maxBuffer: 64 * 1024 * 1024,
  });
  if ((run as { code?: string }).code === 'ENOENT' || /ENOENT/.test(String(run.message ?? ''))) {
    throw engineFailure(
      'pdf_pages_unavailable',
      `reading PDF pages needs poppler-utils (${tool}), which is not installed`,
      {},
    );
  }
  throwIfAborted(opts.signal, 'render');
  if (run.timedOut) throw engineFailure('pdf_render_timeout', 'reading the PDF pages ran out of time', {});
  if (run.exitCode !== 0) {
    const stderr = String(run.stderr ?? '');
    if (/Wrong page range|first page .* last page/i.test(stderr)) {
      throw engineFailure(
        'pages_out_of_range',
        `the PDF has no pages ${opts.first}-${opts.last}`,
        { first: opts.first, last: opts.last },
        { field: 'pages' },
      );
    }
    throw engineFailure(
      'pdf_unreadable',
      `the PDF could not be read: ${stderr.split('\n')[0] || `${tool} exited ${run.exitCode}`}`,
      { stderr },
    );
  }
  return String(run.stdout ?? '');
}

export interface PageText {
  page: number;
  text: string;
}

/** The text of pages first..last (1-based, inclusive) of the PDF `data`, page by page (pdftotext). */
export async function extractPdfText(data: Uint8Array, opts: RenderOptions): Promise<PageText[]> {
  throwIfAborted(opts.signal, 'render');
  const out = await poppler('pdftotext', ['-f', String(opts.first), '-l', String(opts.last), '-', '-'], data, opts);
  // pdftotext ends every page with a form feed.
  const pages = out.split('\f');
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages.map((text, i) => ({ page: opts.first + i, text: text.replace(/\s+$/, '') }));
}

/** Renders pages first..last (1-based, inclusive) of the PDF `data`. */
export async function renderPdfPages(data: Uint8Array, opts: RenderOptions): Promise<RenderedPage[]> {
  throwIfAborted(opts.signal, 'render');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'facet-pdf-'));
  try {
    const prefix = path.join(dir, 'p');
    await poppler(
      'pdftoppm',
      ['-jpeg', '-r', String(opts.dpi ?? 100), '-f', String(opts.first), '-l', String(opts.last), '-', prefix],
      data,
      opts,
    );
    // pdftoppm names pages p-1.jpg or p-01.jpg (zero-padded to the page count's width).
    const files = (await readdir(dir))
      .map((f) => ({ f, page: Number(/-(\d+)\.jpg$/.exec(f)?.[1]) }))
      .filter((x) => Number.isInteger(x.page));
    files.sort((a, b) => a.page - b.page);
    const pages: RenderedPage[] = [];
    for (const { f, page } of files)
      pages.push({ page, mediaType: 'image/jpeg', data: await readFile(path.join(dir, f)) });
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
