// The fallback searches in worker threads, many batches of files at a time: results must
// not depend on how files were split between workers, caps must hold across batches, a
// cancelled search must not spoil the next, and idle workers must not keep a process up.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { EngineError } from '../../src/engine/errors.js';
import { Scope } from '../../src/engine/scope.js';
import { grep } from '../../src/engine/search/grep.js';
import type { GrepResult } from '../../src/engine/search/types.js';
import { tempDir } from '../helpers/server.js';

const FILES = 700; // about eleven batches of 64
let dir: string;
let cleanup: () => void;
let scope: Scope;

before(() => {
  ({ dir, cleanup } = tempDir('facet-pool-'));
  for (let i = 0; i < FILES; i++) {
    const sub = path.join(dir, `d${i % 7}`, `e${i % 5}`);
    mkdirSync(sub, { recursive: true });
    // Every third file matches twice; the rest not at all.
    const body = i % 3 === 0 ? `head ${i}\nneedle ${i}\nmiddle\nneedle again ${i}\ntail\n` : `nothing here ${i}\n`;
    writeFileSync(path.join(sub, `f${i}.txt`), body);
  }
  scope = Scope.fromRoots([dir]);
});
after(() => cleanup());

const lines = (r: GrepResult): string[] =>
  r.files.flatMap((f) => f.lines.map((l) => `${f.relative}:${l.line}:${l.kind}:${l.text}`));

test('many batches give exactly the results rg gives, context included', async () => {
  const opts = { cwd: dir, pattern: 'needle \\d+', before: 1, after: 1, limit: 0 };
  const viaRg = await grep(scope, opts, { backend: 'rg' });
  const viaPool = await grep(scope, opts, { backend: 'fallback' });
  assert.equal(viaPool.totalFiles, Math.ceil(FILES / 3));
  assert.equal(viaPool.totalMatchLines, Math.ceil(FILES / 3));
  assert.deepEqual(lines(viaPool), lines(viaRg));
  assert.equal(viaPool.total, viaRg.total);
});

test('the total cap holds exactly across batches (which files make it in depends on walk timing, as with rg)', async () => {
  for (let i = 0; i < 3; i++) {
    const r = await grep(scope, { cwd: dir, pattern: 'needle', maxTotal: 151, limit: 0 }, { backend: 'fallback' });
    assert.equal(r.totalMatchLines, 151);
    assert.equal(r.stoppedBy, 'max_total');
    assert.equal(r.truncated, true);
    // 75 files with both of their lines, and the first line only of one more.
    assert.deepEqual(r.files.map((f) => f.matchLines).sort(), [1, ...Array<number>(75).fill(2)]);
    const cut = r.files.find((f) => f.matchLines === 1)!;
    assert.deepEqual(
      cut.lines.map((l) => l.text),
      [`needle ${/f(\d+)\.txt$/.exec(cut.relative)![1]}`],
    );
  }
});

test('a cancelled search stops, and the pool serves the next one in full', async () => {
  const ac = new AbortController();
  ac.abort();
  await assert.rejects(
    grep(scope, { cwd: dir, pattern: 'needle', signal: ac.signal }, { backend: 'fallback' }),
    (e: unknown) => e instanceof EngineError && e.kind === 'cancelled',
  );
  const later = new AbortController();
  const p = grep(scope, { cwd: dir, pattern: 'needle', signal: later.signal }, { backend: 'fallback' });
  queueMicrotask(() => later.abort());
  await assert.rejects(p, (e: unknown) => e instanceof EngineError && e.kind === 'cancelled');
  const full = await grep(scope, { cwd: dir, pattern: 'needle', mode: 'count' }, { backend: 'fallback' });
  assert.equal(full.totalMatchLines, 2 * Math.ceil(FILES / 3));
});

/**
 * Runs `lines` as an ES module in a fresh node process, with `scope` (over the test tree) and
 * `grep` in hand, and returns its output. The process must end by itself: a worker left busy
 * or spinning would keep it alive until the timeout.
 */
function inFreshProcess(lines: string[]): string {
  const engine = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/engine');
  const script = [
    `import { Scope } from ${JSON.stringify(path.join(engine, 'scope.js'))};`,
    `import { grep } from ${JSON.stringify(path.join(engine, 'search/grep.js'))};`,
    `const scope = Scope.fromRoots([${JSON.stringify(dir)}]);`,
    ...lines,
  ].join('\n');
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  return r.stdout;
}

test('a process whose searches are done exits on its own (idle workers hold nothing)', () => {
  const out = inFreshProcess([
    `const r = await grep(scope, { pattern: 'needle 3\\\\b' }, { backend: 'fallback' });`,
    'console.log(r.files.map((f) => f.relative).join(","));',
  ]);
  assert.equal(out, 'd3/e3/f3.txt\n');
});

test('a pattern that backtracks without end loses only its time budget: the stuck worker is replaced', () => {
  // JavaScript regexes backtrack: (a+)+b against forty a's runs for hours. rg would not.
  writeFileSync(path.join(dir, 'redos.txt'), `${'a'.repeat(40)}\n`);
  const out = inFreshProcess([
    `const stuck = await grep(scope, { pattern: '(a+)+b', paths: ['redos.txt'], timeoutMs: 300 }, { backend: 'fallback' });`,
    `const after = await grep(scope, { pattern: 'needle 3\\\\b', mode: 'files' }, { backend: 'fallback' });`,
    'console.log(JSON.stringify([stuck.timedOut, stuck.total, after.files.map((f) => f.relative)]));',
  ]);
  assert.equal(out, '[true,0,["d3/e3/f3.txt"]]\n');
});
