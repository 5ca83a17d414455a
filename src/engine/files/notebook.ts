// Jupyter notebooks: a parsed view of the cells (for reading) and cell edits by id
// (replace, insert, delete) that keep the rest of the JSON as it was.
import { randomBytes } from 'node:crypto';
import { engineFailure, throwIfAborted } from '../errors.js';
import type { Scope } from '../scope.js';
import type { Session } from '../session.js';
import type { FreshnessPolicy } from './freshness.js';
import { withPathLocks } from './lock.js';
import { diffTexts, type FileDiff } from './diff.js';
import { toLf } from './encoding.js';
import { checkLoaded, loadText, saveText } from './text-file.js';

export type CellType = 'code' | 'markdown' | 'raw';

export interface NotebookOutput {
  outputType: string;
  /** Text of a stream, a text/plain result or an error (name: value + traceback). */
  text?: string;
  /** An image output, base64 as stored in the notebook. */
  image?: { mediaType: string; data: string };
}

export interface NotebookCell {
  /** The cell's id, or `cell-<index>` for notebooks without ids. */
  id: string;
  index: number;
  cellType: CellType;
  source: string;
  executionCount?: number | null;
  outputs: NotebookOutput[];
}

export interface NotebookView {
  nbformat: number;
  nbformatMinor: number;
  language?: string;
  cells: NotebookCell[];
}

interface RawCell {
  id?: string;
  cell_type: string;
  source: string | string[];
  metadata?: Record<string, unknown>;
  execution_count?: number | null;
  outputs?: Array<Record<string, unknown>>;
  [k: string]: unknown;
}

interface RawNotebook {
  cells: RawCell[];
  nbformat?: number;
  nbformat_minor?: number;
  metadata?: { language_info?: { name?: string }; kernelspec?: { language?: string } };
  [k: string]: unknown;
}

function parseRaw(text: string, display: string): RawNotebook {
  let nb: unknown;
  try {
    nb = JSON.parse(text);
  } catch (err) {
    throw engineFailure('invalid_notebook', `${display} is not valid notebook JSON: ${(err as Error).message}`, { path: display });
  }
  if (!nb || typeof nb !== 'object' || !Array.isArray((nb as RawNotebook).cells)) {
    throw engineFailure('invalid_notebook', `${display} has no cells array; it is not a notebook`, { path: display });
  }
  return nb as RawNotebook;
}

const joinSource = (s: string | string[] | undefined) => (Array.isArray(s) ? s.join('') : (s ?? ''));
const cellId = (c: RawCell, i: number) => (typeof c.id === 'string' && c.id !== '' ? c.id : `cell-${i}`);

export function parseNotebook(text: string, display: string): NotebookView {
  const nb = parseRaw(text, display);
  return {
    nbformat: nb.nbformat ?? 4,
    nbformatMinor: nb.nbformat_minor ?? 0,
    language: nb.metadata?.language_info?.name ?? nb.metadata?.kernelspec?.language,
    cells: nb.cells.map((c, i) => ({
      id: cellId(c, i),
      index: i,
      cellType: (c.cell_type === 'markdown' || c.cell_type === 'raw' ? c.cell_type : 'code') as CellType,
      source: joinSource(c.source),
      ...(c.cell_type === 'code' ? { executionCount: c.execution_count ?? null } : {}),
      outputs: (c.outputs ?? []).map(viewOutput),
    })),
  };
}

function viewOutput(o: Record<string, unknown>): NotebookOutput {
  const type = String(o.output_type ?? '');
  if (type === 'stream') return { outputType: type, text: joinSource(o.text as string[]) };
  if (type === 'error') {
    const tb = Array.isArray(o.traceback) ? (o.traceback as string[]).join('\n') : '';
    return { outputType: type, text: `${String(o.ename)}: ${String(o.evalue)}${tb ? `\n${tb}` : ''}` };
  }
  const data = (o.data ?? {}) as Record<string, string | string[]>;
  const out: NotebookOutput = { outputType: type };
  if (data['text/plain'] !== undefined) out.text = joinSource(data['text/plain']);
  for (const mt of ['image/png', 'image/jpeg']) {
    if (typeof data[mt] === 'string') {
      out.image = { mediaType: mt, data: (data[mt] as string).replace(/\s+/g, '') };
      break;
    }
  }
  return out;
}

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

export async function editNotebook(scope: Scope, input: string, spec: NotebookEditSpec, opts: NotebookEditOptions = {}): Promise<NotebookEditResult> {
  const first = await scope.resolve(input, opts.cwd);
  if (!first.real.toLowerCase().endsWith('.ipynb')) {
    throw engineFailure('not_notebook', `${input} is not a .ipynb notebook`, { path: input }, { field: 'path' });
  }
  return withPathLocks([first.real], async () => {
    const loaded = await loadText(scope, input, { cwd: opts.cwd });
    if (!loaded.exists) throw engineFailure('file_missing', `${input} does not exist`, { path: input }, { field: 'path' });
    checkLoaded(opts.session, loaded, opts.freshness);
    throwIfAborted(opts.signal, 'notebook edit');
    const nb = parseRaw(loaded.text, input);
    const cells = nb.cells;
    const find = (id: string) => {
      const i = cells.findIndex((c, k) => cellId(c, k) === id);
      if (i === -1) throw engineFailure('cell_missing', `no cell with id ${id} in ${input}`, { path: input, cellId: id }, { field: 'cell_id' });
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
      if (!spec.cellType) throw engineFailure('cell_type_needed', 'inserting a cell needs its type (code or markdown)', {}, { field: 'cell_type' });
      index = spec.cellId ? find(spec.cellId) + 1 : 0;
      const usesIds = (nb.nbformat ?? 4) > 4 || (nb.nbformat_minor ?? 0) >= 5 || cells.some((c) => typeof c.id === 'string');
      const cell: RawCell = { cell_type: spec.cellType, ...(usesIds ? { id: randomBytes(4).toString('hex') } : {}), metadata: {}, source: splitSource(spec.newSource ?? '') };
      if (spec.cellType === 'code') Object.assign(cell, { execution_count: null, outputs: [] });
      cells.splice(index, 0, cell);
      id = cellId(cell, index);
      cellType = spec.cellType;
    } else {
      if (!spec.cellId) throw engineFailure('cell_id_needed', 'replacing a cell needs its id', {}, { field: 'cell_id' });
      index = find(spec.cellId);
      const cell = cells[index]!;
      if (spec.cellType && spec.cellType !== cell.cell_type) {
        cell.cell_type = spec.cellType;
        if (spec.cellType === 'markdown') {
          delete cell.outputs;
          delete cell.execution_count;
        }
      }
      cell.source = Array.isArray(cell.source) || cell.source === undefined ? splitSource(spec.newSource ?? '') : (spec.newSource ?? '');
      if (cell.cell_type === 'code') Object.assign(cell, { execution_count: null, outputs: [] });
      id = cellId(cell, index);
      cellType = cell.cell_type as CellType;
    }
    const text = serialise(nb, loaded.text);
    await saveText(scope, loaded.resolved, text, loaded, { mode: loaded.mode, session: opts.session, signal: opts.signal });
    const relative = scope.relative(loaded.resolved.real);
    const diff = await diffTexts(relative, toLf(loaded.text), toLf(text));
    return { path: loaded.resolved.real, relative, mode: spec.mode, cellId: id, cellType, index, totalCells: cells.length, diff };
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
