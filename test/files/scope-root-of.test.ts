// scope.rootOf: which root holds a real path, so shapes need no string-prefix guesses.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Scope } from '../../src/engine/scope.js';

test('rootOf names the root holding a path, tells prefix look-alikes apart, and is undefined outside', (t) => {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'facet-rootof-')));
  t.after(() => rmSync(base, { recursive: true, force: true }));
  for (const d of ['app/sub', 'app-evil', 'other']) mkdirSync(path.join(base, d), { recursive: true });
  const app = path.join(base, 'app');
  const evil = path.join(base, 'app-evil');
  const scope = Scope.fromRoots([app, evil]);
  assert.equal(scope.rootOf(path.join(app, 'src/a.ts')), app);
  assert.equal(scope.rootOf(app), app);
  assert.equal(scope.rootOf(path.join(evil, 'x.txt')), evil);
  assert.equal(scope.rootOf(path.join(base, 'other/x.txt')), undefined);
  assert.equal(scope.rootOf(base), undefined);
  // Nested roots: the first given holds it, as scope.relative counts from it.
  const nested = Scope.fromRoots([app, path.join(app, 'sub')]);
  assert.equal(nested.rootOf(path.join(app, 'sub/b.txt')), app);
  assert.equal(nested.relative(path.join(app, 'sub/b.txt')), 'sub/b.txt');
});
