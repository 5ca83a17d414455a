// The engine's change record (engine/audit.ts): a patch that fails after it wrote part of its
// changes undoes them, and its record holds none of them.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ChangeRecord, recordChanges } from '../../src/engine/audit.js';
import { applyPatch } from '../../src/engine/files/patch-apply.js';
import { Scope } from '../../src/engine/scope.js';
import { tempDir } from '../helpers/server.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

test('a patch cancelled after its first write undoes it and rolls the record back', async () => {
  const { dir, cleanup } = tempDir();
  try {
    writeFileSync(path.join(dir, 'kept.txt'), 'old\n');
    const scope = Scope.fromRoots([dir]);
    const patch = [
      '*** Begin Patch',
      '*** Add File: first.txt',
      '+1',
      '*** Update File: kept.txt',
      '@@',
      '-old',
      '+new',
      '*** End Patch',
    ].join('\n');
    const record = new ChangeRecord(true);
    // The call is cancelled the moment the first change is recorded: the patch is then part-way.
    const ac = new AbortController();
    const push = record.files.push.bind(record.files);
    let pushed = 0;
    record.files.push = (...items) => {
      pushed += items.length;
      const n = push(...items);
      ac.abort();
      return n;
    };
    await assert.rejects(recordChanges(record, () => applyPatch(scope, patch, { cwd: dir, signal: ac.signal })));
    assert.equal(pushed, 1);
    assert.equal(record.files.length, 0);
    assert.equal(record.bytesWritten, 0);
    assert.equal(existsSync(path.join(dir, 'first.txt')), false);
    assert.equal(readFileSync(path.join(dir, 'kept.txt'), 'utf8'), 'old\n');

    // The same patch, not cancelled: both changes, in order, with their hashes.
    const done = new ChangeRecord(true);
    await recordChanges(done, () => applyPatch(scope, patch, { cwd: dir }));
    assert.deepEqual(done.files, [
      { path: path.join(dir, 'first.txt'), change: 'created', before: null, after: sha('1\n'), bytes: 2 },
      { path: path.join(dir, 'kept.txt'), change: 'modified', before: sha('old\n'), after: sha('new\n'), bytes: 4 },
    ]);
    assert.equal(done.bytesWritten, 6);
  } finally {
    cleanup();
  }
});
