// Notebook cell edits by id: replace, insert, delete; the rest of the JSON kept as it was.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { editNotebook } from '../../src/engine/files/notebook.js';
import { fixture, kindOf } from './fixture.js';

const NB = {
  cells: [
    { cell_type: 'markdown', id: 'md1', metadata: { tags: ['x'] }, source: ['# Title\n', 'text'] },
    {
      cell_type: 'code',
      execution_count: 3,
      id: 'c1',
      metadata: {},
      outputs: [{ output_type: 'stream', name: 'stdout', text: ['hi\n'] }],
      source: ["print('hi')"],
    },
  ],
  metadata: { kernelspec: { name: 'python3', language: 'python' } },
  nbformat: 4,
  nbformat_minor: 5,
};
const serialised = (nb: unknown) => JSON.stringify(nb, null, 1) + '\n';

test('replace, insert and delete cells by id, keeping everything else', async () => {
  const f = fixture();
  try {
    const p = f.file('n.ipynb', serialised(NB));
    let r = await editNotebook(f.scope, 'n.ipynb', { mode: 'replace', cellId: 'c1', newSource: "print('bye')\nx = 1" });
    assert.deepEqual([r.cellId, r.index, r.totalCells], ['c1', 1, 2]);
    const after1 = structuredClone(NB);
    Object.assign(after1.cells[1]!, { execution_count: null, outputs: [], source: ["print('bye')\n", 'x = 1'] });
    assert.equal(readFileSync(p, 'utf8'), serialised(after1));

    r = await editNotebook(f.scope, 'n.ipynb', {
      mode: 'insert',
      cellId: 'md1',
      cellType: 'markdown',
      newSource: 'inserted',
    });
    assert.match(r.cellId, /^[0-9a-f]{8}$/);
    assert.equal(r.index, 1);
    const nb = JSON.parse(readFileSync(p, 'utf8'));
    assert.deepEqual(nb.cells[1], { cell_type: 'markdown', id: r.cellId, metadata: {}, source: ['inserted'] });
    assert.deepEqual(nb.metadata, NB.metadata);

    r = await editNotebook(f.scope, 'n.ipynb', { mode: 'insert', cellType: 'code', newSource: 'first' });
    assert.equal(JSON.parse(readFileSync(p, 'utf8')).cells[0].source[0], 'first');
    assert.equal(r.index, 0);

    await editNotebook(f.scope, 'n.ipynb', { mode: 'delete', cellId: 'md1' });
    const ids = JSON.parse(readFileSync(p, 'utf8')).cells.map((c: { id: string }) => c.id);
    assert.equal(ids.includes('md1'), false);
    assert.equal(ids.length, 3);

    // Changing a code cell to markdown drops its outputs.
    await editNotebook(f.scope, 'n.ipynb', {
      mode: 'replace',
      cellId: 'c1',
      cellType: 'markdown',
      newSource: '*now text*',
    });
    const c1 = JSON.parse(readFileSync(p, 'utf8')).cells.find((c: { id: string }) => c.id === 'c1');
    assert.deepEqual(c1, { cell_type: 'markdown', id: 'c1', metadata: {}, source: ['*now text*'] });
  } finally {
    f.cleanup();
  }
});

test('notebook failures: unknown id, missing type, not a notebook, broken JSON; cells without ids by index', async () => {
  const f = fixture();
  try {
    f.file('n.ipynb', serialised(NB));
    assert.equal(
      await kindOf(() => editNotebook(f.scope, 'n.ipynb', { mode: 'replace', cellId: 'nope', newSource: 'x' })),
      'not_found',
    );
    assert.equal(
      await kindOf(() => editNotebook(f.scope, 'n.ipynb', { mode: 'insert', newSource: 'x' })),
      'invalid_argument',
    );
    f.file('a.txt', '{}');
    assert.equal(
      await kindOf(() => editNotebook(f.scope, 'a.txt', { mode: 'delete', cellId: 'x' })),
      'invalid_argument',
    );
    f.file('bad.ipynb', '{not json');
    assert.equal(
      await kindOf(() => editNotebook(f.scope, 'bad.ipynb', { mode: 'delete', cellId: 'x' })),
      'invalid_argument',
    );
    const old = {
      cells: [{ cell_type: 'code', metadata: {}, source: 'a', outputs: [], execution_count: null }],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 2,
    };
    const p = f.file('old.ipynb', JSON.stringify(old));
    await editNotebook(f.scope, 'old.ipynb', { mode: 'replace', cellId: 'cell-0', newSource: 'b' });
    assert.equal(readFileSync(p, 'utf8'), JSON.stringify({ ...old, cells: [{ ...old.cells[0], source: 'b' }] }));
  } finally {
    f.cleanup();
  }
});
