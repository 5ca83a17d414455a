// The lines of a changed file to show around the change: either one window (snippetAround)
// or every changed line with context, overlapping windows merged and "..." for the gaps
// (changeSnippet).
import type { FileDiff } from '../../../engine/index.js';

/**
 * The changed lines of the new text with `context` lines around each change, overlapping
 * windows merged, and a "..." line wherever lines are left out. A file that was empty or new
 * (`hadContent` false) or has no diff is shown whole.
 */
export function changeSnippet(hadContent: boolean, after: string, diff: FileDiff | undefined, context = 5): string {
  if (!hadContent || !diff) return after;
  const lines = after.split(/\r?\n/);
  // 0-based [start, end) spans of the new text: each added line, and a point where lines went.
  const spans: Array<[number, number]> = [];
  for (const h of diff.hunks) {
    let n = h.newStart - 1;
    if (h.newLines === 0) n = h.newStart; // a hunk that only removes names the line before the gap
    for (const l of h.lines) {
      if (l.startsWith('+')) {
        spans.push([n, n + 1]);
        n++;
      } else if (l.startsWith('-')) spans.push([n, n]);
      else n++;
    }
  }
  // A diff left out for its size names only the changed span: show around that.
  const o = diff.omitted?.span;
  if (spans.length === 0 && o) spans.push([o.newStart - 1, o.newStart - 1 + o.newLines]);
  if (spans.length === 0) return after;
  const windows = spans
    .map(([a, b]) => [Math.max(0, a - context), Math.min(lines.length, b + context)] as [number, number])
    .sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const w of windows) {
    const last = merged[merged.length - 1];
    if (last && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
    else merged.push([...w]);
  }
  const out: string[] = [];
  let end = 0;
  for (const [a, b] of merged) {
    if (a > end) out.push('...');
    out.push(lines.slice(a, b).join('\n'));
    end = b;
  }
  if (end < lines.length) out.push('...');
  return out.join('\n');
}

/**
 * Lines from..to (1-based, inclusive) of an LF text around the changed lines, for edit snippets.
 * With `finalEmptyLine` a text ending in a line break has one more, empty, line (lines counted
 * as String.split does, so "a\nb\n" has 3 there and 2 otherwise).
 */
export function snippetAround(
  text: string,
  changed: readonly number[],
  context: number,
  opts: { finalEmptyLine?: boolean } = {},
): { start: number; end: number; total: number; text: string } {
  const lines = text.endsWith('\n') && !opts.finalEmptyLine ? text.slice(0, -1).split('\n') : text.split('\n');
  const total = text === '' ? 0 : lines.length;
  if (total === 0) return { start: 0, end: 0, total, text: '' };
  // A loop, not Math.min(...changed): tens of thousands of arguments overflow the stack.
  const first = changed.length ? changed.reduce((a, b) => Math.min(a, b)) : 1;
  const last = changed.length ? changed.reduce((a, b) => Math.max(a, b)) : 1;
  const start = Math.max(1, first - context);
  const end = Math.min(total, Math.max(last, first) + context);
  return { start, end, total, text: lines.slice(start - 1, end).join('\n') };
}
