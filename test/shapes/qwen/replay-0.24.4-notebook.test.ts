// Qwen Code's notebook-edit.test.ts (@5ad5cb4b, 21 cases) replayed against qwen@0.24.4 with real
// notebooks on disk, each read with read_file first (Qwen's tests seed its read cache instead).
// Counts (checked by the ledger test): matched 9, deliberate 3, skipped 9 of 21.
// Deliberate (3): an inserted cell's source is a list of lines even beside a string-source cell
//   (both are valid nbformat); a cell_id that is a real id is that cell even when another cell's
//   fallback cell-N would be the same (Qwen refuses it as ambiguous; Facet prefers the real id);
//   an unread notebook is refused in Facet's words ("has not been read in this session") where
//   Qwen says "has not been fully read" (the same fact: read it first). Their tests assert Facet's.
// Skipped (9): read-cache states after structural edits (2, internal), a truncated read (Facet
//   records no partial notebook read through read_file), a FIFO path, .qwenignore, the
//   confirmation diff, IDE/inline modified content (2) and commit attribution (host UI/services).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { caller } from '../gemini/harness.js';
import { ledger } from './ledger.js';

const FILE = 'notebook-edit.test.ts';
const { replay, check } = ledger({
  [FILE]: {
    total: 21,
    deliberate: {
      'preserves adjacent source style for inserted cells in mixed-format notebooks':
        'an inserted source is a list of lines (valid nbformat either way)',
      'rejects ambiguous fallback-like cell IDs': "a real cell id wins over another cell's fallback cell-N",
      'requires a fresh full notebook read before editing': 'Facet words it "has not been read in this session"',
    },
    skipped:
      'read-cache states after structural edits (2), a truncated read, a FIFO, .qwenignore, the confirmation diff, modified content (2), commit attribution',
  },
});

type Cell = Record<string, unknown>;
const nb = (cells: Cell[], minor = 5) => ({ nbformat: 4, nbformat_minor: minor, cells, metadata: {} });

describe('Qwen Code notebook-edit.test.ts replayed against qwen@0.24.4', () => {
  const { t, dir } = serverFixture({ shape: 'qwen', prefix: 'facet-qwen-notebook-' });
  const call = caller(() => t, 'qwen@0.24.4', 'notebook');
  const p = (name: string) => path.join(dir, name);
  /** A notebook written as Qwen's tests write it (1-space JSON) and read in `session`. */
  const seeded = async (name: string, body: unknown, session: string, indent: number | string = 1) => {
    writeFileSync(p(name), JSON.stringify(body, null, indent));
    const r = await call('read_file', { file_path: p(name) }, { session });
    assert.equal(r.error, '', r.error);
    return p(name);
  };
  const cells = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { cells: Cell[] }).cells;
  const edit = (args: Record<string, unknown>, session: string) => call('notebook_edit', args, { session });

  replay(FILE, 'replaces a code cell by real ID and clears stale outputs', async () => {
    const f = await seeded(
      'analysis.ipynb',
      {
        ...nb([
          {
            cell_type: 'code',
            id: 'load-data',
            source: ['x = 1\n'],
            execution_count: 7,
            outputs: [{ output_type: 'stream', text: ['old\n'] }],
            metadata: {},
          },
        ]),
        metadata: { language_info: { name: 'python' } },
      },
      'n1',
    );
    const o = await edit({ notebook_path: f, cell_id: 'load-data', new_source: 'x = 2\nprint(x)' }, 'n1');
    assert.equal(o.error, '');
    assert.equal(
      o.text,
      `Notebook ${f} has been updated. replace cell load-data.\n\nUpdated source:\n\n---\n\nx = 2\nprint(x)`,
    );
    const c = cells(f)[0]!;
    assert.deepEqual([c.source, c.execution_count, c.outputs], [['x = 2\n', 'print(x)'], null, []]);
    // The read stays fresh: a second edit needs no new read.
    const again = await edit({ notebook_path: f, cell_id: 'load-data', new_source: 'x = 3' }, 'n1');
    assert.equal(again.error, '');
  });

  replay(FILE, 'replaces by cell-N fallback and converts code to markdown cleanly', async () => {
    const f = await seeded(
      'convert.ipynb',
      nb([
        {
          cell_type: 'code',
          source: 'print("old")',
          execution_count: 1,
          outputs: [{ output_type: 'stream', text: 'old\n' }],
          metadata: {},
        },
      ]),
      'n2',
    );
    const o = await edit({ notebook_path: f, cell_id: 'cell-0', cell_type: 'markdown', new_source: '# Notes' }, 'n2');
    assert.equal(o.error, '');
    assert.deepEqual(cells(f)[0], { cell_type: 'markdown', source: '# Notes', metadata: {} });
  });

  replay(FILE, 'converts markdown to code with code-only fields', async () => {
    const f = await seeded(
      'to-code.ipynb',
      nb([{ cell_type: 'markdown', id: 'intro', source: ['# Intro'], metadata: {} }]),
      'n3',
    );
    const o = await edit({ notebook_path: f, cell_id: 'intro', cell_type: 'code', new_source: 'print("hi")' }, 'n3');
    assert.equal(o.error, '');
    const c = cells(f)[0]!;
    assert.deepEqual([c.cell_type, c.source, c.execution_count, c.outputs], ['code', ['print("hi")'], null, []]);
  });

  replay(FILE, 'inserts after a target cell and generates an nbformat 4.5 cell ID', async () => {
    const f = await seeded(
      'insert.ipynb',
      nb([
        { cell_type: 'markdown', id: 'cell-1', source: ['# A'], metadata: {} },
        { cell_type: 'code', id: 'cell-2', source: ['a = 1'], metadata: {} },
      ]),
      'n4',
    );
    const o = await edit(
      { notebook_path: f, edit_mode: 'insert', cell_id: 'cell-1', cell_type: 'markdown', new_source: '## Inserted' },
      'n4',
    );
    assert.equal(o.error, '');
    const c = cells(f);
    assert.equal(c.length, 3);
    assert.deepEqual([c[1]!.cell_type, c[1]!.source], ['markdown', ['## Inserted']]);
    assert.equal(
      o.text,
      `Notebook ${f} has been updated. insert cell ${String(c[1]!.id)}.\n\nUpdated source:\n\n---\n\n## Inserted`,
    );
  });

  test('deliberate: an inserted cell beside a string-source cell gets a list of lines', async () => {
    const f = await seeded(
      'mixed.ipynb',
      nb([
        { cell_type: 'markdown', id: 'intro', source: '# Intro', metadata: {} },
        { cell_type: 'code', id: 'code', source: ['value = 1\n'], metadata: {} },
      ]),
      'n5',
    );
    const o = await edit(
      { notebook_path: f, edit_mode: 'insert', cell_id: 'intro', cell_type: 'markdown', new_source: '## Inserted' },
      'n5',
    );
    assert.equal(o.error, '');
    assert.deepEqual(cells(f)[1]!.source, ['## Inserted']);
  });

  replay(FILE, 'preserves notebook JSON indentation and trailing newline style on edit', async () => {
    const f = await seeded(
      'format.ipynb',
      nb([{ cell_type: 'markdown', id: 'intro', source: '# Intro', metadata: {} }]),
      'n6',
      2,
    );
    const o = await edit({ notebook_path: f, cell_id: 'intro', new_source: '# Updated' }, 'n6');
    assert.equal(o.error, '');
    const raw = readFileSync(f, 'utf8');
    assert.ok(raw.includes('\n  "cells"'), raw);
    assert.ok(!raw.endsWith('\n'));
  });

  test('deliberate: a real cell id wins over a fallback-like id', async () => {
    const f = await seeded(
      'ambiguous.ipynb',
      nb([
        { cell_type: 'markdown', id: 'cell-1', source: ['real id'], metadata: {} },
        { cell_type: 'markdown', source: ['fallback id'], metadata: {} },
      ]),
      'n7',
    );
    const o = await edit({ notebook_path: f, cell_id: 'cell-1', new_source: 'updated' }, 'n7');
    assert.equal(o.error, '');
    assert.deepEqual(
      cells(f).map((c) => c.source),
      [['updated'], ['fallback id']],
    );
  });

  replay(FILE, 'inserts at the beginning when no cell_id is provided', async () => {
    const f = await seeded('start.ipynb', nb([{ cell_type: 'code', source: ['x = 1'], metadata: {} }], 4), 'n8');
    const o = await edit(
      { notebook_path: f, edit_mode: 'insert', cell_type: 'code', new_source: 'print("first")' },
      'n8',
    );
    assert.equal(o.error, '');
    const c = cells(f)[0]!;
    assert.deepEqual(c.source, ['print("first")']);
    assert.ok(!('id' in c));
  });

  replay(FILE, 'deletes a cell without requiring new_source', async () => {
    const f = await seeded(
      'delete.ipynb',
      nb([
        { cell_type: 'markdown', id: 'keep', source: ['keep'], metadata: {} },
        { cell_type: 'markdown', id: 'drop', source: ['drop'], metadata: {} },
      ]),
      'n9',
    );
    const o = await edit({ notebook_path: f, edit_mode: 'delete', cell_id: 'drop' }, 'n9');
    assert.equal(o.text, `Notebook ${f} has been updated. delete cell drop.`);
    assert.deepEqual(
      cells(f).map((c) => c.id),
      ['keep'],
    );
  });

  test('deliberate: an unread notebook is refused in Facet words', async () => {
    writeFileSync(
      p('unread.ipynb'),
      JSON.stringify({ cells: [{ cell_type: 'code', id: 'a', source: ['x = 1'], metadata: {} }], metadata: {} }),
    );
    const o = await edit({ notebook_path: p('unread.ipynb'), cell_id: 'a', new_source: 'x = 2' }, 'n10');
    assert.equal(o.error, `Error: ${p('unread.ipynb')} has not been read in this session`);
  });

  replay(FILE, 'rejects stale notebook edits after an external change', async () => {
    const f = await seeded(
      'stale.ipynb',
      { cells: [{ cell_type: 'code', id: 'a', source: ['x = 1'], metadata: {} }], metadata: {} },
      'n11',
    );
    writeFileSync(
      f,
      JSON.stringify({ cells: [{ cell_type: 'code', id: 'a', source: ['x = 100'], metadata: {} }], metadata: {} }),
    );
    const o = await edit({ notebook_path: f, cell_id: 'a', new_source: 'x = 2' }, 'n11');
    assert.equal(o.error, `Error: ${f} has changed since it was read`);
  });

  replay(FILE, 'returns structured errors for missing cells and invalid JSON', async () => {
    const f = await seeded(
      'missing.ipynb',
      { cells: [{ cell_type: 'code', id: 'a', source: ['x = 1'], metadata: {} }], metadata: {} },
      'n12',
    );
    const o = await edit({ notebook_path: f, cell_id: 'missing', new_source: 'x = 2' }, 'n12');
    assert.equal(o.error, 'Cell with id "missing" not found in notebook.');
    writeFileSync(p('bad.ipynb'), 'not json');
    await call('read_file', { file_path: p('bad.ipynb') }, { session: 'n12' });
    const bad = await edit({ notebook_path: p('bad.ipynb'), edit_mode: 'insert', new_source: 'x = 1' }, 'n12');
    // The parser's own reason follows (its words are Node's, which vary by version).
    const head = `Error: Invalid parameters provided. Reason: ${p('bad.ipynb')} is not valid notebook JSON: `;
    assert.ok(bad.error.startsWith(head), bad.error);
  });

  check({ matched: 9, deliberate: 3, skipped: 9, capture: 0 });
});
