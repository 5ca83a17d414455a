// Files the workspace names for itself are read only when regular: a FIFO, a link to a device
// and a directory are refused at once (a FIFO would block the read until written to, /dev/zero
// would never end), as is a file over the caller's bound; a regular file reads whole.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { hashFile } from '../../src/engine/audit.js';
import { readContextFile } from '../../src/engine/context.js';
import { readRegularText, readRegularTextSync } from '../../src/engine/regular-file.js';
import { tempDir } from '../helpers/server.js';
import { fixture } from '../files/fixture.js';

test('readRegularText: a regular file whole; a FIFO, a device link and a directory refused; a bound kept', async () => {
  const { dir, cleanup } = tempDir('facet-regular-');
  try {
    const p = (n: string) => path.join(dir, n);
    writeFileSync(p('rules'), 'é\n*.log\n');
    execFileSync('mkfifo', [p('fifo')]);
    symlinkSync('/dev/zero', p('zero'));
    mkdirSync(p('dir'));
    for (const read of [readRegularText, async (f: string, max: number) => readRegularTextSync(f, max)]) {
      assert.equal(await read(p('rules'), 64), 'é\n*.log\n');
      for (const name of ['fifo', 'zero', 'dir']) {
        await assert.rejects(read(p(name), 64), {
          kind: 'invalid_argument',
          message: `${p(name)} is not a regular file`,
        });
      }
      await assert.rejects(read(p('rules'), 4), {
        kind: 'resource_exhausted',
        message: `${p('rules')} is 9 bytes, over the 4-byte limit`,
      });
      await assert.rejects(read(p('missing'), 64), { code: 'ENOENT' });
    }
    assert.equal(await hashFile(p('rules')), createHash('sha256').update('é\n*.log\n').digest('hex'));
    assert.equal(await hashFile(p('fifo')), null);
    assert.equal(await hashFile(p('zero')), null);
  } finally {
    cleanup();
  }
});

test('readContextFile refuses a FIFO at once (a plan file the model names can be one)', async () => {
  const f = fixture();
  try {
    execFileSync('mkfifo', [path.join(f.root, 'plan.md')]);
    f.file('real.md', 'the plan\n');
    await assert.rejects(readContextFile(f.scope, 'plan.md'), {
      kind: 'invalid_argument',
      message: 'plan.md is not a regular file',
    });
    assert.equal(await readContextFile(f.scope, 'real.md'), 'the plan\n');
  } finally {
    f.cleanup();
  }
});
