// The window a tool shows of a long list (entries, paths, match lines): the first `max`, and
// how many it left out, for the tool's note on the rest.
export function headOf<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  const shown = items.slice(0, max);
  return { shown, more: items.length - shown.length };
}

/**
 * The head of a list as a page a host is told of: the first `max`, how many were left out, the counts (all of them
 * under `counted`, and `shown`) and whether any was left out.
 */
export function headPage<T>(items: readonly T[], max: number, counted: string) {
  const { shown, more } = headOf(items, max);
  return { shown, more, counts: { [counted]: items.length, shown: shown.length }, truncated: more > 0 };
}
