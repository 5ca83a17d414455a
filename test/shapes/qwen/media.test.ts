// Qwen read_file on media and big files: an image comes back as data named by its file, an SVG
// over 1 MB is refused with Qwen's wording, and a text file over 10 MB shows its first window
// without counting its lines.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { caller } from '../gemini/harness.js';
import { PNG_3X2 } from '../../helpers/png.js';

const { t, dir } = serverFixture({ shape: 'qwen', prefix: 'facet-qwen-media-' });
before(async () => {
  writeFileSync(path.join(dir, 'p.png'), PNG_3X2);
  writeFileSync(path.join(dir, 'big.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(1024 * 1024)}</svg>`);
  writeFileSync(path.join(dir, 'huge.txt'), 'line of text\n'.repeat(Math.ceil((10.5 * 1024 * 1024) / 13)));
});

test('an image: a line naming it, then the image itself', async () => {
  const r = await caller(() => t, 'qwen@0.15.10')('read_file', { file_path: path.join(dir, 'p.png') });
  assert.equal(r.text, 'Read image file: p.png (image/png, 69 bytes).');
  assert.deepEqual(r.blobs, [{ mediaType: 'image/png', data: PNG_3X2 }]);
  assert.deepEqual(r.display, {
    tool: 'read_file',
    paths: [path.join(dir, 'p.png')],
    summary: 'Read image file: p.png',
    details: { mediaType: 'image/png', displayName: 'p.png' },
  });
});

test('an SVG over 1 MB is refused; a text file over 10 MB shows its first 1000 lines of "at least" that many', async () => {
  const call = caller(() => t, 'qwen@0.15.10');
  const svg = await call('read_file', { file_path: path.join(dir, 'big.svg') });
  assert.equal(svg.text, 'Cannot display content of SVG file larger than 1MB: big.svg');
  const huge = await call('read_file', { file_path: path.join(dir, 'huge.txt') });
  assert.equal(huge.code, '', huge.error);
  assert.equal(
    huge.text,
    `Showing lines 1-1000 of at least 1000 total lines.\n\n---\n\n${Array(1000).fill('line of text').join('\n')}`,
  );
  assert.equal(huge.display.summary, 'Read lines 1-1000 of at least 1000 from huge.txt (truncated)');
});
