// A workspace whose ignore files are not regular files (a hostile repository can ship a FIFO as
// .gitignore, or a link from .ignore to /dev/zero): listing, globbing, reading many files and
// grepping without ripgrep answer at once, as if those files were absent. Before, a FIFO held the
// call (and a thread-pool thread) for ever, and /dev/zero was read to ~900 MB.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { serverFixture } from '../helpers/server.js';
import { caller } from '../shapes/gemini/harness.js';

const { t } = serverFixture({
  prefix: 'facet-ignore-special-',
  args: ['--shape', 'core', '--grep-backend', 'fallback'],
  setup: (root) => {
    mkdirSync(path.join(root, 'sub'));
    execFileSync('mkfifo', [path.join(root, '.gitignore')]);
    symlinkSync('/dev/zero', path.join(root, 'sub', '.ignore'));
    writeFileSync(path.join(root, 'a.txt'), 'needle\n');
    writeFileSync(path.join(root, 'sub', 'b.txt'), 'needle\n');
  },
});

test('ignore files that are a FIFO or a link to /dev/zero are left out, and every walk answers', async () => {
  const call = caller(() => t, 'core');
  const glob = await call('search.glob', { pattern: '**/*.txt' });
  assert.equal(glob.text, 'a.txt\nsub/b.txt');
  const grep = await call('search.grep', { pattern: 'needle', output: 'files' });
  assert.equal(grep.text, 'a.txt\nsub/b.txt');
  const many = await call('fs.read_many', { include: ['**/*.txt'] });
  assert.equal(many.text, '--- a.txt ---\nneedle\n\n--- sub/b.txt ---\nneedle');
  const list = await call('fs.list', { path: '.', depth: 2 });
  assert.equal(list.text, 'sub/\n  .ignore@\n  b.txt\n.gitignore\na.txt');
});
