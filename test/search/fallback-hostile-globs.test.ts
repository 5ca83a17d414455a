// Globs that rg takes in its stride but the TypeScript backend expands or turns into regexes:
// {a,b} forty times over (2^40 rules) ran the server out of heap, and 20,000 alternatives made a
// regex too big to compile, thrown in the walk where nothing caught it: the server died of both.
// Now the first is refused as glob patterns are, the second fails in band, and a chain of **/ is
// one **/ (same meaning), so the search answers.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { serverFixture } from '../helpers/server.js';
import { caller } from '../shapes/gemini/harness.js';

const { t } = serverFixture({
  prefix: 'facet-fallback-globs-',
  args: ['--shape', 'core,gemini', '--grep-backend', 'fallback'],
  setup: (root) => {
    mkdirSync(path.join(root, 'a', 'b'), { recursive: true });
    writeFileSync(path.join(root, 'a', 'b', 'c.ts'), 'needle\n');
    writeFileSync(path.join(root, 'top.md'), 'needle\n');
  },
});

test('hostile include globs on the TypeScript backend: refused in band, or answered; the server lives', async () => {
  const call = caller(() => t, 'core');
  const grep = (glob: string) => call('search.grep', { pattern: 'needle', output: 'files', glob: [glob] });
  const bomb = await grep('{a,b}'.repeat(40));
  assert.deepEqual(
    [bomb.code, bomb.error],
    [
      'INVALID_ARGUMENT',
      'the {…} alternatives of a glob pattern make 1099511627776 patterns; at most 1024 are taken: use fewer alternatives or a wildcard',
    ],
  );
  // Core bounds a glob's length in its schema; Gemini's include_pattern has no bound.
  const wide = await caller(() => t, 'gemini')('grep_search', {
    pattern: 'needle',
    include_pattern: Array.from({ length: 20_000 }, (_, i) => `w${i}`).join('|'),
  });
  assert.equal(wide.code, 'INVALID_ARGUMENT');
  assert.match(wide.error, /^Invalid parameters: the globs cannot be compiled \(Invalid regular expression: /);
  const chain = await grep(`${'**/'.repeat(300)}*.ts`);
  assert.deepEqual([chain.code, chain.text], ['', 'a/b/c.ts']);
  const plain = await grep('*.md');
  assert.deepEqual([plain.code, plain.text], ['', 'top.md']);
});
