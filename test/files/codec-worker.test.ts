// Big files in a legacy encoding are converted in the files worker, not on the event loop
// (iconv-lite's codecs made garbage-collection pauses of 19-34 ms there): the worker's count of
// answered tasks shows where the work ran, without timing it. The text and the bytes are what
// the one-piece functions give; a character the encoding lacks still makes the file UTF-8.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import iconv from 'iconv-lite';
import { CODEC_OFFLOAD_MIN } from '../../src/engine/files/codec-offload.js';
import { loadText, saveText } from '../../src/engine/files/text-file.js';
import { filesPool } from '../../src/engine/files/worker-pool.js';
import { fixture } from './fixture.js';

/** Numbered lines with accents, past the offload threshold. */
const text = Array.from(
  { length: 8_000 },
  (_, i) => `${String(i).padStart(6, '0')} café crème brûlée ÿ ${'x'.repeat(30)}\n`,
).join('');

test('a big Latin-1 file is decoded and encoded in the worker, with the same text and bytes', async () => {
  assert.ok(text.length > CODEC_OFFLOAD_MIN * 1.5);
  const f = fixture();
  try {
    const bytes = iconv.encode(text, 'latin1');
    const p = f.file('l1.txt', bytes);
    const before = filesPool.answered;
    const loaded = await loadText(f.scope, 'l1.txt', {});
    assert.equal(filesPool.answered - before, 1, 'the decode');
    // The single-byte encoding chardet guesses from the first 16 KiB.
    const enc = loaded.encoding;
    assert.match(enc, /^(latin1|windows-125\d|iso-8859-\d+)$/);
    assert.equal(loaded.text, iconv.decode(bytes, enc));
    const changed = loaded.text.replace(/0 /g, '0_');
    const saved = await saveText(f.scope, loaded.resolved, changed, loaded, {});
    assert.equal(filesPool.answered - before, 2, 'and the encode');
    assert.deepEqual([saved.encoding, saved.encodingChangedFrom], [enc, undefined]);
    assert.deepEqual(readFileSync(p), iconv.encode(changed, enc));
  } finally {
    f.cleanup();
  }
});

test('a big text with a character the encoding lacks is written as UTF-8; a big UTF-16BE file keeps its BOM', async () => {
  const f = fixture();
  try {
    const p = f.file('l1.txt', iconv.encode(text, 'latin1'));
    const loaded = await loadText(f.scope, 'l1.txt', {});
    const before = filesPool.answered;
    const changed = `${loaded.text}中\n`;
    const saved = await saveText(f.scope, loaded.resolved, changed, loaded, {});
    assert.equal(filesPool.answered - before, 1, 'the worker found it lossy');
    assert.deepEqual([saved.encoding, saved.encodingChangedFrom], ['utf8', loaded.encoding]);
    assert.equal(readFileSync(p, 'utf8'), changed);

    const be = f.file('be.txt', iconv.encode(text, 'utf16be', { addBOM: true }));
    const wide = await loadText(f.scope, 'be.txt', {});
    assert.deepEqual([wide.encoding, wide.bom, wide.text === text], ['utf16be', true, true]);
    await saveText(f.scope, wide.resolved, `${text}€\n`, wide, {});
    assert.deepEqual(readFileSync(be), iconv.encode(`${text}€\n`, 'utf16be', { addBOM: true }));
    assert.equal(filesPool.answered - before, 3, 'the decode and the encode of the UTF-16BE file too');
  } finally {
    f.cleanup();
  }
});
