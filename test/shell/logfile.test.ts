// A job's log counts the lines of any range from its marks and at most two short reads
// (issue 24, item 10: output readers that need the head and tail of a log do not read all of
// it to count its lines). Each count must equal a plain count of the file's bytes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { BoundedLog } from '../../src/engine/shell/logfile.js';
import { tempDir } from '../helpers/server.js';

const plain = (b: Buffer, start: number, end: number) => {
  const r = b.subarray(start, end);
  let n = 0;
  for (const c of r) if (c === 10) n++;
  return n + (r.length > 0 && r[r.length - 1] !== 10 ? 1 : 0);
};

test('line counts of log ranges equal a plain count, across marks, chunk edges and the bound', async () => {
  const { dir, cleanup } = tempDir();
  try {
    // Chunks of many sizes (1 byte to 200 KiB), lines of many lengths, some runs with no break at all.
    let seed = 11;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const max = 1_500_000;
    const log = new BoundedLog(path.join(dir, 'job.log'), max);
    let sent = 0;
    while (sent < max + 100_000) {
      const size = [1, 7, 4096, 65_536, 200_000][rnd(5)]! + rnd(100);
      const chunk = Buffer.alloc(size, 'x');
      const every = [2, 80, 5000, 0][rnd(4)]!;
      if (every) for (let i = rnd(every); i < size; i += every) chunk[i] = 10;
      log.write(chunk);
      sent += size;
    }
    await log.close();
    const bytes = readFileSync(log.file);
    assert.equal(bytes.length, max);
    assert.ok(log.dropped > 0);
    const points = [0, 1, 65_535, 65_536, 65_537, 131_072, 700_001, max - 1, max];
    for (let i = 0; i < 40; i++) points.push(rnd(max + 1));
    for (const a of points) {
      for (const b of points) {
        if (b < a) continue;
        assert.equal(await log.countLines(a, b), plain(bytes, a, b), `[${a}, ${b})`);
      }
    }
  } finally {
    cleanup();
  }
});
