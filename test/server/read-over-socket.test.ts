import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { callTool, structured, texts, withServer } from '../helpers/server.js';

test('fs.read over a real socket returns the requested line range', async () => {
  await withServer({}, async (t, dir) => {
    writeFileSync(path.join(dir, 'a.txt'), 'one\ntwo\nthree\nfour\n');
    const res = await callTool(t.client, 'fs.read', { path: 'a.txt', offset: 2, limit: 2 });
    assert.equal(res.error, '');
    assert.deepEqual(texts(res), ['two\nthree']);
    assert.deepEqual(structured(res), {
      path: path.join(dir, 'a.txt'),
      kind: 'text',
      startLine: 2,
      endLine: 3,
      hasMore: true,
      size: 19,
      encoding: 'utf8',
      lineEnding: 'lf',
    });
  });
});
