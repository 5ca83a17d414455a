// PDF pages rendered by poppler's pdftoppm from the bytes already read (CI installs poppler-utils).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { pdfPageCount } from '../../src/engine/files/pdf.js';
import { extractPdfText, renderPdfPages } from '../../src/engine/files/pdf-pages.js';
import { makePdf } from '../helpers/pdf.js';

const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

test('renders the asked pages, in order, as JPEG', async () => {
  const pdf = makePdf(4);
  assert.equal(pdfPageCount(pdf), 4);
  const pages = await renderPdfPages(pdf, { first: 2, last: 3 });
  assert.deepEqual(
    pages.map((p) => [p.page, p.mediaType, isJpeg(p.data)]),
    [
      [2, 'image/jpeg', true],
      [3, 'image/jpeg', true],
    ],
  );
  assert.notDeepEqual(pages[0]!.data, pages[1]!.data, 'each page has its own image');
});

test('pages past the end, broken PDFs and a missing pdftoppm are clear errors', async () => {
  const kind = async (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: EngineError) => `${e.kind}:${String(e.facts.condition)}`,
    );
  assert.equal(await kind(renderPdfPages(makePdf(2), { first: 5, last: 6 })), 'invalid_argument:pages_out_of_range');
  assert.equal(
    await kind(renderPdfPages(Buffer.from('%PDF-1.4\nnot really\n'), { first: 1, last: 1 })),
    'invalid_argument:pdf_unreadable',
  );
  assert.equal(
    await kind(renderPdfPages(makePdf(1), { first: 1, last: 1, binary: '/nonexistent/pdftoppm' })),
    'unavailable:pdf_pages_unavailable',
  );
  const aborted = AbortSignal.abort();
  assert.equal(await kind(renderPdfPages(makePdf(1), { first: 1, last: 1, signal: aborted })), 'cancelled:cancelled');
});

test('extracts the text of the asked pages, one entry per page, with the same errors', async () => {
  assert.deepEqual(await extractPdfText(makePdf(5), { first: 2, last: 4 }), [
    { page: 2, text: 'Page 2' },
    { page: 3, text: 'Page 3' },
    { page: 4, text: 'Page 4' },
  ]);
  const kind = async (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: EngineError) => `${e.kind}:${String(e.facts.condition)}`,
    );
  assert.equal(await kind(extractPdfText(makePdf(2), { first: 3, last: 3 })), 'invalid_argument:pages_out_of_range');
  assert.equal(
    await kind(extractPdfText(Buffer.from('not a pdf'), { first: 1, last: 1 })),
    'invalid_argument:pdf_unreadable',
  );
  assert.equal(
    await kind(extractPdfText(makePdf(1), { first: 1, last: 1, binary: '/nonexistent/pdftotext' })),
    'unavailable:pdf_pages_unavailable',
  );
});
