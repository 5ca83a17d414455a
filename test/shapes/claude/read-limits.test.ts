// Claude Read's limits and Grep's long-line rule: a media file over 20 MB, a malformed pages
// value, and lines longer than ripgrep's 500 columns in match and in context.
import assert from 'node:assert/strict';
import { closeSync, ftruncateSync, openSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { makePdf } from '../../helpers/pdf.js';
import { callTool, serverFixture, texts } from '../../helpers/server.js';
import { PNG_3X2 } from '../../helpers/png.js';

const { t, dir } = serverFixture({ shape: 'claude@2.1.197', prefix: 'facet-claude-limits-' });
before(async () => {
  // 21 MB: a real PNG_3X2 header, then a sparse hole.
  const fd = openSync(path.join(dir, 'huge.png'), 'w');
  writeSync(fd, PNG_3X2);
  ftruncateSync(fd, 21 * 1024 * 1024);
  closeSync(fd);
  writeFileSync(path.join(dir, 'p.png'), PNG_3X2);
  writeFileSync(path.join(dir, 'd.pdf'), makePdf(11));
  writeFileSync(path.join(dir, 'long.txt'), `short\n${'a'.repeat(300)}needle${'b'.repeat(300)}\nafter needle\n`);
});

const call = (name: string, args: Record<string, unknown>) =>
  callTool(t.client, name, args, { shape: 'claude@2.1.197' });

test('Read: an image over 20 MB and a malformed pages value are refused with the remedy', async () => {
  const big = await call('Read', { file_path: path.join(dir, 'huge.png') });
  assert.equal(big.error, `${path.join(dir, 'huge.png')} is 21MB, over the 20MB limit for image files.`);
  const pages = await call('Read', { file_path: path.join(dir, 'p.png'), pages: 'x' });
  assert.equal(
    pages.error,
    '<tool_use_error>Invalid pages value "x": give one page ("3") or a range ("1-5"), numbered from 1.</tool_use_error>',
  );
});

test('Read: a PDF over 10 pages needs pages, at most 20 of them, inside the document', async () => {
  const pdf = path.join(dir, 'd.pdf');
  assert.equal(
    (await call('Read', { file_path: pdf })).error,
    '<tool_use_error>This PDF has 11 pages. PDFs over 10 pages must be read with pages (e.g. "1-5", at most 20 per call).</tool_use_error>',
  );
  assert.equal(
    (await call('Read', { file_path: pdf, pages: '1-21' })).error,
    '<tool_use_error>pages "1-21" covers more than 20 pages; read at most 20 pages per call.</tool_use_error>',
  );
  assert.equal(
    (await call('Read', { file_path: pdf, pages: '12' })).error,
    `<tool_use_error>pages "12" lies past the end of ${pdf}. Ask for pages the PDF has, numbered from 1.</tool_use_error>`,
  );
});

test('Grep: a line over 500 columns is named, not shown, in match and in context', async () => {
  const m = await call('Grep', {
    pattern: 'needle',
    output_mode: 'content',
    path: path.join(dir, 'long.txt'),
    '-C': 1,
  });
  assert.deepEqual(texts(m), ['1-short\n2:[Omitted long line with 1 matches]\n3:after needle']);
  const c = await call('Grep', { pattern: 'after', output_mode: 'content', path: path.join(dir, 'long.txt'), '-B': 1 });
  assert.deepEqual(texts(c), ['2-[Omitted long context line]\n3:after needle']);
});
