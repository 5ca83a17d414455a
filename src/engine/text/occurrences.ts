// One text's occurrences of another, counted as Python's str.count counts them (the editors
// and the memory tool word their refusals from these counts), a unique occurrence
// replaced, lines inserted, and the window of lines around a change.

/**
 * Occurrences of `needle` in `text`, as Python's str.count counts them (an empty needle fits between every character).
 */
export function countOf(text: string, needle: string): number {
  if (needle === '') return text.length + 1;
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** The 1-based lines on which each occurrence of `needle` starts (each line once). */
export function linesOf(text: string, needle: string): number[] {
  const out: number[] = [];
  if (needle === '') return out;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
    const line = text.slice(0, at).split('\n').length;
    if (out[out.length - 1] !== line) out.push(line);
  }
  return out;
}

/** `text` with the first occurrence of `old` replaced by `next`, and the 1-based line where the change starts. */
export function replaceFirst(text: string, old: string, next: string): { text: string; line: number } {
  const at = text.indexOf(old);
  return { text: text.slice(0, at) + next + text.slice(at + old.length), line: text.slice(0, at).split('\n').length };
}

/** `lines` with `added` after line `k` (0: before the first). */
export const insertLines = (lines: readonly string[], k: number, added: readonly string[]): string[] => [
  ...lines.slice(0, k),
  ...added,
  ...lines.slice(k),
];

/**
 * The lines `count` lines from 1-based `line` on, with `context` lines either side (clamped), and the number of the
 * first.
 */
export function linesAround(
  lines: readonly string[],
  line: number,
  count: number,
  context: number,
): { first: number; lines: string[] } {
  const first = Math.max(1, line - context);
  return { first, lines: lines.slice(first - 1, line + count - 1 + context) };
}
