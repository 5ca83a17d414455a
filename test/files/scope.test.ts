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
import { fixture, kindOf, type Fixture } from './fixture.js';

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
    // absolute paths outside
    '/etc/passwd',
    '/etc/hostname',
    '/tmp',
    '/',
    `${o}/secret.txt`,
    o,
    `${o}/new-file.txt`,
    '//etc/passwd',
    '/./etc/passwd',
    '/proc/self/root/etc/passwd',
    '/proc/self/cwd/package.json',
    '/dev/zero',
    '/proc/self/environ',
    `${f.base}/x.txt`,
    // symlinks leading outside
    'out-dir/secret.txt',
    'out-dir',
    'out-file',
    'out-dir/new.txt',
    'out-dir/nested/new.txt',
    'to-slash/etc/passwd',
    'to-slash',
    'rel-out/secret.txt',
    'rel-out/new.txt',
    'dangling-out',
    'deep/er/hop/secret.txt',
    'deep/er/hop/new.txt',
    'chain2/secret.txt',
    'chain1',
    'proc-root/etc/passwd',
    'sub/../out-dir/secret.txt',
    'in-dir/../out-file',
    `${r}/out-dir/secret.txt`,
    // prefix look-alikes
    `${evil}/x.txt`,
    evil,
    `${evil}/new.txt`,
    '../root-evil/x.txt',
    'evil-link/x.txt',
    'evil-link/new.txt',
    `${r}x/new.txt`,
    `${r}-evil`,
    `${r}.bak/x`,
    // NUL bytes
    'a.txt\0',
    '\0',
    'sub/\0/../a.txt',
    `${r}/a.txt\0.png`,
    '../\0',
    'a\0/../../outside/secret.txt',
    // empty and oversized
    '',
    'x/'.repeat(3000),
  ];
}

const legit = ['a.txt', './a.txt', 'sub/../a.txt', 'sub/b.txt', '....', '..hidden', 'a..b.txt', 'in-file', 'in-dir/b.txt', 'sub/./b.txt'];

test('every hostile path is refused by resolve, read, write and edit; outside stays untouched', async () => {
  const f = fixture();
  try {
    setupLinks(f);
    const list = hostile(f);
    assert.ok(list.length >= 60, `corpus has ${list.length} paths`);
    const before = snapshot(f.outside);
    const beforeEvil = snapshot(`${f.root}-evil`);
    for (const p of list) {
      const shown = JSON.stringify(p.slice(0, 80));
      const expected = p === '' || p.includes('\0') || p.length > 4096 ? 'invalid_argument' : 'permission_denied';
      assert.equal(await kindOf(() => f.scope.resolve(p)), expected, `resolve ${shown}`);
      assert.equal(await kindOf(() => readFile(f.scope, p)), expected, `read ${shown}`);
      assert.equal(await kindOf(() => writeFile(f.scope, p, 'pwned\n')), expected, `write ${shown}`);
      assert.equal(await kindOf(() => editFile(f.scope, p, [{ oldString: '', newString: 'pwned' }])), expected, `edit ${shown}`);
    }
    assert.deepEqual(snapshot(f.outside), before);
    assert.deepEqual(snapshot(`${f.root}-evil`), beforeEvil);
    assert.equal(existsSync('/pwned'), false);
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

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir)) out[name] = readFileSync(path.join(dir, name), 'utf8');
  return out;
}

