// core fs.apply_patch never overwrites a file with an Add File hunk: the whole patch is
// refused with ALREADY_EXISTS and the remedy, and no file is touched.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { callTool, texts, withServer } from '../../helpers/server.js';

test('core fs.apply_patch: Add File over an existing file is refused, nothing written', async () => {
  await withServer({ shape: 'core', prefix: 'facet-core-patch-' }, async (t, dir) => {
    writeFileSync(path.join(dir, 'keep.txt'), 'old\n');
    writeFileSync(path.join(dir, 'exists.txt'), 'precious\n');
    const before = statSync(path.join(dir, 'exists.txt')).mtimeMs;
    const r = await callTool(
      t.client,
      'fs.apply_patch',
      {
        patch:
          '*** Begin Patch\n*** Update File: keep.txt\n-old\n+new\n*** Add File: fresh.txt\n+f\n*** Add File: exists.txt\n+clobbered\n*** End Patch',
      },
      { session: 's1' },
    );
    const text =
      'cannot add exists.txt: the file already exists (hunk on line 7); use "*** Update File: exists.txt" to change it, or delete it first. No file was written.';
    assert.equal(r.failure?.code, FailureCode.FAILURE_CODE_ALREADY_EXISTS);
    assert.equal(r.error, text);
    assert.equal(texts(r)[0], text);
    assert.equal(readFileSync(path.join(dir, 'exists.txt'), 'utf8'), 'precious\n');
    assert.equal(statSync(path.join(dir, 'exists.txt')).mtimeMs, before);
    assert.equal(readFileSync(path.join(dir, 'keep.txt'), 'utf8'), 'old\n');
    assert.equal(existsSync(path.join(dir, 'fresh.txt')), false);
  });
});

test('core fs.apply_patch: an empty patch is refused in band, naming its first line', async () => {
  await withServer({ shape: 'core', prefix: 'facet-core-patch-' }, async (t) => {
    const r = await callTool(t.client, 'fs.apply_patch', { patch: '' }, { session: 's1' });
    assert.equal(r.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(r.error, "invalid patch at line 1: the first line of the patch must be '*** Begin Patch'");
    assert.deepEqual(
      r.failure?.fieldViolations.map((v) => v.field),
      ['patch'],
    );
  });
});
