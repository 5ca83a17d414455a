// Crash safety: a writer killed with SIGKILL at random instants, many times, never leaves
// a file that is a mix of two versions, nor a short one; the temporary file a killed writer
// leaves is removed by the next write into that directory.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, watch } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { writeFile } from '../../src/engine/files/write.js';
import { isTempName } from '../../src/engine/files/stale-temps.js';
import { callTool, spawnServer } from '../helpers/server.js';
import { lengthFor } from './crash-child.js';
import { fixture } from './fixture.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'crash-child.js');
const BASE = 2 * 1024 * 1024;
const ROUNDS = 12;

/** Runs a writer child, kills it `afterMs` after its first write; resolves to its pid. */
function runAndKill(root: string, name: string, afterMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, root, name, String(BASE)], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.once('error', reject);
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), afterMs));
    child.once('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(child.pid!) : reject(new Error(`child exited without being killed (${signal})`)),
    );
  });
}

const temps = (dir: string): string[] => readdirSync(dir).filter(isTempName);

test('SIGKILL during large atomic writes leaves the whole old or the whole new file', async () => {
  const f = fixture();
  try {
    const initial = 'A'.repeat(lengthFor('A', BASE));
    const p = f.file('big.txt', initial);
    const versionsSeen = new Set<string>();
    let leftovers = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const pid = await runAndKill(f.root, 'big.txt', 30 + ((i * 37) % 150));
      const b = readFileSync(p);
      const letter = String.fromCharCode(b[0]!);
      assert.equal(
        b.length,
        lengthFor(letter, BASE),
        `round ${i}: length ${b.length} does not match version ${letter}`,
      );
      assert.ok(
        b.every((c) => c === b[0]),
        `round ${i}: mixed content`,
      );
      versionsSeen.add(letter);
      // At most the temporary file of the child just killed: each child's first write removed the one before's.
      const left = temps(f.root);
      assert.ok(
        left.every((n) => n.startsWith(`.big.txt.facet-${pid}-`)),
        `round ${i}: ${left.join(', ')}`,
      );
      assert.ok(left.length <= 1, `round ${i}: ${left.join(', ')}`);
      leftovers += left.length;
    }
    // The writer made progress between kills (the test would prove nothing otherwise).
    assert.ok(versionsSeen.size > 1 || !versionsSeen.has('A'), `versions seen: ${[...versionsSeen].join('')}`);
    // Whether a kill lands mid-write is up to the scheduler; the test below freezes a writer
    // mid-write to check the clean-up deterministically. Here it only must not leave more.
    assert.ok(leftovers <= ROUNDS, `leftovers: ${leftovers}`);
    // The next write of the file, in another process, removes what the last killed writer left.
    await writeFile(f.scope, 'big.txt', 'after the crashes\n', { diff: false });
    assert.deepEqual(readdirSync(f.root), ['big.txt']);
    assert.equal(readFileSync(p, 'utf8'), 'after the crashes\n');
  } finally {
    f.cleanup();
  }
});

const exited = (child: ChildProcess): Promise<NodeJS.Signals | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.signalCode)
    : new Promise((resolve) => child.once('exit', (_c, signal) => resolve(signal)));

test('a server killed mid-write leaves a temporary file, and the next server removes it on the next write of that file', async () => {
  const f = fixture();
  const p = f.file('big.txt', 'old\n');
  const content = 'N'.repeat(8 * 1024 * 1024);
  let caught: string | undefined;
  const first = await spawnServer(['--root', f.root]);
  // Freeze the server the instant its temporary file appears: if the file is still there, the
  // write is caught half-way and the kill lands mid-write; if it was renamed already, go on.
  const watcher = watch(f.root, (_event, name) => {
    if (caught || !name || !isTempName(name)) return;
    first.child.kill('SIGSTOP');
    if (existsSync(path.join(f.root, name))) {
      caught = name;
      first.child.kill('SIGKILL');
    } else {
      first.child.kill('SIGCONT');
    }
  });
  try {
    for (let i = 0; i < 20 && !caught; i++) {
      await callTool(first.client, 'fs.write', { path: 'big.txt', content }).catch(() => undefined);
    }
    assert.ok(caught, 'no write was caught half-way in 20 tries');
    assert.equal(await exited(first.child), 'SIGKILL');
    watcher.close();
    first.client.close();
    // Atomicity held, and the killed write left its temporary file, named for the killed process.
    const b = readFileSync(p, 'utf8');
    assert.ok(b === 'old\n' || b === content, `the file holds ${b.length} bytes, neither version`);
    assert.deepEqual(temps(f.root), [caught]);
    assert.match(caught, new RegExp(`^\\.big\\.txt\\.facet-${first.child.pid}-[0-9a-f]{8}-\\d+-[0-9a-f]{12}\\.tmp$`));

    // A restart alone removes nothing (no walk of the roots); the next write of the file does.
    const second = await spawnServer(['--root', f.root]);
    try {
      assert.deepEqual(temps(f.root), [caught]);
      const res = await callTool(second.client, 'fs.write', { path: 'big.txt', content: 'new\n' });
      assert.equal(res.error, '');
      assert.deepEqual(readdirSync(f.root), ['big.txt']);
      assert.equal(readFileSync(p, 'utf8'), 'new\n');
    } finally {
      second.client.close();
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  } finally {
    watcher.close();
    first.child.kill('SIGKILL');
    f.cleanup();
  }
});
