// fs.notebook_edit: one cell of a Jupyter notebook replaced, inserted or deleted by id.
import { EngineError, type NotebookEditResult } from '../../engine/index.js';
import { type ArgsOf, changeReply, defineTool, pathProp, policy, requireReadProp, TAGS } from './shared.js';

const schema = {
  type: 'object',
  properties: {
    path: pathProp,
    cell_id: { type: 'string', minLength: 1, description: 'Target cell id (for insert: the cell to insert after).' },
    new_source: { type: 'string', description: 'The new cell source (replace, insert).' },
    cell_type: { type: 'string', enum: ['code', 'markdown'], description: 'Required for insert.' },
    mode: { type: 'string', enum: ['replace', 'insert', 'delete'], description: 'Default replace.' },
    require_read: requireReadProp,
  },
  required: ['path'],
  additionalProperties: false,
} as const;

export const notebookEditTool = defineTool<ArgsOf<typeof schema>, NotebookEditResult>({
  name: 'fs.notebook_edit',
  summary: 'Replace, insert or delete one cell of a Jupyter notebook (.ipynb) by cell id.',
  description: [
    'Edits one cell: replace (default) sets the source of `cell_id` (and its type, when given; code',
    'cells lose their outputs); insert adds a cell of `cell_type` after `cell_id`, or first when',
    'omitted; delete removes `cell_id`. Notebooks without ids address cells as cell-<index>.',
    'The rest of the JSON (metadata, other cells, indentation) is kept as it was. Returns the diff of',
    'the notebook file and its changed line numbers.',
  ],
  schema,
  tags: [TAGS.filesystem, TAGS.destructive],
  examples: [
    {
      description: 'Replace a code cell',
      arguments: { path: 'analysis.ipynb', cell_id: 'a1b2c3d4', new_source: 'print(42)\n' },
      expectedOutcome: 'Replaced cell a1b2c3d4.',
    },
  ],
  idempotency: 'side_effecting',
  errorModes: [
    'NOT_FOUND: no such notebook, or no cell with that id.',
    'INVALID_ARGUMENT: not a .ipynb file, invalid notebook JSON, insert without cell_type, replace/delete without cell_id.',
    'PERMISSION_DENIED: outside the roots.',
  ],
  async call(args, c) {
    const mode = args.mode ?? 'replace';
    if (mode !== 'delete' && args.new_source === undefined) {
      throw new EngineError('invalid_argument', `new_source is required to ${mode} a cell`, { field: 'new_source' });
    }
    const spec = { mode, cellId: args.cell_id, newSource: args.new_source, cellType: args.cell_type };
    return c.engine.files.notebookEdit(c, args.path, spec, { freshness: policy(args.require_read) });
  },
  format(r) {
    const d = r.diff;
    const head = `${{ replace: 'Replaced', insert: 'Inserted', delete: 'Deleted' }[r.mode]} cell ${r.cellId} in ${r.relative} (${r.totalCells} cells now).`;
    const data = {
      path: r.path,
      mode: r.mode,
      cellId: r.cellId,
      cellType: r.cellType ?? '',
      index: r.index,
      totalCells: r.totalCells,
    };
    return changeReply(head, r.path, d, data);
  },
});
