// Claude Grep and Glob limits over gRPC: Grep's default head_limit of 250 and offset in
// content and count modes, its invalid-regex error; Glob keeping the 100 oldest files and
// matching inside .git as Claude Code's rg --no-ignore --hidden does.
import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { claudeCaller } from './harness.js';

describe('claude shape: Grep paging and Glob cap', () => {
  const { t, dir } = serverFixture({ shape: 'claude@2.1.197' });
  const call = claudeCaller(() => t, 'paging');
  const p = (...parts: string[]) => path.join(dir, ...parts);
  const base = Math.floor(Date.now() / 1000) - 10_000;

  before(async () => {
    mkdirSync(p('big'));
    writeFileSync(p('big', 'lines.txt'), Array.from({ length: 300 }, (_, i) => `hit ${i + 1}`).join('\n') + '\n');
    mkdirSync(p('cnt'));
    ['a', 'b', 'c', 'd'].forEach((n, i) => writeFileSync(p('cnt', `${n}.txt`), 'w\n'.repeat(i + 1)));
    // 120 files whose names run opposite to their age: g119 is the oldest, g000 the newest.
    mkdirSync(p('g'));
    for (let i = 0; i < 120; i++) {
      const f = p('g', `g${String(i).padStart(3, '0')}.dat`);
      writeFileSync(f, '');
      utimesSync(f, base + (120 - i) * 10, base + (120 - i) * 10);
    }
    mkdirSync(p('repo', '.git'), { recursive: true });
    writeFileSync(p('repo', '.git', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(p('repo', '.gitignore'), 'HEAD\n');
    writeFileSync(p('repo', 'HEAD'), 'ignored by git, still listed\n');
    utimesSync(p('repo', '.git', 'HEAD'), base, base);
    utimesSync(p('repo', 'HEAD'), base + 5000, base + 5000);
  });

  test('Grep content: head_limit defaults to 250 lines, with the pagination note', async () => {
    const r = await call('Grep', { pattern: 'hit', output_mode: 'content', path: 'big' });
    const expected = Array.from({ length: 250 }, (_, i) => `big/lines.txt:${i + 1}:hit ${i + 1}`).join('\n');
    assert.equal(r.text, `${expected}\n\n[Showing results with pagination = limit: 250]`);
    const all = await call('Grep', { pattern: 'hit', output_mode: 'content', path: 'big', head_limit: 0 });
    assert.equal(all.text.split('\n').length, 300);
  });

  test('Grep content: offset skips lines first, then head_limit applies', async () => {
    const r = await call('Grep', {
      pattern: 'hit',
      output_mode: 'content',
      path: 'big/lines.txt',
      offset: 297,
      head_limit: 2,
    });
    assert.equal(r.text, '298:hit 298\n299:hit 299\n\n[Showing results with pagination = limit: 2, offset: 297]');
    const tail = await call('Grep', { pattern: 'hit', output_mode: 'content', path: 'big/lines.txt', offset: 298 });
    assert.equal(tail.text, '299:hit 299\n300:hit 300\n\n[Showing results with pagination = offset: 298]');
  });

  test('Grep count: offset and head_limit page the rows; the totals count the rows shown', async () => {
    const r = await call('Grep', { pattern: 'w', output_mode: 'count', path: 'cnt', offset: 1, head_limit: 2 });
    assert.equal(
      r.text,
      'cnt/b.txt:2\ncnt/c.txt:3\n\nFound 5 total occurrences across 2 files. with pagination = limit: 2, offset: 1',
    );
    const rest = await call('Grep', { pattern: 'w', output_mode: 'count', path: 'cnt', offset: 3 });
    assert.equal(rest.text, 'cnt/d.txt:4\n\nFound 4 total occurrences across 1 file. with pagination = offset: 3');
  });

  test('Grep: an invalid regex is a tool_use_error naming the problem', async () => {
    const bad = await call('Grep', { pattern: 'a(', path: 'cnt' });
    assert.equal(bad.code, 'INVALID_ARGUMENT');
    assert.equal(
      bad.error,
      '<tool_use_error>The pattern is not a valid regular expression (ripgrep syntax):\nregex parse error:\n    a(\n     ^\nerror: unclosed group\nPut a backslash before characters meant literally, such as \\( or \\{, or fix the expression.</tool_use_error>',
    );
    assert.equal(bad.text, bad.error);
  });

  test('Glob keeps the 100 oldest files, oldest first, and says how many more matched', async () => {
    const r = await call('Glob', { pattern: 'g/*.dat' });
    const oldest = Array.from({ length: 100 }, (_, k) => `g/g${String(119 - k).padStart(3, '0')}.dat`);
    assert.equal(
      r.text,
      [
        ...oldest,
        '(Showing 100 of 120 matching files; 20 more are not listed. Narrow the pattern or path to see the rest.)',
      ].join('\n'),
    );
    assert.deepEqual(r.display.counts, { files: 120, shown: 100 });
  });

  test('Glob matches inside .git and files .gitignore names', async () => {
    assert.equal((await call('Glob', { pattern: 'HEAD', path: 'repo' })).text, 'repo/.git/HEAD\nrepo/HEAD');
    assert.equal((await call('Glob', { pattern: '.git/*', path: p('repo') })).text, 'repo/.git/HEAD');
  });
});
