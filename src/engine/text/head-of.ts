// The window a tool shows of a long list (entries, paths, match lines): the first `max`, and
// how many it left out, for the tool's note on the rest.
export function headOf<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  const shown = items.slice(0, max);
  return { shown, more: items.length - shown.length };
}
