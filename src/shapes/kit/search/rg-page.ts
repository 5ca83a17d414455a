// One page of ripgrep's output for a mode: content lines (rgContentLines), file names, or
// "name:N" counts of matching lines, with `offset` entries skipped and at most `limit` kept
// (0: all), and the matching lines of the files kept (for a count mode's total).
import { rgContentLines, type RgTextOptions } from './rg-text.js';
import { pageOf } from '../text/capped.js';
import type { GrepFile, GrepMode } from '../../../engine/index.js';

export interface RgPage {
  entries: string[];
  /** The offset after the page, when entries remain past it. */
  next?: number;
  /** Matching lines in the files of a files or count page. */
  matchLines: number;
}

export function rgPage(
  files: readonly GrepFile[],
  mode: GrepMode,
  o: RgTextOptions & { offset: number; limit: number },
): RgPage {
  if (mode === 'content') {
    const { page, next } = pageOf(rgContentLines(files, o), o.offset, o.limit);
    return { entries: page, next, matchLines: 0 };
  }
  const { page, next } = pageOf(files, o.offset, o.limit);
  const entries = page.map((f) => (mode === 'count' ? `${o.name(f, 'match')}:${f.matchLines}` : o.name(f, 'match')));
  return { entries, next, matchLines: page.reduce((n, f) => n + f.matchLines, 0) };
}
