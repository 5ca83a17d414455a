// Fitting text into a model's budget: whole lines while they fit a character budget, and an
// over-long output cut to its head and tail. Counted in UTF-16 code units, as JavaScript
// hosts (Gemini CLI, Qwen Code) count them.

/**
 * The lines that fit `maxChars` (line breaks between them counted); the line that crosses the
 * budget is cut to what is left (at least `minCut` characters) and ends in `mark`.
 */
export function fitLines(
  lines: readonly string[],
  maxChars: number,
  minCut = 10,
  mark = '...',
): { shown: string[]; cut: boolean } {
  const shown: string[] = [];
  let used = 0;
  for (const line of lines) {
    const sep = shown.length > 0 ? 1 : 0;
    if (used + sep + line.length > maxChars) {
      shown.push(line.slice(0, Math.max(maxChars - used - sep, minCut)) + mark);
      return { shown, cut: true };
    }
    shown.push(line);
    used += sep + line.length;
  }
  return { shown, cut: false };
}

/**
 * `text` over `maxChars` or `maxLines` (or `force`d) as its head and tail: `headShare` of the
 * lines when there are too many lines, else of the characters, then both cut again to the
 * character budget. Undefined when the text fits.
 */
export function headTailSplit(
  text: string,
  maxChars: number,
  maxLines: number,
  headShare: number,
  force = false,
): { head: string; tail: string } | undefined {
  const lines = text.split('\n');
  if (text.length <= maxChars && lines.length <= maxLines && !force) return undefined;
  const headChars = Math.floor(maxChars * headShare);
  const headLines = Math.floor(maxLines * headShare);
  let head: string;
  let tail: string;
  if (lines.length > maxLines) {
    head = lines.slice(0, headLines).join('\n');
    tail = lines.slice(-(maxLines - headLines)).join('\n');
  } else {
    head = text.slice(0, headChars);
    tail = text.slice(-(maxChars - headChars));
  }
  if (head.length + tail.length > maxChars) {
    head = head.slice(0, headChars);
    tail = tail.slice(-(maxChars - headChars));
  }
  return { head, tail };
}
