// A directory's entries as find(1) prints them: the directory, then each entry's path, a
// directory's contents right after it (path segments compared by code unit, shorter first).
import type { ListEntry } from '../../../engine/index.js';

export function findListing(base: string, entries: readonly ListEntry[]): string {
  const shown = base.length > 1 ? base.replace(/\/+$/, '') : base;
  const sorted = [...entries].sort((a, b) => {
    const x = a.relative.split('/');
    const y = b.relative.split('/');
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return x.length - y.length;
  });
  return [shown, ...sorted.map((e) => (shown.endsWith('/') ? shown : `${shown}/`) + e.relative)].join('\n');
}
