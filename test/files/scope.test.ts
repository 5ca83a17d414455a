// The hostile path corpus: every escape class, several ways each, refused for reading,
// writing and editing, while the legitimate neighbour of each still works.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, symlinkSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { editFile } from '../../src/engine/files/edit.js';
import { readFile } from '../../src/engine/files/read.js';
import { writeFile } from '../../src/engine/files/write.js';
import { atomicWrite } from '../../src/engine/files/atomic.js';
import { applyPatch } from '../../src/engine/files/patch-apply.js';
import { editNotebook } from '../../src/engine/files/notebook.js';
import { readMany } from '../../src/engine/files/read-many.js';
import { fixture, kindOf, tree, type Fixture } from './fixture.js';

function setupLinks(f: Fixture): void {
  f.file('a.txt', 'alpha\n');
  f.file('sub/b.txt', 'beta\n');
  f.file('....', 'dots\n');
  f.file('..hidden', 'hidden\n');
  f.file('a..b.txt', 'ab\n');
  const r = f.root;
  symlinkSync(f.outside, path.join(r, 'out-dir'));
  symlinkSync(path.join(f.outside, 'secret.txt'), path.join(r, 'out-file'));
  symlinkSync('/', path.join(r, 'to-slash'));
  symlinkSync('../outside', path.join(r, 'rel-out'));
  symlinkSync(path.join(f.outside, 'missing.txt'), path.join(r, 'dangling-out'));
  symlinkSync(path.join(f.base, 'root-evil'), path.join(r, 'evil-link'));
  symlinkSync('/proc/self/root', path.join(r, 'proc-root'));
  mkdirSync(path.join(r, 'deep/er'), { recursive: true });
  symlinkSync(f.outside, path.join(r, 'deep/er/hop'));
  symlinkSync(path.join(r, 'out-dir'), path.join(r, 'chain1'));
  symlinkSync(path.join(r, 'chain1'), path.join(r, 'chain2'));
  // Legitimate links: inside to inside.
  symlinkSync(path.join(r, 'a.txt'), path.join(r, 'in-file'));
  symlinkSync('sub', path.join(r, 'in-dir'));
  symlinkSync(path.join(r, 'sub', 'new-target.txt'), path.join(r, 'dangling-in'));
}

function hostile(f: Fixture): string[] {
  const r = f.root;
  const o = f.outside;
  const evil = `${r}-evil`;
  return [
    // `..` escapes
    '../outside/secret.txt',
    'sub/../../outside/secret.txt',
    './../outside/secret.txt',
    'sub/../../../etc/passwd',
    '../../../../../../../../etc/passwd',
    '..',
    '../',
    '../outside/new.txt',
    'a/b/../../../outside/new.txt',
    'sub/./../.././outside/secret.txt',
    `${r}/../outside/secret.txt`,
    `${r}/sub/../../outside/new.txt`,
    'in-dir/../../outside/secret.txt',
    'sub/../../outside',
    // absolute paths outside
    '/etc/passwd',
    '/etc/hostname',
    '/tmp',
    '/',
    `${o}/secret.txt`,
    o,
    `${o}/new-file.txt`,
    `${o}/../outside/secret.txt`,
    '//etc/passwd',
    '/./etc/passwd',
    '/proc/self/root/etc/passwd',
    '/proc/self/cwd/package.json',
    '/dev/zero',
    '/proc/self/environ',
    '/usr/bin/env',
    `${f.base}/x.txt`,
    // symlinks leading outside
    'out-dir/secret.txt',
    'out-dir',
    'out-file',
    'out-dir/new.txt',
    'out-dir/nested/new.txt',
    'to-slash/etc/passwd',
    'to-slash',
    'to-slash/tmp/new.txt',
    'rel-out',
    'rel-out/secret.txt',
    'rel-out/new.txt',
    'dangling-out',
    'dangling-out/new.txt',
    'deep/er/hop',
    'deep/er/hop/secret.txt',
    'deep/er/hop/new.txt',
    'deep/../deep/er/hop/secret.txt',
    'chain1',
    'chain2',
    'chain2/secret.txt',
    'chain2/new.txt',
    'proc-root/etc/passwd',
    'sub/../out-dir/secret.txt',
    'in-dir/../out-file',
    `${r}/out-dir/secret.txt`,
    // prefix look-alikes
    evil,
    `${evil}/x.txt`,
    `${evil}/new.txt`,
    `${evil}/../root-evil/x.txt`,
    '../root-evil/x.txt',
    `${r}/sub/../../root-evil/x.txt`,
    'evil-link',
    'evil-link/x.txt',
    'evil-link/new.txt',
    `${r}x/new.txt`,
    `${r}_evil/x`,
    `${r}.bak/x`,
    // NUL bytes: the kernel would stop at the NUL, so what is checked is not what is opened
    'a.txt\0',
    '\0',
    'sub/\0/../a.txt',
    `${r}/a.txt\0.png`,
    '../\0',
    'a\0/../../outside/secret.txt',
    'out-dir\0/secret.txt',
    'sub\0',
  ];
}

const legit = [
  'a.txt',
  './a.txt',
  'sub/../a.txt',
  'sub/b.txt',
  '....',
  '..hidden',
  'a..b.txt',
  'in-file',
  'in-dir/b.txt',
  'sub/./b.txt',
];

/** Runs `fn` and describes how it ended: 'refused' only for PERMISSION_DENIED naming exactly the roots. */
async function refusal(f: Fixture, fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
    return 'ok';
  } catch (err) {
    const e = err as { kind?: string; message?: string; facts?: { roots?: unknown } };
    if (e.kind !== 'permission_denied') return e.kind ?? `not an EngineError: ${String(err)}`;
    if (!e.message?.includes(`(${f.root})`)) return `message does not name the roots: ${e.message}`;
    if (JSON.stringify(e.facts?.roots) !== JSON.stringify([f.root]))
      return `facts.roots is ${JSON.stringify(e.facts?.roots)}`;
    return 'refused';
  }
}

/** Every engine entry point that takes a path, applied to `p`. */
function entryPoints(f: Fixture, p: string): Record<string, () => Promise<unknown>> {
  const patch = (body: string) => applyPatch(f.scope, `*** Begin Patch\n${body}\n*** End Patch`);
  return {
    resolve: () => f.scope.resolve(p),
    read: () => readFile(f.scope, p),
    write: () => writeFile(f.scope, p, 'pwned\n'),
    edit: () => editFile(f.scope, p, [{ oldString: '', newString: 'pwned' }]),
    'patch add': () => patch(`*** Add File: ${p}\n+pwned`),
    'patch update': () => patch(`*** Update File: ${p}\n@@\n-secret\n+pwned`),
    'patch delete': () => patch(`*** Delete File: ${p}`),
    'patch move': () => patch(`*** Update File: a.txt\n*** Move to: ${p}\n@@\n-alpha\n+pwned`),
    notebook: () => editNotebook(f.scope, p, { mode: 'insert', cellType: 'code', newSource: 'pwned' }),
    'read many': () => readMany(f.scope, { include: [p] }),
  };
}

test('at least 60 distinct hostile paths are refused, naming the roots, by every entry point; nothing outside changes', async () => {
  const f = fixture();
  try {
    setupLinks(f);
    const list = hostile(f);
    assert.equal(new Set(list).size, list.length, 'the corpus holds duplicates');
    assert.ok(list.length >= 60, `corpus has ${list.length} paths`);
    const before = tree(f.outside);
    const beforeEvil = tree(`${f.root}-evil`);
    const beforeRoot = tree(f.root);
    for (const p of list) {
      for (const [name, fn] of Object.entries(entryPoints(f, p))) {
        assert.equal(await refusal(f, fn), 'refused', `${name} ${JSON.stringify(p.slice(0, 80))}`);
      }
    }
    assert.deepEqual(tree(f.outside), before);
    assert.deepEqual(tree(`${f.root}-evil`), beforeEvil);
    assert.deepEqual(tree(f.root), beforeRoot);
    assert.equal(existsSync('/pwned'), false);
  } finally {
    f.cleanup();
  }
});

test('an empty or over-long path is malformed input (INVALID_ARGUMENT), not an escape', async () => {
  const f = fixture();
  try {
    for (const p of ['', 'x/'.repeat(3000)]) {
      for (const [name, fn] of Object.entries(entryPoints(f, p))) {
        if (name.startsWith('patch') || name === 'read many') continue; // the patch grammar and globs have their own rules
        assert.equal(await kindOf(fn), 'invalid_argument', `${name} ${JSON.stringify(p.slice(0, 20))}`);
      }
    }
  } finally {
    f.cleanup();
  }
});

test('the refusal names the allowed roots', async () => {
  const f = fixture();
  try {
    await assert.rejects(f.scope.resolve('../outside/secret.txt'), (err: any) => {
      assert.equal(err.kind, 'permission_denied');
      assert.ok(err.message.includes(f.root), err.message);
      assert.deepEqual(err.facts.roots, [f.root]);
      return true;
    });
  } finally {
    f.cleanup();
  }
});

test('legitimate neighbours of every escape class still work', async () => {
  const f = fixture();
  try {
    setupLinks(f);
    for (const p of legit) {
      const r = await readFile(f.scope, p);
      assert.equal(r.kind, 'text', p);
    }
    assert.equal((await f.scope.resolve('.')).real, f.root);
    assert.equal((await f.scope.resolve(f.root)).real, f.root);
    // Writes through inside links and into new directories land inside.
    await writeFile(f.scope, 'in-file', 'via link\n');
    assert.equal(readFileSync(path.join(f.root, 'a.txt'), 'utf8'), 'via link\n');
    await writeFile(f.scope, 'dangling-in', 'made\n');
    assert.equal(readFileSync(path.join(f.root, 'sub', 'new-target.txt'), 'utf8'), 'made\n');
    await writeFile(f.scope, 'new/deep/file.txt', 'x\n');
    assert.equal(readFileSync(path.join(f.root, 'new/deep/file.txt'), 'utf8'), 'x\n');
    await writeFile(f.scope, `${f.root}/..hidden`, 'y\n');
    assert.equal(readFileSync(path.join(f.root, '..hidden'), 'utf8'), 'y\n');
    await editFile(f.scope, '....', [{ oldString: 'dots', newString: 'DOTS' }]);
    assert.equal(readFileSync(path.join(f.root, '....'), 'utf8'), 'DOTS\n');
    // A narrowed scope keeps working inside its own root.
    const narrow = await f.scope.narrow([path.join(f.root, 'sub')]);
    assert.equal((await readFile(narrow, path.join(f.root, 'sub/b.txt'))).kind, 'text');
    assert.equal(await kindOf(() => readFile(narrow, path.join(f.root, 'a.txt'))), 'permission_denied');
  } finally {
    f.cleanup();
  }
});

test('race: a checked file swapped for a link to outside before use is refused at open', async () => {
  const f = fixture();
  try {
    const target = f.file('swap.txt', 'inside\n');
    const resolved = await f.scope.resolve('swap.txt');
    unlinkSync(target);
    symlinkSync(path.join(f.outside, 'secret.txt'), target);
    assert.equal(await kindOf(() => f.scope.open({ ...resolved, real: target })), 'permission_denied');
    // The directory variant: the parent swapped for a link to outside between check and write.
    mkdirSync(path.join(f.root, 'd'));
    const inDir = await f.scope.resolve('d/new.txt');
    renameSync(path.join(f.root, 'd'), path.join(f.root, 'd-moved'));
    symlinkSync(f.outside, path.join(f.root, 'd'));
    assert.equal(await kindOf(() => atomicWrite(f.scope, inDir, Buffer.from('pwned'))), 'permission_denied');
    assert.deepEqual(readdirSync(f.outside).sort(), ['secret.txt']);
  } finally {
    f.cleanup();
  }
});

test('a FIFO inside the root is refused instead of hanging the read', async () => {
  const f = fixture();
  try {
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [path.join(f.root, 'pipe')]);
    assert.equal(await kindOf(() => readFile(f.scope, 'pipe')), 'invalid_argument');
  } finally {
    f.cleanup();
  }
});

test('reading opens nothing outside the roots: a FIFO reached through a link is refused without being opened', async () => {
  const f = fixture();
  const { execFileSync, spawn } = await import('node:child_process');
  const fifo = path.join(f.outside, 'pipe');
  execFileSync('mkfifo', [fifo]);
  symlinkSync(fifo, path.join(f.root, 'to-pipe'));
  // A writer blocks in open(2) until some reader opens the FIFO; it must still be waiting after the read.
  const writer = spawn('sh', ['-c', `echo leaked > '${fifo}'`], { stdio: 'ignore' });
  try {
    assert.equal(await kindOf(() => readFile(f.scope, 'to-pipe')), 'permission_denied');
    const opened = await new Promise<boolean>((resolve) => {
      const t = setTimeout(() => resolve(false), 300);
      writer.once('exit', () => (clearTimeout(t), resolve(true)));
    });
    assert.equal(opened, false, 'the writer was released: the FIFO was opened');
    // Missing files take the long way and are named; links inside the roots open at their target.
    assert.equal(await kindOf(() => f.scope.openExisting('missing.txt')), 'not_found');
    f.file('real.txt', 'ok\n');
    symlinkSync(path.join(f.root, 'real.txt'), path.join(f.root, 'link.txt'));
    const viaLink = await f.scope.openExisting('link.txt');
    assert.equal(viaLink.resolved.real, path.join(f.root, 'real.txt'));
    await viaLink.file.close();
  } finally {
    writer.kill('SIGKILL');
    f.cleanup();
  }
});
