// Jupyter notebooks as data: the raw JSON checked to be a notebook, and a parsed view of
// its cells for reading. Editing (notebook.ts) builds on this; reading needs only this.
import { engineFailure } from '../errors.js';

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

export interface RawCell {
  id?: string;
  cell_type: string;
  source: string | string[];
  metadata?: Record<string, unknown>;
  execution_count?: number | null;
  outputs?: Array<Record<string, unknown>>;
  [k: string]: unknown;
}

export interface RawNotebook {
  cells: RawCell[];
  nbformat?: number;
  nbformat_minor?: number;
  metadata?: { language_info?: { name?: string }; kernelspec?: { language?: string } };
  [k: string]: unknown;
}

export function parseRaw(text: string, display: string): RawNotebook {
  let nb: unknown;
  try {
    nb = JSON.parse(text);
  } catch (err) {
    throw engineFailure('invalid_notebook', `${display} is not valid notebook JSON: ${(err as Error).message}`, {
      path: display,
    });
  }
  if (!nb || typeof nb !== 'object' || !Array.isArray((nb as RawNotebook).cells)) {
    throw engineFailure('invalid_notebook', `${display} has no cells array; it is not a notebook`, { path: display });
  }
  return nb as RawNotebook;
}

const joinSource = (s: string | string[] | undefined) => (Array.isArray(s) ? s.join('') : (s ?? ''));
export const cellId = (c: RawCell, i: number) => (typeof c.id === 'string' && c.id !== '' ? c.id : `cell-${i}`);

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
  const t = o.output_type;
  // nbformat makes it a string; a malformed file's number or boolean still shows as text.
  const type = typeof t === 'string' ? t : typeof t === 'number' || typeof t === 'boolean' ? String(t) : '';
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
