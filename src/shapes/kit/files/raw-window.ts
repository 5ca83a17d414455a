// A window of raw text lines as Gemini CLI and Qwen Code show it (no line numbers; a cut line
// keeps a marker at its end): the text, the file's total when the read learnt it, whether not
// all of the file is shown, and the counts a host shows. The words around it are the shape's.
import type { HostContent } from '../../../engine/index.js';
import type { TextRead } from '../../../engine/index.js';

export interface RawWindowOptions {
  /** Appended to each cut line. */
  marker: string;
  /** Which cut marks a line: the per-line limit (maxLineChars) or the call's budget (`cut` overflow). */
  cutBy: 'line' | 'budget';
  /** Trailing blanks of each line dropped (Qwen Code). */
  trimEnd?: boolean;
  /**
   * The read did not count the file's lines (a big file read anyway): the total is known only when it reached the end
   * uncut.
   */
  uncounted?: boolean;
}

export interface RawWindow {
  /** The lines joined by "\n", each cut one ending in the marker. */
  text: string;
  /** The file's line count; undefined when the read did not learn it. */
  total?: number;
  /** Not all of the file is shown: a later window, lines after it, an unknown total, or a line cut. */
  cut: boolean;
  counts: { startLine: number; endLine: number; totalLines?: number };
}

export function rawWindow(r: TextRead, o: RawWindowOptions): RawWindow {
  const marked = o.cutBy === 'line' ? r.truncatedLines : r.budgetCutLine !== undefined ? [r.budgetCutLine] : [];
  const known = !o.uncounted || (r.stoppedBy === 'eof' && r.budgetCutLine === undefined);
  const total = known ? (r.totalLines ?? r.endLine) : undefined;
  const text = r.lines
    .map((l, i) => (o.trimEnd ? l.trimEnd() : l) + (marked.includes(r.startLine + i) ? o.marker : ''))
    .join('\n');
  return {
    text,
    total,
    cut: r.startLine > 1 || total === undefined || r.endLine < total || marked.length > 0,
    counts: { startLine: r.startLine, endLine: r.endLine, ...(total !== undefined ? { totalLines: total } : {}) },
  };
}

/**
 * What a host shows of a read shown as `w`: the file, "Read <relative>" or, when not all of it
 * is shown, the lines shown and of how many ("of at least N", marked truncated, when the total
 * is unknown), the window's counts, and whether it was cut.
 */
export function windowHost(r: TextRead, w: RawWindow): HostContent {
  const of = w.total === undefined ? `at least ${r.endLine}` : String(w.total);
  const more = w.total === undefined ? ' (truncated)' : '';
  const summary = w.cut
    ? `Read lines ${r.startLine}-${r.endLine} of ${of} from ${r.relative}${more}`
    : `Read ${r.relative}`;
  return { paths: [r.path], summary, counts: w.counts, truncated: w.cut };
}
