// Decoding and encoding a slice per turn of the event loop gives what the one-piece functions
// give, byte for byte and character for character, in every encoding the engine writes, with
// slices cut inside multi-byte characters and surrogate pairs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  canEncode,
  canEncodeYielding,
  decode,
  decodeYielding,
  encode,
  encodeYielding,
} from '../../src/engine/files/encoding.js';

// ASCII, 2-, 3- and 4-byte UTF-8 characters (the last a surrogate pair in UTF-16), line breaks.
const WIDE = 'a é € 中 😀 z\r\n'.repeat(40) + '😀😀x';
// Characters each single-byte encoding has.
const LEGACY: Array<[string, string]> = [
  ['latin1', 'café crème brûlée ÿ\n'.repeat(30)],
  ['windows-1252', 'naïve “quotes” – €5\n'.repeat(30)],
  ['iso-8859-5', 'Привет, мир\n'.repeat(30)],
  ['koi8-r', 'Съешь же ещё\n'.repeat(30)],
];
// Odd and small slices fall inside characters, BOMs and pairs at many places.
const SLICES = [1, 2, 3, 5, 7, 64];

test('encodeYielding gives encode’s bytes, with and without a BOM, at every slice size', async () => {
  const cases: Array<[string, string]> = [['utf8', WIDE], ['utf16le', WIDE], ['utf16be', WIDE], ...LEGACY];
  for (const [encoding, text] of cases)
    for (const bom of [false, true])
      for (const slice of SLICES) {
        const whole = encode(text, encoding, bom);
        assert.deepEqual(await encodeYielding(text, encoding, bom, slice), whole, `${encoding} bom=${bom} /${slice}`);
      }
});

test('decodeYielding gives decode’s text, characters cut at slice ends included', async () => {
  const cases: Array<[string, Buffer]> = [
    ['utf8', encode(WIDE, 'utf8', false)],
    ['utf16le', encode(WIDE, 'utf16le', false)],
    ['utf16be', Buffer.from(encode(WIDE, 'utf16le', false)).swap16()],
    ...LEGACY.map(([e, t]): [string, Buffer] => [e, encode(t, e, false)]),
    // Invalid UTF-8: stray continuation bytes, a cut sequence mid-text and at the end.
    [
      'utf8',
      Buffer.from([0x61, 0x80, 0xe2, 0x82, 0x61, 0xf0, 0x9f, 0x98, 0x80, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xf0, 0x9f]),
    ],
    // Odd UTF-16 length: a last byte with no partner.
    ['utf16le', Buffer.concat([encode('ab😀', 'utf16le', false), Buffer.from([0x41])])],
  ];
  for (const [encoding, bytes] of cases)
    for (const slice of SLICES) {
      assert.equal(await decodeYielding(bytes, encoding, slice), decode(bytes, encoding), `${encoding} /${slice}`);
    }
  // The texts come back as they were.
  assert.equal(await decodeYielding(encode(WIDE, 'utf8', false), 'utf8', 3), WIDE);
  assert.equal(await decodeYielding(Buffer.from(encode(WIDE, 'utf16le', false)).swap16(), 'utf16be', 3), WIDE);
});

test('canEncodeYielding agrees with canEncode, a character the encoding lacks in any slice', async () => {
  for (const [encoding, text] of LEGACY)
    for (const slice of SLICES) {
      assert.equal(await canEncodeYielding(text, encoding, slice), true);
      const lacking = `${text}😀${text}`;
      assert.equal(canEncode(lacking, encoding), false);
      assert.equal(await canEncodeYielding(lacking, encoding, slice), false, `${encoding} /${slice}`);
    }
  assert.equal(await canEncodeYielding(WIDE, 'utf8', 2), true);
});

test('lone surrogates encode as in one piece, wherever a slice ends', async () => {
  const text = 'a\ud800b\udc00c\ud83d';
  for (const encoding of ['utf8', 'utf16le', 'utf16be'])
    for (const slice of [1, 2, 3])
      assert.deepEqual(await encodeYielding(text, encoding, false, slice), encode(text, encoding, false), encoding);
});
