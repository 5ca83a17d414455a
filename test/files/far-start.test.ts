// A window in the second half of a big file (a positive start: Claude Read offset, Gemini/Qwen
// read_file offset, Codex read_file, Grok view_file start_line) is found from the end like a
// tail (issue 24, item 10). Every case must give exactly what the forward scan of the same
// lines gives (farStartBytes: Infinity forces that scan), whatever the line endings,
// characters, encoding, budget or count asked for.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import iconv from 'iconv-lite';
import { LineCountCache } from '../../src/engine/files/line-count.js';
import { FAR_START_BYTES, type ReadOptions } from '../../src/engine/files/read.js';
import { Session } from '../../src/engine/session.js';
import { callTool, startTestServer, texts } from '../helpers/server.js';
import { fixture, text, view } from './fixture.js';

/** Lines of about 60 bytes with 1-4 byte characters, and a few long ones, past FAR_START_BYTES. */
function body(eol: string, finalBreak: boolean): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 1; size < FAR_START_BYTES * 1.5; i++) {
    const l =
      i % 997 === 0 ? `${i} long ${'ж'.repeat(40_000)}` : `${i} ${['a', 'ü', '€', '😀'][i % 4]!.repeat(i % 23)} line`;
    lines.push(l);
    size += Buffer.byteLength(l) + eol.length;
  }
  return lines.join(eol) + (finalBreak ? eol : '');
}

test('a start in the second half of a big file reads what the forward scan reads', async () => {
  const f = fixture();
  try {
    const files = {
      lf: f.file('lf.txt', body('\n', true)),
      crlf: f.file('crlf.txt', body('\r\n', false)),
      utf16: f.file('utf16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(body('\n', true), 'utf16le')])),
    };
    const variants: ReadOptions[] = [
      {},
      { countTotal: true },
      { finalEmptyLine: true, countTotal: true },
      { maxLineChars: 100 },
      { budget: { unit: 'chars', max: 5000, overflow: 'exclude' }, countTotal: true },
      { budget: { unit: 'bytes', max: 30_000, overflow: 'cut' } },
    ];
    // The far path counts the file's lines first: the cache's counters show it was taken.
    const counts = new LineCountCache();
    const used = () => counts.hits + counts.misses;
    let checked = 0;
    for (const [name, p] of Object.entries(files)) {
      const total = (await text(f, p, { start: 1, limit: 1, countTotal: true, farStartBytes: Infinity })).totalLines!;
      assert.ok(total > 10_000, `${name}: ${total} lines`);
      for (const start of [Math.floor(total / 2) + 1, total - 1000, total - 2, total, total + 1, total + 50]) {
        for (const limit of [1, 30, 2000, undefined]) {
          for (const v of variants) {
            const opts = { ...v, start, limit };
            const before = used();
            const far = await text(f, p, { ...opts, lineCounts: counts });
            assert.ok(used() > before, `${name} ${JSON.stringify(opts)}: found from the end`);
            const fwd = await text(f, p, { ...opts, farStartBytes: Infinity });
            assert.deepEqual(view(far), view(fwd), `${name} ${JSON.stringify(opts)}`);
            checked++;
          }
        }
      }
    }
    assert.equal(checked, 3 * 6 * 4 * 6);
    // A window near the top is read forward, with no count of the whole file.
    const before = used();
    const top = await text(f, files.lf, { start: 10, limit: 5, lineCounts: counts });
    assert.deepEqual([used(), top.startLine, top.lines.length], [before, 10, 5]);
    // The session's record of a ranged read is the same either way.
    const a = new Session('a');
    const b = new Session('b');
    await text(f, files.lf, { start: 30_000, limit: 10, session: a });
    await text(f, files.lf, { start: 30_000, limit: 10, session: b, farStartBytes: Infinity });
    const rec = (s: Session) => ({ ...s.reads.get(files.lf)!, hash: undefined });
    assert.deepEqual(rec(a), rec(b));
  } finally {
    f.cleanup();
  }
});

test("each shape's ranged read near the end of a big file shows those lines with their numbers", async () => {
  const f = fixture();
  const lines = Array.from({ length: 40_000 }, (_, i) => `row ${i + 1} ${'x'.repeat(40)}`);
  const p = f.file('big.log', `${lines.join('\n')}\n`);
  const t = await startTestServer(['--root', f.root]);
  try {
    const call = async (shape: string, tool: string, args: Record<string, unknown>) => {
      const r = await callTool(t.client, tool, args, { shape, session: shape });
      assert.equal(r.error, '', `${shape} ${tool}`);
      return texts(r).join('\n');
    };
    const want = (from: number, to: number, fmt: (n: number, l: string) => string) =>
      lines
        .slice(from - 1, to)
        .map((l, i) => fmt(from + i, l))
        .join('\n');
    // Codex read_file: "L<n>: text", offset 1-based.
    assert.equal(
      await call('codex@0.169.0', 'read_file', { file_path: p, offset: 39_990, limit: 3 }),
      want(39_990, 39_992, (n, l) => `L${n}: ${l}`),
    );
    // Core fs.read: the lines themselves, numbers in the structured result.
    assert.equal(
      await call('core', 'fs.read', { path: 'big.log', offset: 39_999, limit: 5 }),
      want(39_999, 40_000, (_n, l) => l),
    );
    // Claude Read: cat -n numbering.
    const claude = await call('claude', 'Read', { file_path: p, offset: 30_001, limit: 2 });
    assert.ok(claude.includes(want(30_001, 30_002, (n, l) => `${n}\t${l}`)), claude.slice(0, 300));
    assert.ok(!claude.includes('row 30000 ') && !claude.includes('row 30003 '), claude.slice(0, 300));
    // Gemini read_file: start_line/end_line, and the total in its note (the empty line after the last break counts).
    const gemini = await call('gemini', 'read_file', { file_path: p, start_line: 39_998, end_line: 39_999 });
    assert.ok(gemini.includes(want(39_998, 39_999, (_n, l) => l)), gemini.slice(0, 400));
    assert.ok(!gemini.includes('row 39997 ') && !gemini.includes('row 40000 '), gemini.slice(0, 400));
    assert.match(gemini, /Showing lines 39998-39999 of 40001 total lines/);
  } finally {
    await t.close();
    f.cleanup();
  }
});
