// Finding files by name: the fuzzy file-finder score (exact name, name contains, path
// contains, letters in order) and the walk that ranks a tree's files by it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Scope } from '../../src/engine/index.js';
import { fileNameScore, findFileNames } from '../../src/engine/search/file-names.js';

test('fileNameScore: 100 exact, 80 name contains, 60 path contains, then the letters in order (shorter names score higher), else 0', () => {
  assert.equal(fileNameScore('Config.ts', 'src/Config.ts', 'config.ts'), 100);
  assert.equal(fileNameScore('app-config.ts', 'src/app-config.ts', 'config'), 80);
  assert.equal(fileNameScore('index.ts', 'config/index.ts', 'config'), 60);
  assert.equal(fileNameScore('cfg.ts', 'cfg.ts', 'cg'), 36);
  assert.equal(fileNameScore(`c${'x'.repeat(40)}g`, 'x', 'cg'), 10);
  assert.equal(fileNameScore('readme.md', 'readme.md', 'zz'), 0);
});

test('findFileNames: best first, ties by path, skipped names and an excluded substring left out, at most max', async () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'facet-names-')));
  try {
    for (const f of [
      'conf.ts',
      'src/conf.ts',
      'src/app-conf.ts',
      'node_modules/conf.ts',
      'vendor/conf.ts',
      '.hidden/conf.ts',
      'lib/c-o-n-f.ts',
    ]) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), '');
    }
    const scope = Scope.fromRoots([dir]);
    const hits = await findFileNames(scope, dir, {
      query: 'conf.ts',
      depth: 10,
      includeHidden: false,
      skipNames: ['node_modules'],
      excludeSubstring: 'vendor',
      max: 3,
    });
    assert.deepEqual(hits, [
      { relative: 'conf.ts', score: 100 },
      { relative: 'src/conf.ts', score: 100 },
      { relative: 'src/app-conf.ts', score: 80 },
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
