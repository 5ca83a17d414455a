// The text layouts Anthropic's client tools answer in: `cat -n` lines (number right-aligned to
// width 6, a tab, the text), Python's lists where the reference implementation's messages
// show them, and the reference's "response clipped" note.
import { numberedLines } from '../kit/text/numbered.js';

/** Lines numbered as `cat -n` prints them, the first numbered `first`. */
export const numbered = (lines: readonly string[], first = 1): string =>
  numberedLines(lines, first, '\t', { width: 6 });

/** The reference's view layout: a header naming what is shown, the numbered lines, a final newline. */
export const catN = (text: string, what: string, first = 1): string =>
  `Here's the result of running \`cat -n\` on ${what}:\n${numbered(text.split('\n'), first)}\n`;

/** A list of numbers as Python prints it: "[1, 11]". */
export const pyList = (v: readonly unknown[]): string => `[${v.map((x) => String(x)).join(', ')}]`;

/** The note the reference puts after text it cut. */
const CLIPPED =
  '<response clipped><NOTE>To save on context only part of this file has been shown to you. You should retry this tool after you have searched inside the file with `grep -n` in order to find the line numbers of what you are looking for.</NOTE>';

/** `text` cut to `max` characters (0: never), followed by the clipped note when cut. */
export const clip = (text: string, max: number): string =>
  max > 0 && text.length > max ? text.slice(0, max) + CLIPPED : text;
