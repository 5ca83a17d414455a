// Claude Code's NotebookEdit: replace, insert or delete one cell by id, after a Read.
import type { NotebookEditResult } from '../../engine/index.js';
import { defineTool, errorTable } from '../common/define.js';
import { TAGS } from '../tags.js';
import { resolvedFrom, toolUseError } from './errors.js';
import { closed, here, READ_FIRST } from './render.js';

interface Args {
  notebook_path: string;
  cell_id?: string;
  new_source: string;
  cell_type?: 'code' | 'markdown';
  edit_mode?: 'replace' | 'insert' | 'delete';
}

const byCondition = errorTable<Args>({
  cell_missing: (_e, a) =>
    toolUseError(`No cell with ID "${a.cell_id}" in this notebook. Read the notebook to see its cell IDs.`),
  not_notebook: (_e, a) =>
    toolUseError(`${a.notebook_path} is not a Jupyter notebook (.ipynb). Use Edit for other files.`),
});

export const notebookEdit = defineTool<Args, NotebookEditResult>({
  name: 'NotebookEdit',
  fields: { path: 'notebook_path' },
  summary: 'Replace, insert or delete one cell of a Jupyter notebook (.ipynb) by cell id, after Reading the notebook.',
  description: [
    'Edits one cell of the notebook at notebook_path. edit_mode replace (default) sets the source of cell_id (and its type',
    'when cell_type is given; a code cell loses its outputs and execution count); insert adds a new cell of cell_type',
    '(required) after cell_id, or at the start when cell_id is omitted, with a new random id; delete removes cell_id',
    '(new_source is ignored). Cell ids are those Read shows; notebooks without ids use "cell-<index>".',
    'The notebook must have been Read in this session and be unchanged since. The rest of the JSON is kept as it was.',
  ],
  schema: closed(
    {
      notebook_path: 'string',
      cell_id: 'string',
      new_source: 'string',
      cell_type: { type: 'string', enum: ['code', 'markdown'] },
      edit_mode: { type: 'string', enum: ['replace', 'insert', 'delete'] },
    },
    ['notebook_path', 'new_source'],
  ),
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Replace the source of a code cell',
      arguments: { notebook_path: '/srv/app/analysis.ipynb', cell_id: 'c1', new_source: "print('bye')" },
      expectedOutcome: "Updated cell c1 with print('bye')",
    },
    {
      description: 'Insert a markdown cell at the start',
      arguments: {
        notebook_path: '/srv/app/analysis.ipynb',
        new_source: '# Results',
        cell_type: 'markdown',
        edit_mode: 'insert',
      },
      expectedOutcome: 'Inserted cell <new id> with # Results',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'All wrapped in <tool_use_error>:',
    'NOT_FOUND: no such notebook, or no cell with that id (Read the notebook to see the ids).',
    'INVALID_ARGUMENT: not a .ipynb file; invalid notebook JSON; insert without cell_type; replace or delete without cell_id.',
    'CONFLICT: the notebook was not Read in this session, or it changed on disk since the Read (facts.condition says which).',
    'PERMISSION_DENIED: the path resolves outside the roots.',
  ],
  call(a, c) {
    const spec = {
      mode: a.edit_mode ?? ('replace' as const),
      cellId: a.cell_id,
      newSource: a.new_source,
      cellType: a.cell_type,
    };
    return c.engine.files.notebookEdit(here(c), a.notebook_path, spec, { freshness: READ_FIRST });
  },
  format(r, a) {
    const mode = a.edit_mode ?? 'replace';
    const text =
      mode === 'delete'
        ? `Deleted cell ${r.cellId}`
        : `${mode === 'insert' ? 'Inserted' : 'Updated'} cell ${r.cellId} with ${a.new_source}`;
    const details = { mode, cellId: r.cellId, cellType: r.cellType ?? '', index: r.index };
    return {
      text,
      host: {
        summary: `${mode} cell ${r.cellId} of ${r.relative}`,
        paths: [r.path],
        counts: { cells: r.totalCells },
        details,
      },
    };
  },
  errors(err, a, c) {
    const said = byCondition(err, a, c);
    if (said !== undefined) return said;
    if (err.field === 'cell_type') return toolUseError('Inserting a cell needs cell_type ("code" or "markdown").');
    if (err.field === 'cell_id')
      return toolUseError(
        `cell_id is required to ${a.edit_mode ?? 'replace'} a cell; only insert may leave it out (the cell then goes first).`,
      );
    if (err.kind === 'not_found')
      return toolUseError(`Notebook does not exist: ${a.notebook_path}. ${resolvedFrom(c)}`);
    if (err.condition === 'invalid_notebook')
      return toolUseError(`The notebook is not valid JSON in nbformat: ${err.message}.`);
    return undefined;
  },
});
