// A big file's replacement keeps its old text off the event loop (issue 32's last stalls): its
// line endings and line count are read from its bytes, its legacy encoding is guessed and its
// diff made in the files worker. The worker's count of answered tasks by kind shows where the
// work ran, without timing it; the slice-wise functions give what the one-piece ones give.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { test } from 'node:test';
import iconv from 'iconv-lite';
import { countLines } from '../../src/engine/files/diff-compute.js';
import { diffTexts } from '../../src/engine/files/diff.js';
import {
  concatYielding,
  detectLineEnding,
  isUtf8Yielding,
  lineBreaksOfBytes,
  lineBreaksYielding,
  toLf,
} from '../../src/engine/files/encoding.js';
import { parsePatch } from '../../src/engine/files/patch-parse.js';
import { readFile } from '../../src/engine/files/read.js';
import { filesPool } from '../../src/engine/files/worker-pool.js';
import { WRITE_OFFLOAD_MIN_BYTES, writeFile } from '../../src/engine/files/write.js';
import { fixture } from './fixture.js';

const TEXTS = ['', 'x', 'a\n', 'a\nb', 'a\r\nb\r\n', 'a\rb\r', 'a\r\nb\nc\r', '\r\n\r', 'é\r\nü\n', '\n\n'];
const ENCODINGS = ['utf8', 'latin1', 'windows-1252', 'utf16le', 'utf16be'];

test('line breaks counted in the bytes match the text: style and lines, breaks cut at slice ends included', async () => {
  for (const text of TEXTS) {
    const want = { ending: detectLineEnding(text), lines: countLines(toLf(text)) };
    assert.deepEqual(await lineBreaksYielding(text, 2), want, JSON.stringify(text));
    for (const enc of ENCODINGS) {
      const bytes = iconv.encode(text, enc);
      for (const slice of [1, 2, 3, 4, 7, 1024]) {
        assert.deepEqual(await lineBreaksOfBytes(bytes, enc, slice), want, `${enc} ${slice} ${JSON.stringify(text)}`);
      }
    }
  }
  assert.equal(await lineBreaksOfBytes(Buffer.from('a\n'), 'shift_jis'), undefined, 'not told byte-wise');
});

test('the UTF-8 check a slice at a time agrees with the whole-buffer check, characters cut at slice ends included', async () => {
  const samples = [
    Buffer.from('plain ascii'),
    Buffer.from('é€𝄞 mixed ü'),
    Buffer.from([0x61, 0xc3]), // cut at the end
    Buffer.from([0xe2, 0x82, 0x61]), // a bad continuation
    Buffer.from([0x80, 0x80, 0x80, 0x80, 0x61]), // continuation bytes only
    Buffer.from([0xed, 0xa0, 0x80]), // a surrogate
    Buffer.from([0xf0, 0x9d, 0x84, 0x9e, 0xf0, 0x9d, 0x84]),
    Buffer.concat([Buffer.from('ab'), Buffer.from([0xff]), Buffer.from('cd')]),
  ];
  for (const b of samples) {
    for (const slice of [1, 2, 3, 4, 5, 64])
      assert.equal(await isUtf8Yielding(b, slice), isUtf8(b), `${b.toString('hex')} ${slice}`);
  }
});

test('concatenation a slice at a time gives Buffer.concat, in memory of its own', async () => {
  const parts = [Buffer.from('abc'), Buffer.alloc(0), Buffer.from('defgh'), new Uint8Array([1, 2, 3, 4, 5, 6, 7])];
  for (const slice of [1, 3, 1000]) {
    const out = await concatYielding(parts, slice);
    assert.deepEqual(out, Buffer.concat(parts));
    assert.deepEqual([out.byteOffset, out.buffer.byteLength], [0, out.length]);
  }
});

/** Numbered lines past the offload threshold. */
const big = (tag: string, eol = '\n') =>
  Array.from({ length: 20_000 }, (_, i) => `${String(i).padStart(6, '0')} ${tag} café ${'x'.repeat(50)}${eol}`).join(
    '',
  );

/** What the call did in the worker, by kind. */
const kinds = ['diff', 'diff-bytes', 'codec:guess', 'codec:decode', 'codec:encode'];
const counts = () => Object.fromEntries(kinds.map((k) => [k, filesPool.answeredOf(k)]));
const since = (before: Record<string, number>) =>
  Object.fromEntries(kinds.map((k) => [k, filesPool.answeredOf(k) - before[k]!]).filter(([, n]) => n !== 0));

test('a big UTF-8 file replaced: its old text is never decoded here, and the diff, made from the bytes in the worker, is the texts’ diff', async () => {
  const f = fixture();
  try {
    const before = big('old');
    assert.ok(Buffer.byteLength(before) > WRITE_OFFLOAD_MIN_BYTES);
    const after = before.replace('000100 old', '000100 new');
    const p = f.file('big.txt', before);
    const was = counts();
    const r = await writeFile(f.scope, 'big.txt', after);
    assert.deepEqual(since(was), { 'diff-bytes': 1 });
    assert.equal(readFileSync(p, 'utf8'), after);
    assert.deepEqual([r.encoding, r.bom, r.lineEnding, r.size], ['utf8', false, 'lf', Buffer.byteLength(after)]);
    assert.deepEqual(r.diff, await diffTexts('big.txt', before, after));
    assert.deepEqual([r.diff!.added, r.diff!.removed, r.diff!.changedLines], [1, 1, [101]]);
  } finally {
    f.cleanup();
  }
});

test('a big CRLF UTF-16 file with a BOM and a big Latin-1 file keep their format; neither old text is decoded here', async () => {
  const f = fixture();
  try {
    const old16 = big('wide', '\r\n');
    const p16 = f.file('wide.txt', iconv.encode(old16, 'utf16be', { addBOM: true }));
    let was = counts();
    const new16 = big('WIDE'); // LF given: the file's CRLF is kept
    const r16 = await writeFile(f.scope, 'wide.txt', new16);
    assert.deepEqual(since(was), { 'codec:encode': 1, 'diff-bytes': 1 }, 'UTF-16BE is encoded in the worker too');
    assert.deepEqual([r16.encoding, r16.bom, r16.lineEnding], ['utf16be', true, 'crlf']);
    assert.deepEqual(readFileSync(p16), iconv.encode(new16.replace(/\n/g, '\r\n'), 'utf16be', { addBOM: true }));
    assert.deepEqual(r16.diff, await diffTexts('wide.txt', toLf(old16), new16));

    const oldL1 = big('latin');
    const pL1 = f.file('l1.txt', iconv.encode(oldL1, 'latin1'));
    was = counts();
    const newL1 = oldL1.replace('019999 latin', '019999 LATIN');
    const rL1 = await writeFile(f.scope, 'l1.txt', newL1);
    // Guessed and encoded in the worker, never decoded: the diff decodes both sides there.
    assert.deepEqual(since(was), { 'codec:guess': 1, 'codec:encode': 1, 'diff-bytes': 1 });
    assert.deepEqual(readFileSync(pL1), iconv.encode(newL1, rL1.encoding));
    assert.deepEqual(rL1.diff, await diffTexts('l1.txt', oldL1, newL1));
    assert.deepEqual(rL1.diff!.changedLines, [20_000]);
  } finally {
    f.cleanup();
  }
});

test('reading a file in a legacy encoding guesses the encoding in the worker; UTF-8 and BOM files need no guess', async () => {
  const f = fixture();
  try {
    const content = big('latin');
    f.file('l1.txt', iconv.encode(content, 'latin1'));
    let was = counts();
    const r = await readFile(f.scope, 'l1.txt', { limit: 2 });
    assert.deepEqual(since(was), { 'codec:guess': 1 });
    assert.equal(r.kind, 'text');
    if (r.kind !== 'text') return;
    assert.deepEqual([r.encoding, r.lines], ['iso-8859-2', content.split('\n').slice(0, 2)]);
    f.file('u8.txt', content);
    f.file('u16.txt', iconv.encode(content.slice(0, 3000), 'utf16le', { addBOM: true }));
    was = counts();
    const [u8, u16] = [
      await readFile(f.scope, 'u8.txt', { limit: 1 }),
      await readFile(f.scope, 'u16.txt', { limit: 1 }),
    ];
    assert.deepEqual(since(was), {});
    assert.deepEqual([u8.kind === 'text' && u8.encoding, u16.kind === 'text' && u16.encoding], ['utf8', 'utf16le']);
  } finally {
    f.cleanup();
  }
});

test('a patch parsed for its paths and then applied is parsed once', () => {
  const patch = '*** Begin Patch\n*** Add File: a.txt\n+one\n+two\n*** End Patch';
  const first = parsePatch(patch);
  assert.equal(parsePatch(`${patch}`), first, 'the same hunks, not a second parse');
  assert.deepEqual(first, [{ type: 'add', path: 'a.txt', contents: 'one\ntwo\n', line: 2 }]);
  assert.notEqual(parsePatch(patch.replace('a.txt', 'b.txt')), first);
});
