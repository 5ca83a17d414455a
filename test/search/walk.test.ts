// The streaming walk under a slow consumer: fast-glob does not respect backpressure, so the
// walk queues entries itself and holds directory reads back; nothing may be lost or repeated.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { IgnoreRules } from '../../src/engine/search/ignore.js';
import { walk } from '../../src/engine/search/walk.js';
import { tempDir } from '../helpers/server.js';

const DIRS = 40;
const PER_DIR = 300; // 12,000 files: more than twice the walk's read-ahead

describe('walk with a slow consumer', () => {
  let dir: string;
  let cleanup: () => void;
  const expected = new Set<string>();

  before(() => {
    ({ dir, cleanup } = tempDir());
    for (let d = 0; d < DIRS; d++) {
      mkdirSync(path.join(dir, `d${d}`));
      for (let f = 0; f < PER_DIR; f++) {
        const rel = `d${d}/f${f}.txt`;
        writeFileSync(path.join(dir, rel), '');
        expected.add(rel);
      }
    }
  });
  after(() => cleanup());

  test('yields every file exactly once when the consumer is slower than the walk', async () => {
    const seen: string[] = [];
    for await (const entry of walk(dir, { rules: new IgnoreRules() })) {
      seen.push(path.relative(dir, entry.path));
      // A macrotask per entry: the walk gets far ahead unless it is held back.
      if (seen.length % 10 === 0) await new Promise((r) => setImmediate(r));
    }
    assert.equal(seen.length, DIRS * PER_DIR);
    assert.deepEqual(new Set(seen), expected);
  });

  test('destroy ends the walk early, and the iteration finishes', async () => {
    const files = walk(dir, { rules: new IgnoreRules() });
    let n = 0;
    for await (const _ of files) {
      if (++n === 100) files.destroy();
    }
    assert.equal(n, 100);
  });
});
