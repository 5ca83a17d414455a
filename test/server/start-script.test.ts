// npm start builds only when a source changed since the last build (scripts/build-state.mjs),
// checked on a tree of its own with set modification times.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { tempDir } from '../helpers/server.js';

type BuildReason = (root: string) => string | undefined;

test('npm start runs scripts/start.mjs, which builds only when something changed', async () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  assert.equal(pkg.scripts.start, 'node scripts/start.mjs');
  const { buildReason } = (await import(pathToFileURL(path.resolve('scripts/build-state.mjs')).href)) as {
    buildReason: BuildReason;
  };
  const { dir, cleanup } = tempDir();
  try {
    const at = (file: string, seconds: number, text = '') => {
      const p = path.join(dir, file);
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, text);
      utimesSync(p, seconds, seconds);
    };
    at('tsconfig.json', 1000, '{}');
    at('src/cli.ts', 1000);
    at('src/engine/deep.ts', 1000);
    assert.equal(buildReason(dir), 'no build yet');
    at('dist/src/cli.js', 2000);
    assert.equal(buildReason(dir), undefined);
    at('src/engine/notes.md', 3000); // not a source
    assert.equal(buildReason(dir), undefined);
    at('src/engine/deep.ts', 3000);
    assert.equal(buildReason(dir), 'src/engine/deep.ts changed');
    at('dist/src/cli.js', 4000);
    assert.equal(buildReason(dir), undefined);
    at('tsconfig.json', 5000, '{}');
    assert.equal(buildReason(dir), 'tsconfig.json changed');
  } finally {
    cleanup();
  }
});
