// Text cut to its head: the first lines, then at most so many characters, with a note after
// each cut (Anthropic's bash tool shows a command's output so).

/**
 * The first `maxLines` lines of `text` (cut there too when `cut` says the text is already partial), then at most
 * `maxChars` characters; `note` follows each cut.
 */
export function headCut(
  text: string,
  o: { maxLines: number; maxChars: number; note: string; cut?: boolean },
): { text: string; truncated: boolean } {
  const lines = text.split('\n');
  let out = text;
  let truncated = false;
  if (lines.length > o.maxLines || o.cut) {
    out = `${lines.slice(0, o.maxLines).join('\n')}${o.note}`;
    truncated = true;
  }
  if (out.length > o.maxChars) {
    out = `${out.slice(0, o.maxChars)}${o.note}`;
    truncated = true;
  }
  return { text: out, truncated };
}
