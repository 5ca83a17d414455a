// A look at a text file as a viewing tool takes it: its first lines and how many more there
// are, or the lines start..end (1-based, inclusive) when both ends are given, a range held to
// a budget of bytes. Anything but text is not_text.
import { requireAtLeast } from '../args/arg-checks.js';
import { engineFailure } from '../../../engine/index.js';
import type { HostContent } from '../../../engine/index.js';
import type { ReadOptions, ReadResult } from '../../../engine/index.js';

export interface LineView {
  /** Both ends were given; otherwise the head of the file is shown. */
  ranged: boolean;
  start: number;
  end: number;
  /** The lines shown (none for a range that ends before it starts). */
  lines: string[];
  /** Lines of the file after the head (0 for a range). */
  more: number;
  /** A range stopped at its budget before its end. */
  cut: boolean;
  facts: HostContent;
}

type Reader = (o: Pick<ReadOptions, 'start' | 'limit' | 'countTotal' | 'budget'>) => Promise<ReadResult>;

/** How a tool views files: the arguments naming the file and the range's start, the head's lines, a range's budget. */
export interface LineViewOptions {
  field: string;
  startField: string;
  head: number;
  rangeBytes: number;
}

/**
 * Reads `file` through `read`: lines `start`..`end` (fractions dropped; a start below 1 is
 * invalid_argument on `startField`) when both are given and not 0, else the first `head` lines
 * with the file's total counted.
 */
export async function lineView(
  read: Reader,
  file: string,
  o: LineViewOptions & { start?: number; end?: number },
): Promise<LineView> {
  const ranged = Boolean(o.start) && Boolean(o.end);
  const [start, end] = ranged ? [Math.trunc(o.start!), Math.trunc(o.end!)] : [1, o.head];
  requireAtLeast(start, 1, o.startField, o.start);
  const budget = ranged ? ({ unit: 'bytes', max: o.rangeBytes, overflow: 'exclude' } as const) : undefined;
  const r = await read({ start, limit: Math.max(1, end - start + 1), countTotal: !ranged, budget });
  if (r.kind !== 'text')
    throw engineFailure('not_text', `${file} is not a text file`, { path: file, size: r.size }, { field: o.field });
  const lines = end < start ? [] : r.lines;
  if (!ranged) {
    const facts = { paths: [r.path], counts: { lines: lines.length, totalLines: r.totalLines ?? 0 } };
    return { ranged, start, end, lines, more: (r.totalLines ?? 0) - lines.length, cut: false, facts };
  }
  const cut = r.stoppedBy === 'budget';
  return {
    ranged,
    start,
    end,
    lines,
    more: 0,
    cut,
    facts: { paths: [r.path], counts: { lines: lines.length }, truncated: cut },
  };
}
