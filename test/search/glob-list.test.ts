// Glob and listing on the generated tree: ignore rules, hidden files, links, sort orders, caps.
import assert from 'node:assert/strict';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { Scope } from '../../src/engine/scope.js';
import { glob } from '../../src/engine/search/glob.js';
import { listDirectory } from '../../src/engine/search/list.js';
import { makeTree, type Tree } from './tree.js';

let tree: Tree;
let scope: Scope;
before(() => {
  tree = makeTree();
  scope = Scope.fromRoots([tree.root]);
});
after(() => tree.cleanup());

const rel = (r: { entries: Array<{ relative: string }> }): string[] => r.entries.map((e) => e.relative);
const kindOf = async (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof EngineError ? e.kind : String(e)),
  );

test('glob honours .gitignore at every level, skips hidden files and never follows links', async () => {
  const r = await glob(scope, { pattern: '**/*.ts', cwd: tree.root });
  assert.deepEqual(rel(r), ['src/main.ts', 'src/util.ts']);
  assert.deepEqual([r.total, r.truncated, r.complete], [2, false, true]);
  assert.deepEqual(rel(await glob(scope, { pattern: '**/*.txt', cwd: tree.root })), [
    'a.txt',
    'crlf.txt',
    'gemini-secret.txt',
    'latin1.txt',
    'uni.txt',
    'utf16.txt',
  ]);
  assert.deepEqual(rel(await glob(scope, { pattern: '**/*.txt', cwd: tree.root, hidden: true, noIgnore: true })), [
    '.hidden/secret.txt',
    'a.txt',
    'build/out.txt',
    'crlf.txt',
    'gemini-secret.txt',
    'latin1.txt',
    'uni.txt',
    'utf16.txt',
  ]);
});

test('glob: extra ignore files, case, base-name matching, directories, static prefixes', async () => {
  const g = await glob(scope, { pattern: '*.txt', cwd: tree.root, ignoreFileNames: ['.geminiignore'] });
  assert.deepEqual(rel(g), ['a.txt', 'crlf.txt', 'latin1.txt', 'uni.txt', 'utf16.txt']);
  assert.equal(g.ignored['.geminiignore'], 1);
  assert.deepEqual(rel(await glob(scope, { pattern: 'A.TXT', cwd: tree.root, caseSensitive: false })), ['a.txt']);
  assert.deepEqual(rel(await glob(scope, { pattern: '*.py', cwd: tree.root, matchBase: true })), [
    'src/nested/deep.py',
  ]);
  assert.deepEqual(rel(await glob(scope, { pattern: 'src/*', cwd: tree.root, includeDirs: true })), [
    'src/main.ts',
    'src/nested',
    'src/util.ts',
  ]);
  assert.deepEqual(rel(await glob(scope, { pattern: 'src/nested/*.py', cwd: tree.root })), ['src/nested/deep.py']);
  assert.deepEqual(
    rel(await glob(scope, { pattern: `${tree.root}/src/*.ts` })),
    ['src/main.ts', 'src/util.ts'].map((p) => path.relative(scope.primary, path.join(tree.root, p))),
  );
});

test('glob sort orders: newest first, oldest first, recent first then by path; paging with totals', async () => {
  const now = Date.now() / 1000;
  utimesSync(path.join(tree.root, 'crlf.txt'), now - 60, now - 60);
  utimesSync(path.join(tree.root, 'uni.txt'), now - 30, now - 30);
  try {
    const pattern = '*.txt';
    assert.deepEqual(rel(await glob(scope, { pattern, cwd: tree.root, sort: 'mtime-desc' })), [
      'uni.txt',
      'crlf.txt',
      'gemini-secret.txt',
      'utf16.txt',
      'latin1.txt',
      'a.txt',
    ]);
    assert.deepEqual(rel(await glob(scope, { pattern, cwd: tree.root, sort: 'mtime-asc' })), [
      'a.txt',
      'latin1.txt',
      'utf16.txt',
      'gemini-secret.txt',
      'crlf.txt',
      'uni.txt',
    ]);
    assert.deepEqual(rel(await glob(scope, { pattern, cwd: tree.root, sort: 'recent-first' })), [
      'uni.txt',
      'crlf.txt',
      'a.txt',
      'gemini-secret.txt',
      'latin1.txt',
      'utf16.txt',
    ]);
    const page = await glob(scope, { pattern, cwd: tree.root, offset: 2, limit: 3 });
    assert.deepEqual(
      [rel(page), page.total, page.shown, page.truncated],
      [['gemini-secret.txt', 'latin1.txt', 'uni.txt'], 6, 3, true],
    );
  } finally {
    utimesSync(path.join(tree.root, 'crlf.txt'), 1_000_700, 1_000_700);
    utimesSync(path.join(tree.root, 'uni.txt'), 1_000_900, 1_000_900);
  }
});

test('glob inside a folder an ancestor .gitignore excludes still lists it when named', async () => {
  assert.deepEqual(rel(await glob(scope, { pattern: '*', path: 'build', cwd: tree.root })), ['out.txt']);
});

test('glob refuses escapes and bad paths', async () => {
  assert.equal(await kindOf(glob(scope, { pattern: '../*', cwd: tree.root })), 'permission_denied');
  assert.equal(await kindOf(glob(scope, { pattern: '*/../../*', cwd: tree.root })), 'invalid_argument');
  assert.equal(await kindOf(glob(scope, { pattern: '*', path: 'link-out', cwd: tree.root })), 'permission_denied');
  assert.equal(await kindOf(glob(scope, { pattern: '*', path: 'missing', cwd: tree.root })), 'not_found');
  assert.equal(await kindOf(glob(scope, { pattern: '*', path: 'a.txt', cwd: tree.root })), 'invalid_argument');
  assert.equal(await kindOf(glob(scope, { pattern: '/etc/*' })), 'permission_denied');
  // A link named as the path is resolved (inside the scope), then walked from its real path.
  assert.deepEqual(rel(await glob(scope, { pattern: '**/*', path: 'link-in', cwd: tree.root })), [
    'main.ts',
    'nested/deep.py',
    'util.ts',
  ]);
});

test('list: dirs first with types, sizes; symlinks listed but not entered; hidden on and off', async () => {
  const r = await listDirectory(scope, '.', { cwd: tree.root, includeHidden: false });
  assert.deepEqual(
    r.entries.map((e) => `${e.name}:${e.type}`),
    [
      'build:directory',
      'src:directory',
      'a.txt:file',
      'app.log:file',
      'bin.dat:file',
      'crlf.txt:file',
      'file-link-out.txt:symlink',
      'gemini-secret.txt:file',
      'keep.log:file',
      'latin1.txt:file',
      'link-in:symlink',
      'link-out:symlink',
      'uni.txt:file',
      'utf16.txt:file',
    ],
  );
  assert.equal(r.entries.find((e) => e.name === 'a.txt')!.size, 66);
  const all = await listDirectory(scope, '.', { cwd: tree.root });
  assert.equal(all.total, 19);
  assert.ok(all.entries.some((e) => e.name === '.git'));
});

test('list: depth, sort keys, ignore files and globs, paging with an exact count', async () => {
  const deep = await listDirectory(scope, 'src', { cwd: tree.root, depth: 3, sort: 'name' });
  assert.deepEqual(rel(deep), ['.gitignore', 'generated.ts', 'main.ts', 'nested', 'nested/deep.py', 'util.ts']);
  assert.deepEqual(
    deep.entries.map((e) => e.depth),
    [1, 1, 1, 1, 2, 1],
  );
  const ign = await listDirectory(scope, 'src', {
    cwd: tree.root,
    depth: 2,
    includeHidden: false,
    ignore: {},
    ignoreGlobs: ['*.py'],
  });
  assert.deepEqual([rel(ign), ign.ignored], [['nested', 'main.ts', 'util.ts'], { gitignore: 1, glob: 1 }]);
  const bySize = await listDirectory(scope, 'src', { cwd: tree.root, sort: 'size', includeHidden: false });
  assert.deepEqual(rel(bySize), ['nested', 'main.ts', 'util.ts', 'generated.ts']);
  const oldest = await listDirectory(scope, '.', {
    cwd: tree.root,
    sort: 'mtime',
    reverse: true,
    includeHidden: false,
    limit: 2,
    offset: 1,
  });
  assert.deepEqual([rel(oldest), oldest.total, oldest.omitted], [['keep.log', 'latin1.txt'], 14, 12]);
  assert.equal(await kindOf(listDirectory(scope, 'a.txt', { cwd: tree.root })), 'invalid_argument');
  assert.equal(await kindOf(listDirectory(scope, 'link-out', { cwd: tree.root })), 'permission_denied');
  assert.equal(await kindOf(listDirectory(scope, '.', { cwd: tree.root, depth: 0 })), 'invalid_argument');
});

test('listDirectory counts entries left out by skip names only when asked', async () => {
  const { dir, cleanup } = (await import('../helpers/server.js')).tempDir('facet-skip-');
  try {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(path.join(dir, '.git'));
    writeFileSync(path.join(dir, 'a.txt'), 'a');
    const s = Scope.fromRoots([dir]);
    const plain = await listDirectory(s, '.', { cwd: dir, ignore: { skipNames: ['.git'] } });
    assert.deepEqual([plain.entries.map((e) => e.name), plain.ignored], [['a.txt'], {}]);
    const counted = await listDirectory(s, '.', { cwd: dir, ignore: { skipNames: ['.git'] }, countSkipped: true });
    assert.deepEqual([counted.entries.map((e) => e.name), counted.ignored], [['a.txt'], { skipped: 1 }]);
  } finally {
    cleanup();
  }
});

test('list without sizes: the same entries in the same order, read in one call or in batches, sizes 0', async () => {
  const { dir, cleanup } = (await import('../helpers/server.js')).tempDir('facet-sizes-');
  try {
    const { mkdirSync, statSync, writeFileSync } = await import('node:fs');
    // Small enough to be read in one call, and (its st_size past 16 KB) large enough for batches.
    const small = path.join(dir, 'small');
    const big = path.join(dir, 'big');
    mkdirSync(path.join(small, 'sub'), { recursive: true });
    writeFileSync(path.join(small, 'sub', 'inner.txt'), 'inner');
    writeFileSync(path.join(small, 'b.txt'), 'bb');
    mkdirSync(big);
    for (let i = 0; i < 1200; i++) writeFileSync(path.join(big, `entry-with-a-longish-name-${i}.txt`), '');
    assert.ok(statSync(big).size > 16 * 1024, 'the big directory must take the batched path');
    const s = Scope.fromRoots([dir]);
    for (const sub of ['small', 'big']) {
      const full = await listDirectory(s, sub, { cwd: dir, depth: 2 });
      const bare = await listDirectory(s, sub, { cwd: dir, depth: 2, sizes: false });
      assert.deepEqual([full.sized, bare.sized], [true, false]);
      assert.deepEqual(rel(bare), rel(full));
      assert.deepEqual(
        bare.entries.map((e) => [e.type, e.size, e.mtimeMs]),
        full.entries.map((e) => [e.type, 0, 0]),
      );
    }
    assert.equal(rel(await listDirectory(s, 'big', { cwd: dir, sizes: false })).length, 1200);
    assert.deepEqual(rel(await listDirectory(s, 'small', { cwd: dir, depth: 2, sizes: false })), [
      'sub',
      'sub/inner.txt',
      'b.txt',
    ]);
    // A sort by size needs the sizes, whatever `sizes` says.
    const bySize = await listDirectory(s, 'small', { cwd: dir, sort: 'size', sizes: false });
    assert.deepEqual([bySize.sized, bySize.entries.find((e) => e.name === 'b.txt')!.size], [true, 2]);
  } finally {
    cleanup();
  }
});

test('list without sizes still refuses a path that resolves outside the roots', async () => {
  assert.equal(await kindOf(listDirectory(scope, 'link-out', { cwd: tree.root, sizes: false })), 'permission_denied');
  assert.equal(await kindOf(listDirectory(scope, '..', { cwd: tree.root, sizes: false })), 'permission_denied');
});
