// A UTF-8 page is decoded by Node's decoder, others by iconv-lite: both must give what
// iconv-lite gives for UTF-8, bad and cut sequences and a byte-order mark included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import iconv from 'iconv-lite';
import { decodeBody, normalizeCharset } from '../../src/engine/web/decode.js';

const BODIES: Array<[string, Buffer]> = [
  ['plain', Buffer.from('hello world\n')],
  ['accents and astral', Buffer.from('été — 𝄞 ü\n')],
  ['a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('after the mark')])],
  ['a BOM only', Buffer.from([0xef, 0xbb, 0xbf])],
  ['a U+FEFF inside', Buffer.from('a\ufeffb')],
  ['a bad byte', Buffer.from([0x61, 0xff, 0x62])],
  ['a cut sequence at the end', Buffer.from([0x61, 0xe2, 0x82])],
  ['a surrogate', Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62])],
  ['an overlong form', Buffer.from([0xc0, 0xaf])],
  ['empty', Buffer.alloc(0)],
];

test('UTF-8 bodies decode as iconv-lite decodes them, for each way the charset is found', () => {
  for (const [what, body] of BODIES) {
    const want = iconv.decode(body, 'utf-8');
    for (const contentType of ['text/plain; charset=utf-8', 'text/plain; charset="UTF8"', 'text/plain']) {
      const got = decodeBody(body, contentType, false);
      // Without a declared charset, bytes that are not valid UTF-8 go to detection instead.
      if (contentType === 'text/plain' && got.charset !== 'utf-8') continue;
      assert.deepEqual(got, { text: want, charset: 'utf-8' }, `${what}, ${contentType}`);
    }
  }
});

test('utf-8 labels normalise without asking iconv-lite; other charsets still decode through it', () => {
  assert.deepEqual(['utf-8', 'UTF-8', 'utf8', '"utf-8"'].map(normalizeCharset), ['utf-8', 'utf-8', 'utf-8', 'utf-8']);
  const latin = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x93]);
  assert.deepEqual(decodeBody(latin, 'text/plain; charset=iso-8859-1', false), {
    text: 'café\u201c',
    charset: 'windows-1252',
  });
  const sjis = iconv.encode('日本語', 'shift_jis');
  assert.deepEqual(decodeBody(sjis, 'text/plain; charset=shift_jis', false), { text: '日本語', charset: 'shift_jis' });
});
