// Tail reads (a negative start) found backwards from the end: each case is checked against
// the lines of the source text itself and against the forward read of the same lines
// (start = total - n + 1) on the same file. Files are sized so that the 64 KiB backward
// blocks split long lines, multi-byte characters and UTF-16 units.
import assert from 'node:assert/strict';
import { appendFileSync, openSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import iconv from 'iconv-lite';
import { LineCountCache } from '../../src/engine/files/line-count.js';
import { type ReadOptions, type TextRead } from '../../src/engine/files/read.js';
import { locateTail, TAIL_BLOCK } from '../../src/engine/files/tail.js';
import { FdFile } from '../../src/engine/fd-file.js';
import { fixture, kindOf, text, view, type Fixture } from './fixture.js';

/** The tail of `n` lines, and the forward read of the same lines, must agree; returns the tail. */
async function tailMatchesForward(f: Fixture, p: string, n: number, opts: ReadOptions = {}): Promise<TextRead> {
  const tail = await text(f, p, { ...opts, start: -n });
  const total = (await text(f, p, { ...opts, start: 1, limit: 1, countTotal: true })).totalLines!;
  const fwd = await text(f, p, { ...opts, start: Math.max(1, total - n + 1), limit: n, countTotal: true });
  assert.deepEqual(view(tail), view(fwd), `tail -${n} of ${p}`);
  return tail;
}

/** Lines of `s` as the engine splits them: on LF, CR kept in the ending, a final break ending the last line. */
function expectedTail(
  s: string,
  n: number,
  finalEmptyLine = false,
): { lines: string[]; eols: string[]; startLine: number; total: number } {
  const parts = s.split('\n');
  const all = parts.map((t, i) =>
    i < parts.length - 1 ? (t.endsWith('\r') ? { t: t.slice(0, -1), e: '\r\n' } : { t, e: '\n' }) : { t, e: '' },
  );
  if (all.at(-1)!.t === '' && !finalEmptyLine) all.pop();
  const from = Math.max(0, all.length - n);
  return {
    lines: all.slice(from).map((x) => x.t),
    eols: all.slice(from).map((x) => x.e),
    startLine: from + 1,
    total: all.length,
  };
}

function assertTail(r: TextRead, s: string, n: number, finalEmptyLine = false): void {
  const want = expectedTail(s, n, finalEmptyLine);
  assert.deepEqual({ lines: r.lines, eols: r.eols, startLine: r.startLine, total: r.totalLines }, want);
}

test('CRLF endings, no final newline, empty and BOM-only files', async () => {
  const f = fixture();
  try {
    f.file('crlf.txt', 'a\r\nb\r\nc\r\n');
    let r = await tailMatchesForward(f, 'crlf.txt', 2);
    assert.deepEqual(
      [r.lines, r.eols, r.startLine, r.totalLines, r.finalNewline],
      [['b', 'c'], ['\r\n', '\r\n'], 2, 3, true],
    );
    f.file('open.txt', 'a\nb\nc');
    r = await tailMatchesForward(f, 'open.txt', 1);
    assert.deepEqual([r.lines, r.eols, r.startLine, r.totalLines, r.finalNewline], [['c'], [''], 3, 3, false]);
    r = await tailMatchesForward(f, 'open.txt', 5);
    assert.deepEqual([r.lines, r.startLine, r.complete], [['a', 'b', 'c'], 1, true]);
    // String.split semantics (Gemini, Qwen): the empty line after the final break is the last line.
    f.file('lf.txt', 'a\nb\n');
    r = await tailMatchesForward(f, 'lf.txt', 1, { finalEmptyLine: true });
    assert.deepEqual([r.lines, r.startLine, r.totalLines, r.finalNewline], [[''], 3, 3, true]);
    r = await tailMatchesForward(f, 'lf.txt', 2, { finalEmptyLine: true });
    assert.deepEqual([r.lines, r.eols, r.startLine], [['b', ''], ['\n', ''], 2]);
    f.file('blank.txt', '\n\n\n');
    r = await tailMatchesForward(f, 'blank.txt', 2);
    assert.deepEqual([r.lines, r.startLine, r.totalLines], [['', ''], 2, 3]);
    f.file('empty.txt', '');
    r = await tailMatchesForward(f, 'empty.txt', 3);
    assert.deepEqual([r.lines, r.startLine, r.totalLines, r.pastEnd], [[], 1, 0, true]);
    r = await tailMatchesForward(f, 'empty.txt', 3, { finalEmptyLine: true });
    assert.deepEqual([r.lines, r.totalLines], [[''], 1]);
    f.file('bom.txt', Buffer.from([0xef, 0xbb, 0xbf]));
    r = await tailMatchesForward(f, 'bom.txt', 1);
    assert.deepEqual([r.lines, r.totalLines, r.bom], [[], 0, true]);
    f.file('bom2.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('x\ny\n')]));
    r = await tailMatchesForward(f, 'bom2.txt', 9);
    assert.deepEqual([r.lines, r.startLine], [['x', 'y'], 1]);
  } finally {
    f.cleanup();
  }
});

test('a last line longer than the read block, whole or cut by maxLineChars', async () => {
  const f = fixture();
  try {
    const long = 'x'.repeat(3 * TAIL_BLOCK + 17);
    const s = `first\nsecond\n${long}`;
    f.file('long.txt', s);
    let r = await tailMatchesForward(f, 'long.txt', 2);
    assertTail(r, s, 2);
    assert.deepEqual([r.lines[0], r.lines[1]!.length, r.startLine, r.finalNewline], ['second', long.length, 2, false]);
    r = await tailMatchesForward(f, 'long.txt', 1, { maxLineChars: 2000 });
    assert.deepEqual([r.lines, r.truncatedLines, r.startLine], [['x'.repeat(2000)], [3], 3]);
    // Long lines everywhere, with a break at the end: every block holds part of one line.
    const many = Array.from({ length: 6 }, (_, i) => String(i).repeat(TAIL_BLOCK + 1000 * i)).join('\r\n') + '\r\n';
    f.file('many.txt', many);
    for (const n of [1, 2, 5, 6, 7])
      assertTail(
        await tailMatchesForward(f, 'many.txt', n, { maxLineChars: 10 }),
        many.replace(/([0-9])\1{9}\1*/g, '$1'.repeat(10)),
        n,
      );
    r = await tailMatchesForward(f, 'many.txt', 3, { maxLineChars: 10 });
    assert.deepEqual([r.truncatedLines, r.startLine, r.totalLines], [[4, 5, 6], 4, 6]);
  } finally {
    f.cleanup();
  }
});

test('multi-byte UTF-8 characters split by the block boundaries', async () => {
  const f = fixture();
  try {
    // Lines of 2-, 3- and 4-byte characters of varying lengths: many characters straddle a
    // multiple of 64 KiB from the end, and some lines do.
    const chars = ['é', '€', '😀', 'a'];
    const lines: string[] = [];
    for (let i = 0; lines.join('\n').length < 5 * TAIL_BLOCK; i++)
      lines.push(`${i} ` + chars[i % 4]!.repeat(1 + ((i * 37) % 300)));
    const s = lines.join('\n') + '\n';
    f.file('utf8.txt', s);
    const size = statSync(f.root + '/utf8.txt').size;
    const bytes = Buffer.from(s);
    // The fixture really does split characters at the boundaries the tail reads across.
    const split = [1, 2, 3, 4].filter((k) => (bytes[size - k * TAIL_BLOCK]! & 0xc0) === 0x80);
    assert.ok(split.length >= 2, `continuation bytes at ${split.length} block starts`);
    for (const n of [1, 3, 100, 700, lines.length - 1, lines.length, lines.length + 5])
      assertTail(await tailMatchesForward(f, 'utf8.txt', n), s, n);
    // Cut by characters (not bytes), as shapes ask.
    const r = await tailMatchesForward(f, 'utf8.txt', 50, { maxLineChars: 7 });
    assert.equal(r.lines.at(-1), lines.at(-1)!.slice(0, 7));
  } finally {
    f.cleanup();
  }
});

test('UTF-16 LE and BE files (with BOM), including units whose bytes contain 0x0A', async () => {
  const f = fixture();
  try {
    // 上 is U+4E0A: in UTF-16 one of its bytes is 0x0A, which is not a line break.
    const lines: string[] = [];
    for (let i = 0; lines.join('\n').length < 3 * TAIL_BLOCK; i++) lines.push(`${i} 上਀😀 ` + 'ü上'.repeat(i % 90));
    const s = lines.join('\r\n') + '\r\n';
    for (const enc of ['utf16le', 'utf16be'] as const) {
      f.file(`${enc}.txt`, iconv.encode(s, enc, { addBOM: true }));
      for (const n of [1, 2, 77, lines.length, lines.length + 1]) {
        const r = await tailMatchesForward(f, `${enc}.txt`, n);
        assertTail(r, s, n);
        assert.deepEqual([r.encoding, r.bom], [enc, true]);
      }
      assertTail(await tailMatchesForward(f, `${enc}.txt`, 4, { finalEmptyLine: true }), s, 4, true);
    }
    // A UTF-16 text cut mid-unit (odd length) is left to the forward path: still the same answer.
    f.file('odd.txt', Buffer.concat([iconv.encode('a\nb\nc', 'utf16le', { addBOM: true }), Buffer.from([0x41])]));
    const r = await tailMatchesForward(f, 'odd.txt', 2);
    assert.deepEqual([r.lines, r.startLine], [['b', 'c'], 2]);
  } finally {
    f.cleanup();
  }
});

test('legacy single-byte text and the budget keeping the newest lines', async () => {
  const f = fixture();
  try {
    const legacy = Buffer.from('caf\xe9\nna\xefve\nr\xe9sum\xe9\n', 'latin1');
    f.file('latin1.txt', legacy);
    const r = await tailMatchesForward(f, 'latin1.txt', 2);
    // Whichever single-byte encoding is guessed, its line breaks are the 0x0A bytes.
    assert.notEqual(r.encoding, 'utf8');
    assert.deepEqual([r.lines, r.startLine], [iconv.decode(legacy, r.encoding).split('\n').slice(1, 3), 2]);
    f.file('n.txt', Array.from({ length: 20_000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
    // 'line 19999\n' and 'line 20000\n' are 11 bytes each: a 25-byte budget keeps two.
    const b = await text(f, 'n.txt', { start: -5, budget: { unit: 'bytes', max: 25, overflow: 'exclude' } });
    assert.deepEqual(
      [b.lines, b.startLine, b.totalLines, b.stoppedBy, b.hasMore],
      [['line 19999', 'line 20000'], 19999, 20000, 'budget', false],
    );
    const lim = await text(f, 'n.txt', { start: -5, limit: 2 });
    assert.deepEqual(
      [lim.lines, lim.startLine, lim.endLine, lim.hasMore, lim.totalLines],
      [['line 19996', 'line 19997'], 19996, 19997, true, 20000],
    );
  } finally {
    f.cleanup();
  }
});

const numbered = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => `row ${String(i + from).padStart(7, '0')}`).join('\n') + '\n';

test('line counts of big files are remembered per version and never served stale', async () => {
  const f = fixture();
  try {
    const cache = new LineCountCache({ minBytes: 0, settleMs: 0 });
    const opts = { lineCounts: cache };
    // 100,000 lines of 12 bytes: 1.2 MB, more than one count step.
    const p = f.file('log.txt', numbered(100_000));
    const old = new Date('2024-01-01T00:00:00Z');
    utimesSync(p, old, old);
    let r = await text(f, 'log.txt', { ...opts, start: -2 });
    assert.deepEqual(
      [r.lines, r.startLine, r.totalLines, cache.misses, cache.hits],
      [['row 0099999', 'row 0100000'], 99999, 100000, 1, 0],
    );
    r = await text(f, 'log.txt', { ...opts, start: -2 });
    assert.deepEqual([r.startLine, cache.misses, cache.hits], [99999, 1, 1]);

    // Same size, different mtime: two lines become four (bytes replaced by breaks).
    const body = Buffer.from(numbered(100_000));
    body[5] = 10;
    body[17] = 10;
    writeFileSync(p, body);
    r = await text(f, 'log.txt', { ...opts, start: -1 });
    assert.deepEqual([r.lines, r.startLine, r.totalLines, cache.misses], [['row 0100000'], 100002, 100002, 2]);

    // Same size and the very same mtime as the cached count, different content: only ctime
    // tells; a cache keyed on size and mtime alone would answer 100002.
    utimesSync(p, old, old);
    await text(f, 'log.txt', { ...opts, start: -1 });
    const before = statSync(p, { bigint: true });
    const misses = cache.misses;
    body[29] = 10;
    // Rewritten until the clock has ticked: within one tick even ctime stays (see settleMs).
    do {
      writeFileSync(p, body);
      utimesSync(p, old, old);
    } while (statSync(p, { bigint: true }).ctimeNs === before.ctimeNs);
    const after = statSync(p, { bigint: true });
    assert.deepEqual([after.size, after.mtimeNs], [before.size, before.mtimeNs]);
    r = await text(f, 'log.txt', { ...opts, start: -1 });
    assert.deepEqual([r.startLine, r.totalLines, cache.misses], [100003, 100003, misses + 1]);

    // Appended content.
    appendFileSync(p, numbered(3, 100_001));
    r = await text(f, 'log.txt', { ...opts, start: -2 });
    assert.deepEqual([r.lines, r.startLine, r.totalLines], [['row 0100002', 'row 0100003'], 100005, 100006]);
    // A head read that asks for the total uses the same count.
    const hits = cache.hits;
    r = await text(f, 'log.txt', { ...opts, start: 1, limit: 1, countTotal: true });
    assert.deepEqual(
      [r.lines, r.totalLines, r.hasMore, r.finalNewline, cache.hits],
      [['row 0'], 100006, true, true, hits + 1],
    );
  } finally {
    f.cleanup();
  }
});

test('a count taken while the file may still change in the same clock tick is not stored; entries are bounded', async () => {
  const f = fixture();
  try {
    // 120 KB files: more than the first 64 KiB read to detect the kind, so their counts are read.
    f.file('fresh.txt', numbered(10_000));
    const waiting = new LineCountCache({ minBytes: 0, settleMs: 3_600_000 });
    const r = await text(f, 'fresh.txt', { start: -1, lineCounts: waiting });
    assert.deepEqual([r.startLine, waiting.size, waiting.misses], [10_000, 0, 1]);
    const small = new LineCountCache({ minBytes: 0, settleMs: 0, maxEntries: 2 });
    for (const name of ['a', 'b', 'c']) {
      f.file(`${name}.txt`, numbered(10_000));
      await text(f, `${name}.txt`, { start: -1, lineCounts: small });
    }
    assert.equal(small.size, 2);
  } finally {
    f.cleanup();
  }
});

test('a file cut short after it was opened is reported as changed, not read as if whole', async () => {
  const f = fixture();
  try {
    const p = f.file('rotated.log', numbered(20_000));
    const size = statSync(p).size;
    const fh = new FdFile(openSync(p, 'r'));
    try {
      truncateSync(p, 1000);
      assert.equal(await kindOf(() => locateTail(fh, 'byte', 0, size, 5, false)), 'conflict');
    } finally {
      await fh.close();
    }
  } finally {
    f.cleanup();
  }
});
