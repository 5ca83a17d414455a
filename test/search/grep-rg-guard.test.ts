// ripgrep opens every ignore file it meets, whatever it is: a FIFO .gitignore blocks it for good,
// a .ignore linked to /dev/zero fills its memory (3 GB in three seconds). A guard watching the
// running rg (/proc: a thread waiting for a FIFO's writer, its heap past --rg-memory-mb) stops it,
// and the search is done by the TypeScript backend, which leaves such files out.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { rgTrouble } from '../../src/engine/search/rg.js';
import { serverFixture, tempDir } from '../helpers/server.js';
import { caller } from '../shapes/gemini/harness.js';

const { t } = serverFixture({
  prefix: 'facet-rg-guard-',
  args: ['--shape', 'core', '--grep-backend', 'rg', '--rg-memory-mb', '64'],
  setup: (root) => {
    for (const d of ['fifo', 'zero']) mkdirSync(path.join(root, d, 'sub'), { recursive: true });
    execFileSync('mkfifo', [path.join(root, 'fifo', '.gitignore')]);
    symlinkSync('/dev/zero', path.join(root, 'zero', 'sub', '.ignore'));
    for (const d of ['fifo', 'zero', 'plain']) {
      mkdirSync(path.join(root, d, 'sub'), { recursive: true });
      writeFileSync(path.join(root, d, 'a.txt'), 'needle\n');
      writeFileSync(path.join(root, d, 'sub', 'b.txt'), 'needle\n');
    }
  },
});

test('a tree that stops ripgrep is searched by the fallback, with the same answer', async () => {
  const call = caller(() => t, 'core');
  const seen: Array<[string, string, unknown]> = [];
  for (const d of ['plain', 'fifo', 'zero']) {
    const r = await call('search.grep', { pattern: 'needle', output: 'files', paths: [d] });
    const structured = r.raw.content.find((c) => c.body?.$case === 'structured')?.body;
    seen.push([d, r.text, structured?.$case === 'structured' ? structured.value?.backend : undefined]);
  }
  assert.deepEqual(seen, [
    ['plain', 'a.txt\nsub/b.txt', 'rg'],
    ['fifo', 'a.txt\nsub/b.txt', 'fallback'],
    ['zero', 'a.txt\nsub/b.txt', 'fallback'],
  ]);
});

test('rgTrouble: a process waiting for a FIFO writer, one past the memory bound, and a quiet one', async () => {
  const { dir, cleanup } = tempDir('facet-rg-trouble-');
  const children = [];
  try {
    execFileSync('mkfifo', [path.join(dir, 'fifo')]);
    const waiting = spawn('sh', ['-c', 'exec 3< "$0"; sleep 30', path.join(dir, 'fifo')], { stdio: 'ignore' });
    const big = spawn(
      process.execPath,
      ['-e', 'globalThis.b = Buffer.alloc(96 << 20, 1); setInterval(() => {}, 1000)'],
      {
        stdio: ['ignore', 'ignore', 'ignore'],
      },
    );
    const quiet = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(waiting, big, quiet);
    const settled = async (pid: number, want: string | undefined) => {
      for (let i = 0; i < 200 && rgTrouble(pid, 64 << 20) !== want; i++) await new Promise((r) => setTimeout(r, 25));
      return rgTrouble(pid, 64 << 20);
    };
    assert.equal(await settled(waiting.pid!, 'fifo'), 'fifo');
    assert.equal(await settled(big.pid!, 'memory'), 'memory');
    assert.equal(rgTrouble(quiet.pid!, 64 << 20), undefined);
    assert.equal(rgTrouble(2 ** 22 + 12345, 64 << 20), undefined);
  } finally {
    for (const c of children) c.kill('SIGKILL');
    cleanup();
  }
});
