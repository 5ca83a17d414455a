// Lines of context around a match from grep-style arguments (-B, -A, -C): a side's own count
// wins over the count for both sides, as in grep and ripgrep.

/** Context before and after each match: each side's own count, else `both`, else `fallback`. */
export const contextSides = (
  before: number | null | undefined,
  after: number | null | undefined,
  both: number | null | undefined,
  fallback?: number,
) => ({
  before: before ?? both ?? fallback,
  after: after ?? both ?? fallback,
});
