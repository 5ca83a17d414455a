// The text layouts Anthropic's client tools answer in: `cat -n` lines (number right-aligned to
// width 6, a tab, the text), Python's list and count semantics where the reference
// implementation's messages show them, and the reference's "response clipped" note.

/** Lines numbered as `cat -n` prints them, the first numbered `first`. */
export const numbered = (lines: readonly string[], first = 1): string => lines.map((l, i) => `${String(i + first).padStart(6)}\t${l}`).join('\n');

/** The reference's view layout: a header naming what is shown, the numbered lines, a final newline. */
export const catN = (text: string, what: string, first = 1): string =>
  `Here's the result of running \`cat -n\` on ${what}:\n${numbered(text.split('\n'), first)}\n`;

/** A list of numbers as Python prints it: "[1, 11]". */
export const pyList = (v: readonly unknown[]): string => `[${v.map((x) => String(x)).join(', ')}]`;

/** Occurrences of `needle` in `text`, counted as Python's str.count does (an empty needle fits between every character). */
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

/** The note the reference puts after text it cut. */
export const CLIPPED =
  '<response clipped><NOTE>To save on context only part of this file has been shown to you. You should retry this tool after you have searched inside the file with `grep -n` in order to find the line numbers of what you are looking for.</NOTE>';

/** `text` cut to `max` characters (0: never), followed by the clipped note when cut. */
export const clip = (text: string, max: number): string => (max > 0 && text.length > max ? text.slice(0, max) + CLIPPED : text);

/** A size as `du -h` prints it: bytes below 1 KiB ("17B"), else one decimal under 10 ("4.0K", "1.5M") and whole above ("12K"). */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  const units = ['K', 'M', 'G', 'T'];
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return v < 10 ? `${v.toFixed(1)}${units[u]}` : `${Math.round(v)}${units[u]}`;
}
