// The sliced sha256 of written files (a turn of the event loop between 1 MiB slices) is the
// one-shot sha256, at and around the slice boundaries.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { sha256Yielding } from '../../src/engine/files/freshness.js';

test('sha256Yielding gives the one-shot digest for every size', async () => {
  const MiB = 1024 * 1024;
  const data = randomBytes(3 * MiB + 17);
  for (const n of [0, 1, MiB - 1, MiB, MiB + 1, 2 * MiB, 3 * MiB + 17]) {
    const bytes = data.subarray(0, n);
    assert.equal(await sha256Yielding(bytes), createHash('sha256').update(bytes).digest('hex'), `${n} bytes`);
  }
});
