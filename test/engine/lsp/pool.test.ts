// The pool's bounds with fake servers (no real language server needed): at most N servers, the
// least recently used stopped to make room; a server over the memory cap killed and started
// again only after a backoff; closing the pool leaves no process behind.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { DEFAULT_LSP, LspPool } from '../../../src/engine/lsp/pool.js';
import { tempDir } from '../../helpers/server.js';
import { fakeServers } from './fake-servers.js';

let dir: string;
let cleanup: () => void;
let silent: string;

before(() => {
  ({ dir, cleanup } = tempDir('facet-lsp-pool-'));
  silent = fakeServers(dir).silent;
  for (const p of ['one', 'two']) {
    mkdirSync(path.join(dir, p));
    writeFileSync(path.join(dir, p, 'package.json'), '{}');
    writeFileSync(path.join(dir, p, 'a.ts'), 'export {};\n');
  }
});
after(() => cleanup?.());

const alive = (pid: number | undefined) => {
  try {
    process.kill(pid!, 0);
    return true;
  } catch {
    return false;
  }
};
/** Polls until `pid` is gone; bounded so a leak fails the test instead of hanging it. */
async function gone(pid: number | undefined): Promise<boolean> {
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 25));
  return !alive(pid);
}

const pool = (over: Partial<typeof DEFAULT_LSP> = {}) =>
  new LspPool({ ...DEFAULT_LSP, servers: { typescript: [process.execPath, silent] }, ...over });

test(
  'past --lsp-max-servers the least recently used server stops; close ends the rest',
  { timeout: 30_000 },
  async () => {
    const p = pool({ maxServers: 1 });
    const first = p.serverFor(path.join(dir, 'one', 'a.ts'), dir).server;
    assert.equal(first.spec.root, path.join(dir, 'one'));
    const second = p.serverFor(path.join(dir, 'two', 'a.ts'), dir).server;
    assert.equal(second.spec.root, path.join(dir, 'two'));
    assert.ok(await gone(first.pid), 'the first server was stopped');
    assert.deepEqual(
      p.running().map((s) => s.spec.root),
      [path.join(dir, 'two')],
    );
    await p.close();
    assert.ok(await gone(second.pid), 'close ended the server');
    assert.throws(() => p.serverFor(path.join(dir, 'one', 'a.ts'), dir), /code intelligence is off/);
  },
);

test(
  'a server over --lsp-memory-mb is killed, and the next start waits out a backoff',
  { timeout: 30_000 },
  async () => {
    const p = pool({ memoryMb: 1 });
    const s = p.serverFor(path.join(dir, 'one', 'a.ts'), dir).server;
    for (let i = 0; i < 100 && s.rss() === 0; i++) await new Promise((r) => setTimeout(r, 20));
    p.sweep();
    assert.ok(await gone(s.pid), 'killed over the cap');
    assert.throws(
      () => p.serverFor(path.join(dir, 'one', 'a.ts'), dir),
      /silent-server\.mjs used \d+ MB, over the 1 MB cap, and was restarted; next start in 1 s/,
    );
    await p.close();
  },
);

test(
  '--lsp-memory-mb bounds the pool as a whole: past it the least recently used idle server stops',
  { timeout: 30_000 },
  async () => {
    const p = pool();
    const older = p.serverFor(path.join(dir, 'one', 'a.ts'), dir).server;
    const newer = p.serverFor(path.join(dir, 'two', 'a.ts'), dir).server;
    // Both running node (past 8 MB) before the cap is set; bounded by the test's timeout, not by a guess of start-up.
    const started = (s: typeof older) => s.rss() > 8 * 1048576;
    while (!started(older) || !started(newer)) await new Promise((r) => setTimeout(r, 20));
    older.lastUsed = 1;
    newer.lastUsed = Date.now();
    // A cap each server is under, the two together are over: one stops, not as a failure.
    const mb = (n: number) => Math.ceil(n / 1048576);
    p.settings.memoryMb = Math.max(mb(older.rss()), mb(newer.rss())) + 1;
    assert.ok(mb(older.rss() + newer.rss()) > p.settings.memoryMb);
    p.sweep();
    assert.ok(await gone(older.pid), 'the least recently used server stopped');
    assert.ok(alive(newer.pid), 'the other runs on');
    assert.deepEqual(
      p.running().map((s) => s.spec.root),
      [path.join(dir, 'two')],
    );
    // It starts again when next needed, with no backoff.
    const again = p.serverFor(path.join(dir, 'one', 'a.ts'), dir).server;
    assert.notEqual(again, older);
    await p.close();
  },
);
