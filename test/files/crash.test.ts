// Crash safety: a writer killed with SIGKILL at random instants, many times, never leaves
// a file that is a mix of two versions, nor a short one.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { lengthFor } from './crash-child.js';
import { fixture } from './fixture.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'crash-child.js');
const BASE = 2 * 1024 * 1024;
const ROUNDS = 12;

function runAndKill(root: string, name: string, afterMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, root, name, String(BASE)], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.once('error', reject);
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), afterMs));
    child.once('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited without being killed (${signal})`))));
  });
}

test('SIGKILL during large atomic writes leaves the whole old or the whole new file', async () => {
  const f = fixture();
  try {
    const initial = 'A'.repeat(lengthFor('A', BASE));
    const p = f.file('big.txt', initial);
    const versionsSeen = new Set<string>();
    for (let i = 0; i < ROUNDS; i++) {
      await runAndKill(f.root, 'big.txt', 30 + ((i * 37) % 150));
      const b = readFileSync(p);
      const letter = String.fromCharCode(b[0]!);
      assert.equal(b.length, lengthFor(letter, BASE), `round ${i}: length ${b.length} does not match version ${letter}`);
      assert.ok(b.every((c) => c === b[0]), `round ${i}: mixed content`);
      versionsSeen.add(letter);
    }
    // The writer made progress between kills (the test would prove nothing otherwise).
    assert.ok(versionsSeen.size > 1 || !versionsSeen.has('A'), `versions seen: ${[...versionsSeen].join('')}`);
  } finally {
    f.cleanup();
  }
});
