// core fs.read over gRPC: notebooks rendered as cells (with output images), images with a
// text line first and optional fitting, PDFs whole or by pages (images or text), and the
// refusals of options that do not fit the file, each with its exact text.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import sharp from 'sharp';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { callTool, serverFixture } from '../../helpers/server.js';
import { makePdf } from '../../helpers/pdf.js';
import { DOT_PNG, items, notebookJson } from './fixtures.js';

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

describe('core fs.read: notebooks, images, PDFs', () => {
  const { t, dir } = serverFixture({ shape: 'core', prefix: 'facet-core-read-' });
  let big: Buffer;
  const pdf = makePdf(3);
  const read = (args: Record<string, unknown>) =>
    callTool(t.client, 'fs.read', args, { shape: 'core', session: 'read' });

  before(async () => {
    big = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    writeFileSync(path.join(dir, 'big.png'), big);
    writeFileSync(path.join(dir, 'dot.png'), DOT_PNG);
    writeFileSync(path.join(dir, 'd.pdf'), pdf);
    writeFileSync(path.join(dir, 'n.ipynb'), notebookJson());
    writeFileSync(path.join(dir, 'a.txt'), 'one\ntwo\n');
  });

  test('a notebook: header, cells and outputs as text, output images attached, then the structured block', async () => {
    const r = await read({ path: 'n.ipynb' });
    assert.equal(r.error, '');
    const size = Buffer.byteLength(notebookJson());
    assert.deepEqual(items(r), [
      {
        text: [
          'Notebook n.ipynb: 3 cells, python, nbformat 4.5',
          '--- cell md1 (markdown) ---',
          '# Title',
          'text',
          '--- cell c1 (code, run 2) ---',
          'print(1)',
          'x',
          '--- output of c1 (stream) ---',
          '1',
          '--- output of c1 (execute_result) ---',
          '42',
          '--- output of c1 (display_data, image/png attached) ---',
          '<Figure>',
          '--- cell c2 (code) ---',
          'pass',
        ].join('\n'),
      },
      { blob: 'image/png', data: DOT_PNG },
      {
        structured: {
          path: path.join(dir, 'n.ipynb'),
          kind: 'notebook',
          size,
          cells: 3,
          language: 'python',
          cellsShown: 3,
          hasMore: false,
          cellIds: ['md1', 'c1', 'c2'],
          images: 1,
        },
      },
      {
        structured: {
          display: {
            tool: 'fs.read',
            summary: 'Read n.ipynb',
            paths: [path.join(dir, 'n.ipynb')],
            counts: { cells: 3 },
          },
        },
      },
    ]);
  });

  test('a notebook over max_bytes is cut at a cell boundary and says how to see the rest', async () => {
    const r = await read({ path: 'n.ipynb', max_bytes: 150 });
    const all = items(r);
    assert.deepEqual(all[0], {
      text: 'Notebook n.ipynb: 3 cells, python, nbformat 4.5\n--- cell md1 (markdown) ---\n# Title\ntext\n(2 more cells not shown: over max_bytes 150; raise it, or read the JSON lines with notebooks false)',
    });
    assert.equal(all.length, 3);
    const s = (all[1] as { structured: Record<string, unknown> }).structured;
    assert.deepEqual([s.cellsShown, s.hasMore, s.images], [1, true, 0]);
  });

  test('notebooks false reads the JSON as lines; a line range on a rendered notebook is refused', async () => {
    const raw = await read({ path: 'n.ipynb', notebooks: false, limit: 3 });
    assert.deepEqual(items(raw)[0], { text: '{\n "cells": [\n  {' });
    const refused = await read({ path: 'n.ipynb', limit: 3 });
    assert.equal(refused.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(
      refused.error,
      'n.ipynb is a notebook, shown whole as cells; offset, limit and max_line_chars select text lines: drop them, or pass notebooks false to read its JSON as lines',
    );
  });

  test('an image: a text line, the image, the structured block', async () => {
    const r = await read({ path: 'dot.png' });
    assert.deepEqual(items(r), [
      { text: `image/png, ${DOT_PNG.length} bytes, 3x2 px` },
      { blob: 'image/png', data: DOT_PNG },
      {
        structured: {
          path: path.join(dir, 'dot.png'),
          kind: 'image',
          size: DOT_PNG.length,
          mediaType: 'image/png',
          width: 3,
          height: 2,
        },
      },
      {
        structured: {
          display: {
            tool: 'fs.read',
            summary: 'Read dot.png',
            paths: [path.join(dir, 'dot.png')],
            counts: { bytes: DOT_PNG.length },
          },
        },
      },
    ]);
  });

  test('max_width scales an image down; an image already within the bounds is sent as it is', async () => {
    const r = await read({ path: 'big.png', max_width: 100 });
    const [line, blob, block] = items(r) as [
      { text: string },
      { blob: string; data: Buffer },
      { structured: Record<string, unknown> },
    ];
    assert.equal(blob.blob, 'image/png');
    const meta = await sharp(blob.data).metadata();
    assert.deepEqual([meta.width, meta.height], [100, 50]);
    assert.equal(
      line.text,
      `image/png, ${blob.data.length} bytes, 100x50 px (scaled from image/png, ${big.length} bytes, 400x200 px)`,
    );
    assert.deepEqual(block.structured, {
      path: path.join(dir, 'big.png'),
      kind: 'image',
      size: big.length,
      mediaType: 'image/png',
      width: 400,
      height: 200,
      fitted: {
        changed: true,
        mediaType: 'image/png',
        bytes: blob.data.length,
        width: 100,
        height: 50,
        originalWidth: 400,
        originalHeight: 200,
      },
    });

    const same = items(await read({ path: 'big.png', max_width: 1000, max_height: 1000 }));
    assert.deepEqual(same[0], { text: `image/png, ${big.length} bytes, 400x200 px (already within the bounds)` });
    assert.deepEqual(same[1], { blob: 'image/png', data: big });

    const tall = items(await read({ path: 'big.png', max_height: 50 }));
    assert.match(
      (tall[0] as { text: string }).text,
      /^image\/png, \d+ bytes, 100x50 px \(scaled from image\/png, \d+ bytes, 400x200 px\)$/,
    );
  });

  test('a PDF whole: a text line with its pages, the PDF, the structured block', async () => {
    const r = await read({ path: 'd.pdf' });
    assert.deepEqual(items(r), [
      { text: `application/pdf, ${pdf.length} bytes, 3 pages` },
      { blob: 'application/pdf', data: pdf },
      {
        structured: {
          path: path.join(dir, 'd.pdf'),
          kind: 'pdf',
          size: pdf.length,
          mediaType: 'application/pdf',
          pages: 3,
        },
      },
      {
        structured: {
          display: {
            tool: 'fs.read',
            summary: 'Read d.pdf',
            paths: [path.join(dir, 'd.pdf')],
            counts: { bytes: pdf.length },
          },
        },
      },
    ]);
  });

  test('PDF pages as JPEG images, and as text', async () => {
    const r = items(await read({ path: 'd.pdf', pages: '1-2' }));
    assert.equal(r.length, 5);
    assert.deepEqual(r[0], {
      text: `application/pdf, ${pdf.length} bytes, 3 pages; pages 1-2 rendered as 2 JPEG images`,
    });
    for (const b of r.slice(1, 3) as Array<{ blob: string; data: Buffer }>) {
      assert.equal(b.blob, 'image/jpeg');
      assert.ok(b.data.subarray(0, 3).equals(JPEG_MAGIC));
    }
    assert.deepEqual(r[3], {
      structured: {
        path: path.join(dir, 'd.pdf'),
        kind: 'pdf',
        size: pdf.length,
        mediaType: 'application/pdf',
        pages: 3,
        format: 'images',
        pagesShown: [1, 2],
      },
    });
    assert.deepEqual(r[4], {
      structured: {
        display: { tool: 'fs.read', summary: 'Read d.pdf', paths: [path.join(dir, 'd.pdf')], counts: { pages: 2 } },
      },
    });

    const text = items(await read({ path: 'd.pdf', pages: '2-3', pdf_format: 'text' }));
    assert.deepEqual(text, [
      {
        text: `application/pdf, ${pdf.length} bytes, 3 pages; text of pages 2-3:\n--- page 2 ---\nPage 2\n--- page 3 ---\nPage 3`,
      },
      {
        structured: {
          path: path.join(dir, 'd.pdf'),
          kind: 'pdf',
          size: pdf.length,
          mediaType: 'application/pdf',
          pages: 3,
          format: 'text',
          pagesShown: [2, 3],
        },
      },
      {
        structured: {
          display: { tool: 'fs.read', summary: 'Read d.pdf', paths: [path.join(dir, 'd.pdf')], counts: { pages: 2 } },
        },
      },
    ]);
  });

  for (const [label, args, error] of [
    [
      'pages past the end',
      { path: 'd.pdf', pages: '5-6' },
      'd.pdf has 3 pages: pages "5-6" lie past its end; ask for pages 1-3',
    ],
    [
      'too many pages as images',
      { path: 'd.pdf', pages: '1-21' },
      'pages "1-21" is more than the 20 pages one call renders as images: ask for 20 or fewer',
    ],
    [
      'too many pages as text',
      { path: 'd.pdf', pages: '1-101', pdf_format: 'text' },
      'pages "1-101" is more than the 100 pages one call extracts as text: ask for 100 or fewer',
    ],
    ['pages backwards', { path: 'd.pdf', pages: '3-1' }, 'pages "3-1" is not a page number or range'],
    ['text without pages', { path: 'd.pdf', pdf_format: 'text' }, 'pdf_format "text" needs pages, e.g. "1-5"'],
    [
      'pages with pdf_format file',
      { path: 'd.pdf', pages: '1', pdf_format: 'file' },
      'pages picks pages to render or extract: use pdf_format "images" or "text" with it, or drop it to get the whole PDF',
    ],
    [
      'pages on a text file',
      { path: 'a.txt', pages: '1' },
      'pages and pdf_format apply to PDF files only, and a.txt is not a PDF',
    ],
    [
      'pages on an image',
      { path: 'dot.png', pages: '1' },
      'pages and pdf_format apply to PDF files only, and dot.png is not a PDF',
    ],
  ] as const) {
    test(`refused: ${label}`, async () => {
      const r = await read(args);
      assert.equal(r.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
      assert.equal(r.error, error);
      assert.deepEqual(items(r), [
        { text: error },
        { structured: { display: { tool: 'fs.read', summary: error, failure: 'invalid_argument' } } },
      ]);
    });
  }

  test('schema bounds: pages pattern, image bounds, pdf_format enum', async () => {
    for (const [args, error] of [
      [{ path: 'd.pdf', pages: 'first' }, 'pages must match pattern "^\\s*\\d+\\s*(-\\s*\\d+\\s*)?$"'],
      [{ path: 'big.png', max_width: 0 }, 'max_width must be >= 1'],
      [{ path: 'big.png', max_height: 16385 }, 'max_height must be <= 16384'],
      [{ path: 'big.png', max_image_bytes: 10 }, 'max_image_bytes must be >= 1024'],
      [{ path: 'd.pdf', pdf_format: 'pages' }, 'pdf_format must be one of "file", "images", "text"'],
    ] as const) {
      const r = await read(args);
      assert.equal(r.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT, JSON.stringify(args));
      assert.equal(r.error, `invalid arguments for fs.read: ${error}`);
    }
  });
});
