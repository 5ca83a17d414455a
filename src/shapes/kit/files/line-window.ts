// A read's window of lines: from a 1-based inclusive range to the read's start and count, a
// start past the end of the file told apart from an empty window, and what a text read shows
// (its total, and whether not all of the file is shown: a later window or cut lines).
import { rawWindow } from './raw-window.js';
import type { TextRead } from '../../../engine/index.js';

/** The first line and the number of lines of the range start..end (`max` lines when no end is given). */
export function lineWindow(
  start: number | undefined,
  end: number | undefined,
  max: number,
): { start: number; limit: number } {
  const first = start ?? 1;
  return { start: first, limit: end !== undefined ? end - first + 1 : max };
}

/** The file's line count when a text read from `start` (past line 1) found no line there; else undefined. */
export function pastEnd(r: { kind: string }, start: number): number | undefined {
  if (r.kind !== 'text') return undefined;
  const t = r as TextRead;
  const total = t.totalLines ?? t.endLine;
  return t.lines.length === 0 && start > 1 && start > total ? total : undefined;
}

/** A text read's total lines, and whether it shows less than the whole file (a window, or lines cut). */
export function textWindow(r: TextRead): { total: number; cut: boolean } {
  const { total, cut } = rawWindow(r, { marker: '', cutBy: 'line' });
  return { total: total!, cut };
}
