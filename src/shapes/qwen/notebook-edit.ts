// notebook_edit: Qwen Code 0.24.4's cell-level edit of a Jupyter notebook (replace, insert or
// delete one cell by id), after a read of the notebook; its checks and result in Qwen's words.
import { EngineError, type NotebookEditResult } from '../../engine/index.js';
import { defineTool, errorTable } from '../common/define.js';
import { TAGS } from '../tags.js';
import { qwenObject } from '../gemini-family/schema.js';

interface Args {
  notebook_path: string;
  cell_id?: string;
  new_source?: string;
  cell_type?: 'code' | 'markdown';
  edit_mode?: 'replace' | 'insert' | 'delete';
}

const bad = (text: string, field: string) =>
  new EngineError('invalid_argument', text, { field, facts: { said: text } });

const byCondition = errorTable<Args>({
  cell_missing: (_e, a) => `Cell with id "${a.cell_id}" not found in notebook.`,
  not_notebook: () => 'File must be a Jupyter notebook (.ipynb). Use the edit tool for other file types.',
});

export const notebookEdit = defineTool<Args, NotebookEditResult>({
  name: 'notebook_edit',
  fields: { path: 'notebook_path' },
  summary: 'Replace, insert or delete one cell of a Jupyter notebook (.ipynb) by cell id, after reading it.',
  description: [
    'Edits one cell of the notebook at notebook_path (absolute). edit_mode replace (default) sets the source of',
    'cell_id; insert adds a new cell (cell_type, default code) after cell_id, or first when cell_id is omitted; delete',
    'removes cell_id. new_source is required except for delete. Read the notebook with read_file first.',
  ],
  schema: qwenObject(
    {
      notebook_path: 'string',
      cell_id: 'string',
      new_source: 'string',
      cell_type: { type: 'string', enum: ['code', 'markdown'] },
      edit_mode: { type: 'string', enum: ['replace', 'insert', 'delete'] },
    },
    ['notebook_path'],
  ),
  tags: [TAGS.filesystem, TAGS.destructive],
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Replace the source of a cell',
      arguments: { notebook_path: '/srv/app/analysis.ipynb', cell_id: 'c1', new_source: "print('bye')" },
      expectedOutcome: 'Notebook /srv/app/analysis.ipynb has been updated. replace cell c1. ...',
    },
  ],
  errorModes: [
    'INVALID_ARGUMENT: a relative path, not a .ipynb file, replace or delete without cell_id, or no new_source to replace',
    'or insert. NOT_FOUND: no such notebook or cell. CONFLICT: the notebook was not read in this session, or changed since.',
  ],
  errors(err, a, c) {
    if (typeof err.facts.said === 'string') return err.facts.said;
    if (err.kind === 'not_found' && err.condition !== 'cell_missing')
      return `Notebook file not found: ${a.notebook_path}`;
    return byCondition(err, a, c);
  },
  call(a, c) {
    const mode = a.edit_mode ?? 'replace';
    if (a.notebook_path === '') throw bad("The 'notebook_path' parameter must be non-empty.", 'notebook_path');
    if (!a.notebook_path.startsWith('/'))
      throw bad(`Notebook path must be absolute: ${a.notebook_path}`, 'notebook_path');
    if (!/\.ipynb$/i.test(a.notebook_path))
      throw bad('File must be a Jupyter notebook (.ipynb). Use the edit tool for other file types.', 'notebook_path');
    if (mode !== 'insert' && !a.cell_id) throw bad('cell_id is required for replace and delete operations.', 'cell_id');
    if (mode !== 'delete' && typeof a.new_source !== 'string')
      throw bad(`new_source is required when edit_mode is "${mode}".`, 'new_source');
    const spec = {
      mode,
      cellId: a.cell_id,
      newSource: a.new_source ?? '',
      cellType: a.cell_type ?? (mode === 'insert' ? ('code' as const) : undefined),
    };
    return c.engine.files.notebookEdit(c, a.notebook_path, spec, {
      freshness: { requireRead: true, requireUnchanged: true },
    });
  },
  format(r, a) {
    const mode = a.edit_mode ?? 'replace';
    const source = mode === 'delete' ? '' : `\n\nUpdated source:\n\n---\n\n${a.new_source ?? ''}`;
    return {
      text: `Notebook ${a.notebook_path} has been updated. ${mode} cell ${r.cellId}.${source}`,
      host: {
        summary: `${mode} cell ${r.cellId} of ${r.relative}`,
        paths: [r.path],
        counts: { cells: r.totalCells },
        details: { mode, cellId: r.cellId, index: r.index },
      },
    };
  },
});
