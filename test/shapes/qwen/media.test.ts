// Qwen read_file on media and big files: an image comes back as data, an SVG over 1 MB and a
// file over 10 MB are refused with Qwen's wording.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startTestServer, tempDir, type TestServer } from '../../helpers/server.js';
import { caller } from '../gemini/harness.js';
import { PNG_3X2 } from '../../helpers/png.js';


let t: TestServer;
let dir: string;
let cleanup: () => void;
before(async () => {
  ({ dir, cleanup } = tempDir('facet-qwen-media-'));
  writeFileSync(path.join(dir, 'p.png'), PNG_3X2);
  writeFileSync(path.join(dir, 'big.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(1024 * 1024)}</svg>`);
  writeFileSync(path.join(dir, 'huge.txt'), 'line of text\n'.repeat(Math.ceil((10.5 * 1024 * 1024) / 13)));
  t = await startTestServer(['--root', dir, '--shape', 'qwen']);
});
after(async () => {
  await t.close();
  cleanup();
});

test('an image: a line naming it, then the image itself', async () => {
  const r = await caller(() => t, 'qwen')('read_file', { file_path: path.join(dir, 'p.png') });
  assert.equal(r.text, 'Read image file: p.png (image/png, 69 bytes).');
  assert.deepEqual(r.blobs, [{ mediaType: 'image/png', data: PNG_3X2 }]);
  assert.deepEqual(r.display, { tool: 'read_file', paths: [path.join(dir, 'p.png')], summary: 'Read p.png', details: { mediaType: 'image/png' } });
});

test('an SVG over 1 MB and a file over 10 MB are refused', async () => {
  const call = caller(() => t, 'qwen');
  const svg = await call('read_file', { file_path: path.join(dir, 'big.svg') });
  assert.equal(svg.text, 'Cannot display content of SVG file larger than 1MB: big.svg');
  const huge = await call('read_file', { file_path: path.join(dir, 'huge.txt') });
  assert.equal(huge.errorType, 'file_too_large');
  assert.equal(huge.error, `File size exceeds the 10MB limit (${path.join(dir, 'huge.txt')} is 11010051 bytes); use grep_search to find the part you need.`);
});
