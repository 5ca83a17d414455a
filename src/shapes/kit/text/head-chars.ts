// The head of a text counted in characters (code points), as budgets in characters count them.

/** The first `budget` characters (code points) of `s`, and how many were kept. */
export function headChars(s: string, budget: number): { text: string; used: number } {
  if (budget <= 0) return { text: '', used: 0 };
  // Fast path: even counted as UTF-16 units it fits.
  if (s.length <= budget) return { text: s, used: [...s].length };
  const chars = [...s];
  if (chars.length <= budget) return { text: s, used: chars.length };
  return { text: chars.slice(0, budget).join(''), used: budget };
}
