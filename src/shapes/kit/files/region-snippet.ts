// The one window of an edited file around its change (snippetAround), shown only when the
// changed region spans at most `maxRegion` lines (Qwen Code shows no snippet past that).
import type { FileDiff } from '../../../engine/index.js';
import { changedLinesOf } from './diff-note.js';
import { snippetAround } from './snippet.js';

export function regionSnippet(
  text: string,
  diff: FileDiff | undefined,
  context: number,
  maxRegion: number,
  opts: { finalEmptyLine?: boolean } = {},
) {
  const changed = changedLinesOf(diff);
  const region = changed.length
    ? changed.reduce((a, b) => Math.max(a, b)) - changed.reduce((a, b) => Math.min(a, b)) + 1
    : 0;
  return region <= maxRegion ? snippetAround(text, changed, context, opts) : undefined;
}
