// Codex grep_files: at most 100 files unless `limit` says otherwise, and never more than 2000.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { texts } from '../../helpers/server.js';
import { codexServer } from './helpers.js';

const e = codexServer();
before(async () => {
  mkdirSync(path.join(e.dir, 'many'));
  for (let i = 0; i < 2050; i++) writeFileSync(path.join(e.dir, 'many', `f${i}.txt`), 'needle\n');
});

test('the default limit is 100 files and the largest is 2000', async () => {
  const count = async (args: Record<string, unknown>) =>
    texts(await e.call('grep_files', { pattern: 'needle', path: 'many', ...args }))[0]!.split('\n').length;
  assert.equal(await count({}), 100);
  assert.equal(await count({ limit: 7 }), 7);
  assert.equal(await count({ limit: 5000 }), 2000);
});
