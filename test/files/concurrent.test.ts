// Writes to one path are serialised: 100 concurrent fs.edit calls over gRPC, each replacing
// a different token of the same file, all land.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { callTool, structured, texts, withServer } from '../helpers/server.js';

const token = (i: number) => `<T${String(i).padStart(3, '0')}>`;

test('100 concurrent edits of one file through the server are all applied', async () => {
  await withServer({ shape: 'core' }, async (t, dir) => {
    const file = path.join(dir, 'tokens.txt');
    writeFileSync(file, Array.from({ length: 100 }, (_, i) => `line ${token(i)}`).join('\n') + '\n');
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        callTool(t.client, 'fs.edit', { path: 'tokens.txt', old_string: token(i), new_string: `done-${i}` }),
      ),
    );
    for (const [i, r] of results.entries()) {
      assert.equal(r.error, '', `edit ${i}: ${r.error}`);
      assert.equal(structured(r)?.replacements, 1);
    }
    const expected = Array.from({ length: 100 }, (_, i) => `line done-${i}`).join('\n') + '\n';
    assert.equal(readFileSync(file, 'utf8'), expected);
    // And the result can be read back through the server.
    const back = await callTool(t.client, 'fs.read', { path: 'tokens.txt', offset: -1 });
    assert.deepEqual(texts(back), ['line done-99']);
  });
});
