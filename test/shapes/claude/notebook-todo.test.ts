// Claude NotebookEdit and TodoWrite paths beyond the basics: a notebook changed on disk
// since the Read, delete without cell_id, a replace that changes the cell type; todos
// marked completed and a second list replacing the first.
import assert from 'node:assert/strict';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { claudeCaller } from './harness.js';

const NOTEBOOK = {
  cells: [
    { cell_type: 'markdown', id: 'md1', metadata: {}, source: ['# Title'] },
    {
      cell_type: 'code',
      id: 'c1',
      metadata: {},
      execution_count: 1,
      source: ["print('hi')"],
      outputs: [{ output_type: 'stream', name: 'stdout', text: ['hi\n'] }],
    },
  ],
  metadata: {},
  nbformat: 4,
  nbformat_minor: 5,
};

const TODO_OK =
  'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable';

describe('claude shape: NotebookEdit and TodoWrite, more paths', () => {
  const { t, dir } = serverFixture({ shape: 'claude@2.1.197' });
  const call = claudeCaller(() => t, 'nb-todo');
  const p = (name: string) => path.join(dir, name);
  const writeNb = (name: string) => writeFileSync(p(name), JSON.stringify(NOTEBOOK, null, 1) + '\n');

  test('NotebookEdit refuses a notebook changed on disk since the Read and writes nothing', async () => {
    writeNb('stale.ipynb');
    await call('Read', { file_path: p('stale.ipynb') }, 'stale');
    const changed = JSON.stringify({ ...NOTEBOOK, metadata: { touched: true } }, null, 1) + '\n';
    writeFileSync(p('stale.ipynb'), changed);
    const future = new Date(Date.now() + 5000);
    utimesSync(p('stale.ipynb'), future, future);
    const r = await call('NotebookEdit', { notebook_path: p('stale.ipynb'), cell_id: 'c1', new_source: 'x' }, 'stale');
    assert.equal(r.code, 'CONFLICT');
    assert.equal(
      r.error,
      '<tool_use_error>The file changed on disk after you last read it (the user, a formatter or another tool wrote to it). Read it again before changing it.</tool_use_error>',
    );
    assert.equal(readFileSync(p('stale.ipynb'), 'utf8'), changed);
  });

  test('NotebookEdit delete without cell_id is refused with the remedy', async () => {
    writeNb('del.ipynb');
    await call('Read', { file_path: p('del.ipynb') }, 'del');
    const r = await call('NotebookEdit', { notebook_path: p('del.ipynb'), new_source: '', edit_mode: 'delete' }, 'del');
    assert.equal(r.code, 'INVALID_ARGUMENT');
    assert.equal(
      r.error,
      '<tool_use_error>cell_id is required to delete a cell; only insert may leave it out (the cell then goes first).</tool_use_error>',
    );
    assert.equal(readFileSync(p('del.ipynb'), 'utf8'), JSON.stringify(NOTEBOOK, null, 1) + '\n');
  });

  test('NotebookEdit replace with a new cell_type turns a code cell into markdown, dropping outputs', async () => {
    writeNb('type.ipynb');
    await call('Read', { file_path: p('type.ipynb') }, 'type');
    const r = await call(
      'NotebookEdit',
      { notebook_path: p('type.ipynb'), cell_id: 'c1', new_source: 'Now prose', cell_type: 'markdown' },
      'type',
    );
    assert.equal(r.text, 'Updated cell c1 with Now prose');
    const cells = (JSON.parse(readFileSync(p('type.ipynb'), 'utf8')) as typeof NOTEBOOK).cells;
    assert.deepEqual(cells[1], { cell_type: 'markdown', id: 'c1', metadata: {}, source: ['Now prose'] });
    assert.deepEqual(cells[0], NOTEBOOK.cells[0]);
  });

  test('TodoWrite: a second call replaces the whole list, completed items included', async () => {
    const first = await call(
      'TodoWrite',
      {
        todos: [
          { content: 'A', status: 'in_progress', activeForm: 'Doing A' },
          { content: 'B', status: 'pending', activeForm: 'Doing B' },
          { content: 'C', status: 'pending', activeForm: 'Doing C' },
        ],
      },
      'todos',
    );
    assert.equal(first.text, TODO_OK);
    assert.deepEqual(first.display.counts, { items: 3, completed: 0 });
    const second = await call(
      'TodoWrite',
      {
        todos: [
          { content: 'A', status: 'completed', activeForm: 'Doing A' },
          { content: 'D', status: 'in_progress', activeForm: 'Doing D' },
        ],
      },
      'todos',
    );
    assert.equal(second.text, TODO_OK);
    assert.equal(second.display.summary, '2 todos, 1 completed');
    assert.deepEqual(second.display.counts, { items: 2, completed: 1 });
    assert.deepEqual((second.display.details as { todos: unknown[] }).todos, [
      { id: '1', content: 'A', status: 'completed', activeForm: 'Doing A' },
      { id: '2', content: 'D', status: 'in_progress', activeForm: 'Doing D' },
    ]);
  });
});
