// An edit resolves its path once: the resolution that keys the file's lock is the one the
// file is loaded through. A resolution made before the lock may be stale by the time the
// lock is held; loading through it then looks again, so a file that came or went meanwhile
// is seen as it is now.
import assert from 'node:assert/strict';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { editFile } from '../../src/engine/files/edit.js';
import { loadText } from '../../src/engine/files/text-file.js';
import type { Scope } from '../../src/engine/scope.js';
import { fixture } from './fixture.js';

/** Counts the scope's path resolutions and opens, recording whether each open got a path or a resolution. */
function counting(scope: Scope) {
  const seen = { resolve: 0, open: [] as string[] };
  const resolve = scope.resolve.bind(scope);
  const openExisting = scope.openExisting.bind(scope);
  scope.resolve = (...a: Parameters<Scope['resolve']>) => {
    seen.resolve++;
    return resolve(...a);
  };
  scope.openExisting = (...a: Parameters<Scope['openExisting']>) => {
    seen.open.push(typeof a[0] === 'string' ? 'path' : 'resolution');
    return openExisting(...a);
  };
  return seen;
}

test('editing an existing file resolves its path once and opens it through that resolution', async () => {
  const f = fixture();
  try {
    const p = f.file('a.txt', 'one\ntwo\n');
    const seen = counting(f.scope);
    const r = await editFile(f.scope, 'a.txt', [{ oldString: 'two', newString: 'three' }]);
    assert.equal(r.replacements, 1);
    assert.equal(readFileSync(p, 'utf8'), 'one\nthree\n');
    assert.deepEqual(seen, { resolve: 1, open: ['resolution'] });
  } finally {
    f.cleanup();
  }
});

test('a stale resolution of a missing file loads the file that exists now', async () => {
  const f = fixture();
  try {
    const stale = await f.scope.resolve('late.txt');
    assert.equal(stale.exists, false);
    writeFileSync(`${f.root}/late.txt`, 'here now\n');
    const loaded = await loadText(f.scope, stale, {});
    assert.deepEqual([loaded.exists, loaded.text], [true, 'here now\n']);
  } finally {
    f.cleanup();
  }
});

test('a stale resolution of a file removed since loads it as missing', async () => {
  const f = fixture();
  try {
    const p = f.file('gone.txt', 'soon gone\n');
    const stale = await f.scope.resolve('gone.txt');
    assert.equal(stale.exists, true);
    unlinkSync(p);
    const loaded = await loadText(f.scope, stale, {});
    assert.deepEqual([loaded.exists, loaded.text, loaded.resolved.real], [false, '', p]);
  } finally {
    f.cleanup();
  }
});
