// Lines numbered as tools show them ("12<TAB>text", "12: text"), from a first line number.

/** `lines` numbered from `first`, each as number, `sep`, text; joined with newlines. */
export const numberedLines = (lines: readonly string[], first: number, sep: string): string => lines.map((l, i) => `${first + i}${sep}${l}`).join('\n');
