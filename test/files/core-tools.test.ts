// The core shape's file tools over a real server: schemas, results, failures in band.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { callTool, structured, texts, withServer } from '../helpers/server.js';
import { PNG_3X2 } from '../helpers/png.js';

test('core fs.* tools end to end', async () => {
  await withServer({ shape: 'core' }, async (t, dir) => {
    const call = (name: string, args: Record<string, unknown>) => callTool(t.client, name, args, { session: 's1' });
    let r = await call('fs.write', { path: 'src/app.ts', content: 'let a = 1;\nlet b = 2;\n' });
    assert.equal(r.error, '');
    const created = '--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,0 +1,2 @@\n+let a = 1;\n+let b = 2;\n';
    assert.deepEqual(texts(r), [`Created src/app.ts (22 bytes).\n${created}`]);
    assert.deepEqual(structured(r), {
      path: path.join(dir, 'src/app.ts'),
      created: true,
      size: 22,
      encoding: 'utf8',
      lineEnding: 'lf',
      added: 2,
      removed: 0,
      changedLines: [1, 2],
      diff: created,
    });

    r = await call('fs.edit', {
      path: 'src/app.ts',
      edits: [
        { old_string: 'let a', new_string: 'const a' },
        { old_string: 'let b', new_string: 'const b' },
      ],
    });
    assert.equal(r.error, '');
    const edited =
      '--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,2 +1,2 @@\n-let a = 1;\n-let b = 2;\n+const a = 1;\n+const b = 2;\n';
    assert.deepEqual(texts(r), [`Edited src/app.ts: 2 replacement(s).\n${edited}`]);
    assert.deepEqual(structured(r), {
      path: path.join(dir, 'src/app.ts'),
      created: false,
      replacements: 2,
      rungs: ['exact', 'exact'],
      changedLines: [1, 2],
      added: 2,
      removed: 2,
      diff: edited,
    });
    assert.equal(readFileSync(path.join(dir, 'src/app.ts'), 'utf8'), 'const a = 1;\nconst b = 2;\n');

    r = await call('fs.edit', { path: 'src/app.ts', old_string: 'const', new_string: 'var' });
    assert.equal(r.failure?.code, FailureCode.FAILURE_CODE_CONFLICT);
    r = await call('fs.edit', { path: 'src/app.ts' });
    assert.equal(r.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    r = await call('fs.write', { path: '../escape.txt', content: 'x' });
    assert.equal(r.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
    assert.ok(r.error.includes(dir), r.error);

    r = await call('fs.apply_patch', {
      patch:
        '*** Begin Patch\n*** Update File: src/app.ts\n@@\n-const a = 1;\n+const a = 10;\n*** Add File: NOTES.md\n+notes\n*** End Patch',
    });
    assert.equal(r.error, '');
    const patched =
      '--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,2 +1,2 @@\n-const a = 1;\n+const a = 10;\n const b = 2;\n';
    const notes = '--- a/NOTES.md\n+++ b/NOTES.md\n@@ -1,0 +1,1 @@\n+notes\n';
    assert.deepEqual(texts(r), [`Applied the patch:\nA NOTES.md\nM src/app.ts\n${patched}\n${notes}`]);
    assert.deepEqual(structured(r), {
      added: ['NOTES.md'],
      modified: ['src/app.ts'],
      deleted: [],
      files: [
        {
          path: path.join(dir, 'src/app.ts'),
          action: 'update',
          passes: ['exact'],
          added: 1,
          removed: 1,
          changedLines: [1],
          diff: patched,
        },
        {
          path: path.join(dir, 'NOTES.md'),
          action: 'add',
          passes: [],
          added: 1,
          removed: 0,
          changedLines: [1],
          diff: notes,
        },
      ],
    });
    r = await call('fs.apply_patch', { patch: '*** Begin Patch\n*** Bogus\n*** End Patch' });
    assert.equal(r.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);

    r = await call('fs.read', { path: 'src/app.ts', offset: 2 });
    assert.deepEqual(texts(r), ['const b = 2;']);
    r = await call('fs.read', { path: 'src/app.ts', offset: 0 });
    assert.equal(r.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);

    writeFileSync(path.join(dir, 'p.png'), PNG_3X2);
    r = await call('fs.read', { path: 'p.png' });
    const blob = r.content.find((c) => c.body?.$case === 'blob');
    assert.ok(blob && blob.body?.$case === 'blob');
    assert.equal(blob.body.value.mediaType, 'image/png');
    assert.ok(Buffer.from(blob.body.value.data).equals(PNG_3X2));
    assert.deepEqual(structured(r), {
      path: path.join(dir, 'p.png'),
      kind: 'image',
      size: PNG_3X2.length,
      mediaType: 'image/png',
      width: 3,
      height: 2,
    });

    r = await call('fs.read_many', { include: ['**/*.ts', '*.md'] });
    assert.deepEqual(texts(r), ['--- NOTES.md ---\nnotes\n\n--- src/app.ts ---\nconst a = 10;\nconst b = 2;']);

    writeFileSync(
      path.join(dir, 'n.ipynb'),
      JSON.stringify(
        {
          cells: [{ id: 'c1', cell_type: 'code', metadata: {}, source: ['x'], outputs: [], execution_count: null }],
          metadata: {},
          nbformat: 4,
          nbformat_minor: 5,
        },
        null,
        1,
      ),
    );
    r = await call('fs.notebook_edit', { path: 'n.ipynb', cell_id: 'c1', new_source: 'y = 2' });
    const cell = [
      '--- a/n.ipynb',
      '+++ b/n.ipynb',
      '@@ -5,7 +5,7 @@',
      '    "cell_type": "code",',
      '    "metadata": {},',
      '    "source": [',
      '-    "x"',
      '+    "y = 2"',
      '    ],',
      '    "outputs": [],',
      '    "execution_count": null',
      '',
    ].join('\n');
    assert.deepEqual(texts(r), [`Replaced cell c1 in n.ipynb (1 cells now).\n${cell}`]);
    assert.deepEqual(structured(r), {
      path: path.join(dir, 'n.ipynb'),
      mode: 'replace',
      cellId: 'c1',
      cellType: 'code',
      index: 0,
      totalCells: 1,
      changedLines: [8],
      diff: cell,
    });
    r = await call('fs.notebook_edit', { path: 'n.ipynb', cell_id: 'c1', mode: 'insert' });
    assert.equal(r.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);

    // require_read: the session read the file through fs.read above, so writing it is allowed...
    r = await call('fs.write', { path: 'src/app.ts', content: 'x\n', require_read: true });
    assert.equal(r.error, '');
    // ...but another session has not read it.
    r = await callTool(
      t.client,
      'fs.write',
      { path: 'src/app.ts', content: 'y\n', require_read: true },
      { session: 's2' },
    );
    assert.equal(r.failure?.code, FailureCode.FAILURE_CODE_CONFLICT);
  });
});
