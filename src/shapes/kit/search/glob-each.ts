// A glob run in each of several bases (Qwen Code's glob over every workspace directory): a file
// under two bases that hold one another is listed once, and several bases merge recent-first.
import type { GlobEntry, GlobResult } from '../../../engine/index.js';
import { recentFirst } from '../../../engine/index.js';

/** `run` in each base; the entries (each path once) and each base's real path. */
export async function globEach(
  bases: readonly string[],
  run: (base: string) => Promise<GlobResult>,
): Promise<{ entries: GlobEntry[]; bases: string[] }> {
  const found = await Promise.all(bases.map(run));
  const unique = [...new Map(found.flatMap((f) => f.entries).map((e) => [e.path, e])).values()];
  return { entries: bases.length > 1 ? recentFirst(unique) : unique, bases: found.map((f) => f.base) };
}
