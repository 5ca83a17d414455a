// A parsed notebook as plain text for a model (the form Qwen Code's read_file gives): a header
// naming the language and the cell count, then each cell under a "--- <Kind> Cell <id> ---"
// line (code in a fenced block with its execution count, then its text outputs), the whole
// bounded to 100000 characters with a note of the cells left out.
import type { NotebookCell, NotebookView } from '../../../engine/index.js';

/** The bound on the whole rendering, and on one cell's combined outputs. */
export const MAX_NOTEBOOK_CHARS = 100_000;
const MAX_CELL_OUTPUT_CHARS = 10_000;

// Terminal colour codes in tracebacks and streams are noise to a model.
const ANSI = /\x1B(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1B]*(?:\x07|\x1B\\)|[P_^X][^\x1B]*\x1B\\|[@-Z\\-_])/g;

function outputText(o: NotebookCell['outputs'][number]): string {
  if (o.text !== undefined) return o.text.replace(ANSI, '');
  if (o.image) return `[non-text output: ${o.image.mediaType}]`;
  return '';
}

function cellText(cell: NotebookCell, language: string): string {
  if (cell.cellType === 'markdown') return `--- Markdown Cell ${cell.id} ---\n${cell.source}`;
  if (cell.cellType === 'raw') return `--- Raw Cell ${cell.id} ---\n${cell.source}`;
  const count = cell.executionCount != null ? ` [${cell.executionCount}]` : '';
  const parts = [`--- Code Cell ${cell.id}${count} ---`, '```' + language, cell.source, '```'];
  let outputs = cell.outputs
    .map(outputText)
    .filter((t) => t.length > 0)
    .join('\n');
  if (outputs.length > MAX_CELL_OUTPUT_CHARS) {
    outputs = `${outputs.slice(0, MAX_CELL_OUTPUT_CHARS)}\n... [output truncated, total ${outputs.length} chars. Use shell: cat <notebook_path> | jq '.cells[${cell.index}].outputs']`;
  }
  if (outputs) parts.push('Output:', outputs);
  return parts.join('\n');
}

/** The model text of a notebook, and whether cells were left out. */
export function notebookText(nb: NotebookView): { text: string; truncated: boolean } {
  if (nb.cells.length === 0) return { text: '(empty notebook)', truncated: false };
  const language = nb.language ?? 'python';
  const header = `Jupyter Notebook (${language}, ${nb.cells.length} cells)`;
  const out: string[] = [];
  let total = header.length;
  for (const cell of nb.cells) {
    const text = cellText(cell, language);
    total += text.length + 2;
    if (total > MAX_NOTEBOOK_CHARS) {
      const left = nb.cells.length - cell.index;
      out.push(
        `... [${left} remaining cells truncated, total ${nb.cells.length} cells. Use shell to inspect: cat <path> | jq '.cells[${cell.index}:]']`,
      );
      return { text: `${header}\n\n${out.join('\n\n')}`, truncated: true };
    }
    out.push(text);
  }
  return { text: `${header}\n\n${out.join('\n\n')}`, truncated: false };
}
