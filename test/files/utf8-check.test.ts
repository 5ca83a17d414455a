// The whole-file UTF-8 check (Node's, native) and the sample check (ours, which allows a cut
// end) agree on every kind of valid and invalid sequence.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isUtf8, isUtf8Sample } from '../../src/engine/files/encoding.js';

const cases: Array<[string, number[], boolean]> = [
  ['ascii', [0x61, 0x62, 0x0a], true],
  ['two bytes (é)', [0xc3, 0xa9], true],
  ['three bytes (€)', [0xe2, 0x82, 0xac], true],
  ['four bytes (😀)', [0xf0, 0x9f, 0x98, 0x80], true],
  ['U+10FFFF', [0xf4, 0x8f, 0xbf, 0xbf], true],
  ['overlong two bytes', [0xc0, 0xaf], false],
  ['overlong three bytes', [0xe0, 0x80, 0xaf], false],
  ['overlong four bytes', [0xf0, 0x80, 0x80, 0xaf], false],
  ['surrogate', [0xed, 0xa0, 0x80], false],
  ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], false],
  ['lead byte F5', [0xf5, 0x80, 0x80, 0x80], false],
  ['lone continuation', [0x80], false],
  ['missing continuation', [0xc3, 0x41], false],
  ['cut at the end', [0x61, 0xe2, 0x82], false],
  ['latin1 text', [0x63, 0x61, 0x66, 0xe9, 0x0a], false],
];

test('native whole-file check and the sample check agree', () => {
  for (const [name, bytes, valid] of cases) {
    const buf = Uint8Array.from(bytes);
    assert.equal(isUtf8(buf, false), valid, `${name}: whole file`);
    assert.equal(isUtf8Sample(buf, false), valid, `${name}: sample check without a cut end`);
  }
  // Only a sample may end inside a character.
  assert.equal(isUtf8(Uint8Array.from([0x61, 0xe2, 0x82]), true), true);
});
