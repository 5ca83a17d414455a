// A search whose matches would total gigabytes stays within bounded memory, stops at its
// caps, and leaves no rg process behind; the signal and the time budget stop it too.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { Scope } from '../../src/engine/scope.js';
import { grep } from '../../src/engine/search/grep.js';
import { tempDir } from '../helpers/server.js';

/** rg processes that are children of this test process. */
function rgChildren(): number[] {
  const out: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const m = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
      if (m && m[1] === 'rg' && Number(m[2]) === process.pid) out.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const LINES = 200_000;
const COPIES = 400; // 400 × 200k matching lines ≈ 80M matches, gigabytes of rg JSON if nothing stopped it

// Without the kill, rg would stream gigabytes and each test would run into its timeout.
for (const backend of ['rg', 'fallback'] as const) {
  describe(`bounded search (${backend})`, { timeout: 60_000 }, () => {
    let dir: string;
    let cleanup: () => void;
    let scope: Scope;
    let paths: string[];
    before(() => {
      ({ dir, cleanup } = tempDir('facet-bounds-'));
      let body = '';
      for (let i = 0; i < LINES; i++) body += `foo line ${i} foo\n`;
      writeFileSync(path.join(dir, 'big.txt'), body);
      scope = Scope.fromRoots([dir]);
      paths = Array.from({ length: COPIES }, () => 'big.txt');
    });
    after(() => cleanup());

    test('stops at max_total with bounded memory and kills rg', async () => {
      const rssBefore = process.memoryUsage().rss;
      const r = await grep(
        scope,
        { cwd: dir, pattern: 'foo', paths, maxTotal: 5000, before: 2, after: 2 },
        { backend },
      );
      const grown = process.memoryUsage().rss - rssBefore;
      assert.equal(r.stoppedBy, 'max_total');
      assert.equal(r.totalMatchLines, 5000);
      assert.equal(r.truncated, true);
      assert.equal(r.files.length, 1);
      assert.deepEqual(r.files[0]!.lines.at(-1), {
        line: 5000,
        kind: 'match',
        text: 'foo line 4999 foo',
        column: 1,
        submatches: [
          { start: 0, end: 3 },
          { start: 14, end: 17 },
        ],
      });
      assert.ok(grown < 200 * 1024 * 1024, `rss grew by ${grown} bytes`);
      assert.deepEqual(rgChildren(), []);
    });

    test('count mode over everything stops at its cap too', async () => {
      const r = await grep(scope, { cwd: dir, pattern: 'foo', paths, mode: 'count', maxTotal: 300_000 }, { backend });
      assert.equal(r.stoppedBy, 'max_total');
      assert.equal(r.totalMatchLines, 300_000);
      assert.deepEqual(rgChildren(), []);
    });

    test('the call signal cancels the search and kills rg', async () => {
      const ac = new AbortController();
      const p = grep(scope, { cwd: dir, pattern: 'never-there', paths, signal: ac.signal }, { backend });
      setTimeout(() => ac.abort(), 150);
      const err = await p.then(
        () => assert.fail('expected cancellation'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof EngineError);
      assert.equal(err.kind, 'cancelled');
      assert.deepEqual(rgChildren(), []);
    });

    test('the time budget returns what was found, marked timedOut', async () => {
      const r = await grep(scope, { cwd: dir, pattern: 'never-there', paths, timeoutMs: 150 }, { backend });
      assert.equal(r.timedOut, true);
      assert.equal(r.stoppedBy, 'timeout');
      assert.equal(r.total, 0);
      assert.deepEqual(rgChildren(), []);
    });
  });
}
