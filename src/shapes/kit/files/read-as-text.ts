// A notebook, or chosen pages of a PDF, read as text for a model (Qwen Code's read_file): the
// read made (with the PDF's page texts), then turned into text; undefined when the file is not
// of that kind.
import type { Session } from '../../../engine/index.js';
import { notebookText } from './notebook-text.js';
import type { ReadResult } from '../../../engine/index.js';

/**
 * A notebook read as its cells' text; a cut rendering is then not a full read of it (no unchanged-file answer later).
 */
export function notebookAsText(r: ReadResult, session: Session) {
  if (r.kind !== 'notebook') return undefined;
  const nb = notebookText(r.notebook);
  if (nb.truncated) session.reads.delete(r.path);
  return { ...nb, path: r.path, relative: r.relative, cells: r.notebook.cells.length };
}

/**
 * The text of pages first..last of a PDF read with those `pdfPages` as text (the read extracted
 * it), and the last page it has of them (`last`: fewer when the PDF ends sooner).
 */
export function pdfPagesAsText(r: ReadResult, range: { first: number; last: number }) {
  if (r.kind !== 'pdf') return undefined;
  if (r.prepFailure !== undefined) throw r.prepFailure;
  const pages = r.pageTexts ?? [];
  return { pages, last: range.first + pages.length - 1, path: r.path, relative: r.relative, size: r.size };
}
