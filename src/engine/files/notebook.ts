// Jupyter notebook editing: cell edits by id (replace, insert, delete) that keep the rest of
// the JSON as it was. The parsed view for reading is in notebook-parse.ts.
import { randomBytes } from 'node:crypto';
import { engineFailure, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';
import type { Session } from '../session.js';
import type { FreshnessPolicy } from './freshness.js';
import { withPathLocks } from './lock.js';
import { diffTexts, type FileDiff } from './diff.js';
import { toLf } from './encoding.js';
import { checkLoaded, loadText, saveText } from './text-file.js';
import { cellId, parseRaw, type CellType, type RawCell, type RawNotebook } from './notebook-parse.js';

// The parsed view's types and parser, re-exported for readers of the older name.
export {
  parseNotebook,
  type CellType,
  type NotebookCell,
  type NotebookOutput,
  type NotebookView,
} from './notebook-parse.js';

export interface NotebookEditSpec {
  mode: 'replace' | 'insert' | 'delete';
  /** The cell to replace or delete, or to insert after (insert without it: at the start). */
  cellId?: string;
  newSource?: string;
  /** Required to insert; on replace, changes the cell's type. */
  cellType?: 'code' | 'markdown';
}

export interface NotebookEditOptions {
  cwd?: string;
  signal?: AbortSignal;
  session?: Session;
  freshness?: FreshnessPolicy;
}

export interface NotebookEditResult {
  path: string;
  relative: string;
  mode: NotebookEditSpec['mode'];
  cellId: string;
  cellType?: CellType;
  index: number;
  totalCells: number;
  /** The change to the notebook file's JSON text. */
  diff: FileDiff;
}

export async function editNotebook(
  scope: Scope,
  input: string,
  spec: NotebookEditSpec,
  opts: NotebookEditOptions = {},
): Promise<NotebookEditResult> {
  const first = await scope.resolve(input, opts.cwd);
  if (!first.real.toLowerCase().endsWith('.ipynb')) {
    throw engineFailure('not_notebook', `${input} is not a .ipynb notebook`, { path: input }, { field: 'path' });
  }
  return withPathLocks([first.real], async () => {
    const loaded = await loadText(scope, first, { cwd: opts.cwd });
    if (!loaded.exists)
      throw engineFailure('file_missing', `${input} does not exist`, { path: input }, { field: 'path' });
    checkLoaded(opts.session, loaded, opts.freshness);
    throwIfAborted(opts.signal, 'notebook edit');
    const nb = parseRaw(loaded.text, input);
    const cells = nb.cells;
    const find = (id: string) => {
      const i = cells.findIndex((c, k) => cellId(c, k) === id);
      if (i === -1)
        throw engineFailure(
          'cell_missing',
          `no cell with id ${id} in ${input}`,
          { path: input, cellId: id },
          { field: 'cell_id' },
        );
      return i;
    };
    let index: number;
    let id: string;
    let cellType: CellType | undefined;
    if (spec.mode === 'delete') {
      if (!spec.cellId) throw engineFailure('cell_id_needed', 'deleting a cell needs its id', {}, { field: 'cell_id' });
      index = find(spec.cellId);
      id = cellId(cells[index]!, index);
      cellType = cells[index]!.cell_type as CellType;
      cells.splice(index, 1);
    } else if (spec.mode === 'insert') {
      if (!spec.cellType)
        throw engineFailure(
          'cell_type_needed',
          'inserting a cell needs its type (code or markdown)',
          {},
          { field: 'cell_type' },
        );
      index = spec.cellId ? find(spec.cellId) + 1 : 0;
      const usesIds =
        (nb.nbformat ?? 4) > 4 || (nb.nbformat_minor ?? 0) >= 5 || cells.some((c) => typeof c.id === 'string');
      const cell: RawCell = {
        cell_type: spec.cellType,
        ...(usesIds ? { id: randomBytes(4).toString('hex') } : {}),
        metadata: {},
        source: splitSource(spec.newSource ?? ''),
      };
      if (spec.cellType === 'code') Object.assign(cell, { execution_count: null, outputs: [] });
      cells.splice(index, 0, cell);
      id = cellId(cell, index);
      cellType = spec.cellType;
    } else {
      if (!spec.cellId)
        throw engineFailure('cell_id_needed', 'replacing a cell needs its id', {}, { field: 'cell_id' });
      index = find(spec.cellId);
      const cell = cells[index]!;
      if (spec.cellType && spec.cellType !== cell.cell_type) {
        cell.cell_type = spec.cellType;
        if (spec.cellType === 'markdown') {
          delete cell.outputs;
          delete cell.execution_count;
        }
      }
      cell.source =
        Array.isArray(cell.source) || cell.source === undefined
          ? splitSource(spec.newSource ?? '')
          : (spec.newSource ?? '');
      if (cell.cell_type === 'code') Object.assign(cell, { execution_count: null, outputs: [] });
      id = cellId(cell, index);
      cellType = cell.cell_type as CellType;
    }
    const text = serialise(nb, loaded.text);
    await saveText(scope, loaded.resolved, text, loaded, {
      mode: loaded.mode,
      session: opts.session,
      signal: opts.signal,
    });
    const relative = scope.relative(loaded.resolved.real);
    const diff = await diffTexts(relative, toLf(loaded.text), toLf(text));
    return {
      path: loaded.resolved.real,
      relative,
      mode: spec.mode,
      cellId: id,
      cellType,
      index,
      totalCells: cells.length,
      diff,
    };
  });
}

/** nbformat stores sources as lines, each keeping its "\n". */
function splitSource(s: string): string[] {
  return s === '' ? [] : s.split(/(?<=\n)/);
}

/** JSON in the original file's indentation and final newline (nbformat's own is 1 space). */
function serialise(nb: RawNotebook, original: string): string {
  const m = /^\{\r?\n([ \t]+)"/.exec(original);
  const indent = m ? m[1]! : original.startsWith('{"') ? '' : ' ';
  const eol = /\r\n/.test(original) ? '\r\n' : '\n';
  let out = JSON.stringify(nb, null, indent || undefined);
  if (eol === '\r\n') out = out.replace(/\n/g, '\r\n');
  return original.endsWith('\n') ? out + eol : out;
}
