// Recent-first order (a glob whose newest files come first): files changed within a window (a day)
// first, newest first, then the rest by path.

export function recentFirst<T extends { path: string; mtimeMs?: number }>(
  entries: T[],
  now = Date.now(),
  windowMs = 24 * 60 * 60 * 1000,
  byPath: (a: string, b: string) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0),
): T[] {
  const recent = (e: T) => e.mtimeMs !== undefined && now - e.mtimeMs < windowMs;
  return [...entries].sort((a, b) => {
    const ra = recent(a);
    const rb = recent(b);
    if (ra && rb) return b.mtimeMs! - a.mtimeMs! || a.path.localeCompare(b.path);
    if (ra !== rb) return ra ? -1 : 1;
    return byPath(a.path, b.path);
  });
}
