// A notebook listed as plain text for a model (core fs.read): a header line, then each cell and its outputs under
// "--- ... ---" lines, with output images apart; cut at a cell boundary when over budget.
import { outputImages } from './notebook-images.js';
import type { NotebookView } from '../../../engine/index.js';

export interface NotebookListing {
  /** The header and the cells that fit, joined by newlines. */
  text: string;
  /** Output images of the cells shown, in order. */
  images: Array<{ mediaType: string; data: Buffer }>;
  /** Cells shown (the rest did not fit in maxBytes). */
  shown: number;
}

/** `name` (the notebook's path as shown) and its cells as text, within `maxBytes` bytes. */
export function notebookListing(name: string, nb: NotebookView, maxBytes: number): NotebookListing {
  const n = nb.cells.length;
  const header = `Notebook ${name}: ${n} cell${n === 1 ? '' : 's'}${nb.language ? `, ${nb.language}` : ''}, nbformat ${nb.nbformat}.${nb.nbformatMinor}`;
  const parts = [header];
  const images: NotebookListing['images'] = [];
  let used = Buffer.byteLength(header);
  let shown = 0;
  for (const c of nb.cells) {
    const run = c.cellType === 'code' && c.executionCount != null ? `, run ${c.executionCount}` : '';
    const lines = [`--- cell ${c.id} (${c.cellType}${run}) ---`, c.source];
    for (const o of c.outputs) {
      lines.push(`--- output of ${c.id} (${o.outputType}${o.image ? `, ${o.image.mediaType} attached` : ''}) ---`);
      if (o.text !== undefined && o.text !== '') lines.push(o.text.replace(/\n$/, ''));
    }
    const text = lines.join('\n');
    const cost = Buffer.byteLength(text) + 1;
    if (used + cost > maxBytes) break;
    used += cost;
    parts.push(text);
    images.push(...outputImages(c));
    shown++;
  }
  return { text: parts.join('\n'), images, shown };
}
