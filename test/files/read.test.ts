// Reading: line ranges (1-based, from the end), truncation with exact counts, budgets,
// encodings, line endings, binary, images, PDFs, notebooks, size caps, read records.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import iconv from 'iconv-lite';
import { readFile, type TextRead } from '../../src/engine/files/read.js';
import { readMany } from '../../src/engine/files/read-many.js';
import { fixture, kindOf } from './fixture.js';
import { PNG_3X2 } from '../helpers/png.js';

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

async function text(
  f: ReturnType<typeof fixture>,
  p: string,
  opts: Parameters<typeof readFile>[2] = {},
): Promise<TextRead> {
  const r = await readFile(f.scope, p, opts);
  assert.equal(r.kind, 'text');
  return r as TextRead;
}

test('line ranges: 1-based start, limit, past the end, from the end', async () => {
  const f = fixture();
  try {
    f.file('n.txt', numbered(10));
    let r = await text(f, 'n.txt', { start: 3, limit: 2 });
    assert.deepEqual(
      [r.lines, r.startLine, r.endLine, r.hasMore, r.totalLines],
      [['line 3', 'line 4'], 3, 4, true, undefined],
    );
    r = await text(f, 'n.txt', { start: 3, limit: 2, countTotal: true });
    assert.deepEqual([r.totalLines, r.hasMore], [10, true]);
    r = await text(f, 'n.txt', { start: 9 });
    assert.deepEqual(
      [r.lines, r.hasMore, r.totalLines, r.finalNewline, r.complete],
      [['line 9', 'line 10'], false, 10, true, false],
    );
    r = await text(f, 'n.txt', { start: 50 });
    assert.deepEqual([r.lines, r.pastEnd, r.totalLines, r.endLine], [[], true, 10, 49]);
    r = await text(f, 'n.txt', { start: -3 });
    assert.deepEqual([r.lines, r.startLine, r.totalLines], [['line 8', 'line 9', 'line 10'], 8, 10]);
    r = await text(f, 'n.txt', { start: -30 });
    assert.deepEqual([r.lines.length, r.startLine], [10, 1]);
    r = await text(f, 'n.txt');
    assert.deepEqual([r.lines.length, r.complete, r.stoppedBy], [10, true, 'eof']);
    // String.split semantics: a final line break makes one more, empty line.
    r = await text(f, 'n.txt', { start: 10, finalEmptyLine: true });
    assert.deepEqual([r.lines, r.totalLines], [['line 10', ''], 11]);
    assert.equal(await kindOf(() => readFile(f.scope, 'n.txt', { start: 0 })), 'invalid_argument');
    assert.equal(await kindOf(() => readFile(f.scope, 'n.txt', { limit: 0 })), 'invalid_argument');
  } finally {
    f.cleanup();
  }
});

test('empty file, no final newline, lone last line', async () => {
  const f = fixture();
  try {
    f.file('e.txt', '');
    let r = await text(f, 'e.txt');
    assert.deepEqual([r.lines, r.totalLines, r.complete], [[], 0, true]);
    r = await text(f, 'e.txt', { finalEmptyLine: true });
    assert.deepEqual([r.lines, r.totalLines], [[''], 1]);
    f.file('x.txt', 'a\nb');
    r = await text(f, 'x.txt');
    assert.deepEqual([r.lines, r.eols, r.finalNewline, r.totalLines], [['a', 'b'], ['\n', ''], false, 2]);
  } finally {
    f.cleanup();
  }
});

test('per-line truncation and budgets report exact counts', async () => {
  const f = fixture();
  try {
    f.file('long.txt', `short\n${'x'.repeat(5000)}\nend\n`);
    let r = await text(f, 'long.txt', { maxLineChars: 2000 });
    assert.equal(r.lines[1]!.length, 2000);
    assert.deepEqual(r.truncatedLines, [2]);
    assert.equal(r.complete, false);
    // One hostile 3 MB line with a small cap keeps memory bounded and reports the cut.
    f.file('one.txt', 'y'.repeat(3_000_000));
    r = await text(f, 'one.txt', { maxLineChars: 10 });
    assert.deepEqual([r.lines, r.truncatedLines, r.totalLines], [['yyyyyyyyyy'], [1], 1]);
    f.file('n.txt', numbered(100));
    // 'line N\n' is 7 bytes for N<10, 8 for 10..99.
    r = await text(f, 'n.txt', { budget: { unit: 'bytes', max: 30, overflow: 'exclude' } });
    assert.deepEqual([r.lines, r.stoppedBy, r.hasMore], [['line 1', 'line 2', 'line 3', 'line 4'], 'budget', true]);
    r = await text(f, 'n.txt', { budget: { unit: 'bytes', max: 30, overflow: 'include' } });
    assert.equal(r.lines.length, 5);
    r = await text(f, 'n.txt', { budget: { unit: 'chars', max: 30, overflow: 'cut', minCut: 1 } });
    assert.deepEqual([r.lines.at(-1), r.budgetCutLine], ['li', 5]);
    // Tail reads keep the newest lines when the budget is short.
    // 'line 98\n' + 'line 99\n' + 'line 100\n' = 25 bytes.
    r = await text(f, 'n.txt', { start: -10, budget: { unit: 'bytes', max: 25, overflow: 'exclude' } });
    assert.deepEqual([r.lines, r.startLine], [['line 98', 'line 99', 'line 100'], 98]);
  } finally {
    f.cleanup();
  }
});

test('encodings and line endings are detected and reported', async () => {
  const f = fixture();
  try {
    f.file('crlf.txt', 'one\r\ntwo\r\n');
    let r = await text(f, 'crlf.txt');
    assert.deepEqual([r.lines, r.eols, r.lineEnding], [['one', 'two'], ['\r\n', '\r\n'], 'crlf']);
    f.file('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo\n')]));
    r = await text(f, 'bom.txt');
    assert.deepEqual([r.lines, r.encoding, r.bom], [['héllo'], 'utf8', true]);
    f.file('u16le.txt', iconv.encode('ça\r\nva\n', 'utf16le', { addBOM: true }));
    r = await text(f, 'u16le.txt');
    assert.deepEqual([r.lines, r.encoding, r.bom, r.lineEnding], [['ça', 'va'], 'utf16le', true, 'mixed']);
    f.file('u16be.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode('über\nalles\n', 'utf16be')]));
    r = await text(f, 'u16be.txt', { start: 2 });
    assert.deepEqual([r.lines, r.encoding], [['alles'], 'utf16be']);
    f.file('latin1.txt', iconv.encode('Café crème, déjà vu, naïve façade\nsecond\n', 'latin1'));
    r = await text(f, 'latin1.txt');
    assert.equal(r.lines[0], 'Café crème, déjà vu, naïve façade');
    assert.ok(['latin1', 'windows-1252', 'iso-8859-15'].includes(r.encoding), r.encoding);
  } finally {
    f.cleanup();
  }
});

test('images and PDFs come back as bytes with media type and size; binary is reported', async () => {
  const f = fixture();
  try {
    f.file('p.png', PNG_3X2);
    const img = await readFile(f.scope, 'p.png');
    assert.equal(img.kind, 'image');
    if (img.kind !== 'image') return;
    assert.deepEqual([img.mediaType, img.width, img.height, img.data.equals(PNG_3X2)], ['image/png', 3, 2, true]);
    f.file('pic.txt', PNG_3X2); // magic bytes win over the name
    assert.equal((await readFile(f.scope, 'pic.txt')).kind, 'image');
    f.file('g.gif', Buffer.from('GIF89a\x05\x00\x07\x00\x00\x00\x00', 'latin1'));
    const gif = await readFile(f.scope, 'g.gif');
    assert.deepEqual(gif.kind === 'image' ? [gif.mediaType, gif.width, gif.height] : [], ['image/gif', 5, 7]);
    f.file('s.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    const svg = await readFile(f.scope, 's.svg');
    assert.deepEqual(svg.kind === 'image' ? svg.mediaType : svg.kind, 'image/svg+xml');
    f.file('d.pdf', '%PDF-1.4\n%\xe2\xe3\n1 0 obj\n');
    const pdf = await readFile(f.scope, 'd.pdf');
    assert.deepEqual(pdf.kind === 'pdf' ? pdf.mediaType : pdf.kind, 'application/pdf');
    assert.equal(await kindOf(() => readFile(f.scope, 'd.pdf', { maxMediaBytes: 4 })), 'resource_exhausted');
    assert.equal((await readFile(f.scope, 'd.pdf', { media: ['image'] })).kind, 'binary');
    f.file('b.bin', Buffer.from([1, 2, 0, 3, 4]));
    const bin = await readFile(f.scope, 'b.bin');
    assert.deepEqual([bin.kind, bin.size], ['binary', 5]);
    f.file('big.txt', 'z'.repeat(1000));
    assert.equal(await kindOf(() => readFile(f.scope, 'big.txt', { maxFileBytes: 999 })), 'resource_exhausted');
    assert.equal(await kindOf(() => readFile(f.scope, 'missing.txt')), 'not_found');
    assert.equal(await kindOf(() => readFile(f.scope, '.')), 'invalid_argument');
  } finally {
    f.cleanup();
  }
});

test('jpeg and webp (real encoder output, and the lossy and lossless webp headers) come back with their size', async () => {
  const f = fixture();
  try {
    const cases: Array<[string, Buffer, string, number, number]> = [
      ['python.jpg', readFileSync(path.resolve('test/fixtures/images/python.jpg')), 'image/jpeg', 16, 16],
      ['python.webp', readFileSync(path.resolve('test/fixtures/images/python.webp')), 'image/webp', 16, 16],
      ['lossy.webp', webp('VP8 ', [0x9d, 0x01, 0x2a, 7, 0, 5, 0], 3), 'image/webp', 7, 5],
      ['lossless.webp', webp('VP8L', [0x2f, 0x06, 0x00, 0x01, 0x00]), 'image/webp', 7, 5],
    ];
    for (const [name, bytes, mediaType, width, height] of cases) {
      f.file(name, bytes);
      const r = await readFile(f.scope, name);
      assert.deepEqual(
        r.kind === 'image' ? [r.mediaType, r.width, r.height, r.size, r.data.equals(bytes)] : r.kind,
        [mediaType, width, height, bytes.length, true],
        name,
      );
    }
    // Over the media cap: refused with the sizes, not cut.
    await assert.rejects(readFile(f.scope, 'python.jpg', { maxMediaBytes: 100 }), (e: any) => {
      assert.deepEqual(
        [e.kind, e.facts.size, e.facts.maxBytes, e.facts.kind],
        ['resource_exhausted', 543, 100, 'image'],
      );
      return true;
    });
  } finally {
    f.cleanup();
  }
});

/** A minimal WebP container: RIFF header, one chunk whose payload starts (after `skip` bytes) with `head`. */
function webp(chunk: string, head: number[], skip = 0): Buffer {
  const payload = Buffer.concat([Buffer.alloc(skip), Buffer.from(head), Buffer.alloc(16)]);
  const body = Buffer.concat([Buffer.from('WEBP'), Buffer.from(chunk), u32(payload.length), payload]);
  return Buffer.concat([Buffer.from('RIFF'), u32(body.length), body]);
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

test('notebooks parse into cells; reads are recorded in the session', async () => {
  const f = fixture();
  try {
    f.file(
      'nb.ipynb',
      JSON.stringify({
        nbformat: 4,
        nbformat_minor: 5,
        metadata: { language_info: { name: 'python' } },
        cells: [
          { id: 'md1', cell_type: 'markdown', metadata: {}, source: ['# Title\n', 'text'] },
          {
            id: 'c1',
            cell_type: 'code',
            metadata: {},
            execution_count: 1,
            source: "print('hi')",
            outputs: [{ output_type: 'stream', name: 'stdout', text: ['hi\n'] }],
          },
        ],
      }),
    );
    const r = await readFile(f.scope, 'nb.ipynb', { notebooks: true, session: f.session });
    assert.equal(r.kind, 'notebook');
    if (r.kind !== 'notebook') return;
    assert.deepEqual(
      r.notebook.cells.map((c) => [c.id, c.cellType, c.source, c.outputs.map((o) => o.text)]),
      [
        ['md1', 'markdown', '# Title\ntext', []],
        ['c1', 'code', "print('hi')", ['hi\n']],
      ],
    );
    f.file('n.txt', numbered(5));
    await readFile(f.scope, 'n.txt', { session: f.session, start: 2, limit: 1 });
    const rec = f.session.reads.get(path.join(f.root, 'n.txt'))!;
    assert.deepEqual([rec.complete, rec.size, rec.offset, rec.limit, rec.hash.length], [false, 35, 2, 1, 64]);
    await readFile(f.scope, 'n.txt', { session: f.session });
    assert.equal(f.session.reads.get(path.join(f.root, 'n.txt'))!.complete, true);
  } finally {
    f.cleanup();
  }
});

test('read_many expands globs inside the scope, skips excluded and ignored files, reports per-file errors', async () => {
  const f = fixture();
  try {
    f.file('src/a.ts', 'a\n');
    f.file('src/deep/b.ts', 'b\n');
    f.file('src/c.js', 'c\n');
    f.file('node_modules/x/y.ts', 'nm\n');
    f.file('gen/g.ts', 'g\n');
    f.file('.gitignore', 'gen/\n');
    f.file('src/bin.ts', Buffer.from([0, 1, 2]));
    const r = await readMany(f.scope, { include: ['**/*.ts'], cwd: f.root });
    assert.deepEqual(
      r.files.map((x) => [x.relative, x.result?.kind]),
      [
        ['src/a.ts', 'text'],
        ['src/bin.ts', 'binary'],
        ['src/deep/b.ts', 'text'],
      ],
    );
    const r2 = await readMany(f.scope, { include: ['src/*.ts'], exclude: ['**/bin.ts'], cwd: f.root, maxFiles: 5 });
    assert.deepEqual(
      r2.files.map((x) => x.relative),
      ['src/a.ts'],
    );
    const r3 = await readMany(f.scope, {
      include: ['**/*.ts'],
      cwd: f.root,
      maxFiles: 1,
      useDefaultExcludes: false,
      respectGitIgnore: false,
    });
    assert.deepEqual([r3.matched, r3.omitted], [5, 4]);
    // A file that cannot be read is reported in its place; the others are still read.
    f.file('src/huge.ts', 'h'.repeat(2000));
    const r4 = await readMany(f.scope, { include: ['src/*.ts'], cwd: f.root, read: { maxFileBytes: 1000 } });
    assert.deepEqual(
      r4.files.map((x) => [x.relative, x.result?.kind ?? x.error?.kind, x.error?.message ?? '']),
      [
        ['src/a.ts', 'text', ''],
        ['src/bin.ts', 'binary', ''],
        [
          'src/huge.ts',
          'resource_exhausted',
          `${path.join(f.root, 'src/huge.ts')} is 2000 bytes, over the 1000-byte limit for one read`,
        ],
      ],
    );
    assert.equal(
      await kindOf(() => readMany(f.scope, { include: ['../outside/*.txt'], cwd: f.root })),
      'permission_denied',
    );
    assert.equal(await kindOf(() => readMany(f.scope, { include: ['/etc/*'], cwd: f.root })), 'permission_denied');
  } finally {
    f.cleanup();
  }
});

test('readMany over several bases, case-insensitively, with existing paths taken literally', async () => {
  const f = fixture();
  try {
    f.file('one/A.TXT', 'a\n');
    f.file('two/b.txt', 'b\n');
    f.file('one/app/[id]/page.tsx', 'p\n');
    f.file('one/app/i/page.tsx', 'not this\n');
    const one = path.join(f.root, 'one');
    const two = path.join(f.root, 'two');
    const r = await readMany(f.scope, { include: ['*.txt'], cwd: one, bases: [one, two], ignoreCase: true });
    assert.deepEqual(
      r.files.map((x) => x.path),
      [path.join(one, 'A.TXT'), path.join(two, 'b.txt')],
    );
    const strict = await readMany(f.scope, { include: ['*.txt'], cwd: one, bases: [one, two] });
    assert.deepEqual(
      strict.files.map((x) => x.path),
      [path.join(two, 'b.txt')],
    );
    const literal = await readMany(f.scope, { include: ['app/[id]/page.tsx'], cwd: one, literalFiles: true });
    assert.deepEqual(
      literal.files.map((x) => x.relative),
      ['one/app/[id]/page.tsx'],
    );
    const pattern = await readMany(f.scope, { include: ['app/[id]/page.tsx'], cwd: one });
    // As a pattern, [id] is a character class too, so app/i/ matches as well.
    assert.ok(pattern.files.some((x) => x.relative === 'one/app/i/page.tsx'));
  } finally {
    f.cleanup();
  }
});
