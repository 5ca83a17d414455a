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

test('relative cuts a canonical path below its root, and normalises anything else as path.relative does', (t) => {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'facet-relative-')));
  t.after(() => rmSync(base, { recursive: true, force: true }));
  mkdirSync(path.join(base, 'app/.git'), { recursive: true });
  const app = path.join(base, 'app');
  const scope = Scope.fromRoots([app]);
  assert.equal(scope.relative(path.join(app, 'src/a.ts')), 'src/a.ts');
  assert.equal(scope.relative(path.join(app, '.git/config')), '.git/config');
  assert.equal(scope.relative(path.join(app, '..x/y')), '..x/y');
  assert.equal(scope.relative(app), '.');
  // Not canonical: dot segments, doubled or trailing separators are normalised, not cut.
  assert.equal(scope.relative(`${app}/src/./a.ts`), 'src/a.ts');
  assert.equal(scope.relative(`${app}/src/../b.ts`), 'b.ts');
  assert.equal(scope.relative(`${app}//c.ts`), 'c.ts');
  assert.equal(scope.relative(`${app}/d/`), 'd');
  // The filesystem root as a root.
  assert.equal(Scope.fromRoots(['/']).relative(path.join(app, 'e.ts')), path.join(app, 'e.ts').slice(1));
  assert.equal(Scope.fromRoots(['/']).relative('/'), '.');
  // Outside every root: the path as given.
  assert.equal(scope.relative(path.join(base, 'other.txt')), path.join(base, 'other.txt'));
});
