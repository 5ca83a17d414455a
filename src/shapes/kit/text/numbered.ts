// Lines numbered as tools show them ("12<TAB>text", "12: text", cat -n's "    12<TAB>text"),
// from a first line number.

/**
 * `lines` numbered from `first`, each as number (right-aligned in `o.width` columns), `sep`, text; joined with `o.join`
 * (default newlines).
 */
export const numberedLines = (
  lines: readonly string[],
  first: number,
  sep: string,
  o: { width?: number; join?: string } = {},
): string => lines.map((l, i) => `${String(first + i).padStart(o.width ?? 0)}${sep}${l}`).join(o.join ?? '\n');

/** `items` as a numbered list, "1. " before the first: each item's line as `line` words it (given its index). */
export const numberedList = <T>(items: readonly T[], line: (x: T, i: number) => string): string[] =>
  items.map((x, i) => `${i + 1}. ${line(x, i)}`);
