// Files in a single-byte legacy encoding are read a chunk at a time, like UTF-8 (decoding each
// line apart held the event loop ~30 ms for a 1 MiB window): the lines, their endings and the
// windows across chunk ends must be what decoding the whole file and splitting it gives.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import iconv from 'iconv-lite';
import { decode } from '../../src/engine/files/encoding.js';
import { readFile } from '../../src/engine/files/read.js';
import { fixture } from './fixture.js';

/** 12,000 lines of Cyrillic and accented text (~1.1 MB), CRLF and LF endings mixed, some long. */
const source = Array.from({ length: 12_000 }, (_, i) => {
  const body = `${String(i).padStart(5, '0')} Съешь же ещё этих мягких булок ${i % 7 === 0 ? 'я'.repeat(400) : ''}`;
  return `${body}${i % 3 === 0 ? '\r\n' : '\n'}`;
}).join('');

test('a single-byte file read in windows across chunk ends gives the whole-file decode, line for line', async () => {
  const f = fixture();
  try {
    const bytes = iconv.encode(source, 'koi8-r');
    f.file('k.txt', bytes);
    let all: string[] | undefined;
    for (const [start, limit] of [
      [1, 3],
      [650, 40], // around the first chunk's end (64 KiB)
      [5_000, 2_000], // across the second (576 KiB)
      [11_990, 50],
    ] as const) {
      const r = await readFile(f.scope, 'k.txt', { start, limit });
      assert.equal(r.kind, 'text');
      if (r.kind !== 'text') return;
      assert.match(r.encoding, /^(latin1|iso-8859-\d+|windows-125\d|koi8-r)$/);
      all ??= iconv.decode(bytes, r.encoding).split('\n').slice(0, -1);
      const want = all.slice(start - 1, start - 1 + limit);
      assert.deepEqual(
        r.lines,
        want.map((l) => l.replace(/\r$/, '')),
        `lines ${start}-${start + limit - 1}`,
      );
      assert.deepEqual(
        r.eols,
        want.map((l) => (l.endsWith('\r') ? '\r\n' : '\n')),
      );
    }
  } finally {
    f.cleanup();
  }
});

test('Latin-1 is decoded natively as ISO-8859-1: every byte as iconv decodes it, C1 controls included', () => {
  const every = Buffer.from(Array.from({ length: 256 }, (_, b) => b));
  assert.equal(decode(every, 'latin1'), iconv.decode(every, 'iso-8859-1'));
  assert.equal(decode(every.subarray(128, 160), 'latin1').codePointAt(0), 0x80);
});
