// What a change did: a unified diff, its hunks, and the changed line numbers of the new text.
// The diff never holds up the event loop: small texts are diffed on the spot (a millisecond at
// most), the rest in a worker thread, and each diff has a time and size budget past which only
// counts are given (see diff-compute.ts).
import { computeDiff, countLines, DIFF_BUDGET, roughDiff, type DiffBudget, type FileDiff } from './diff-compute.js';
import { CODEC_SLICE } from './encoding.js';
import { diffPool } from './diff-pool.js';

export type { DiffBudget, DiffHunk, DiffOmission, DiffSpan, FileDiff } from './diff-compute.js';
export { DIFF_BUDGET } from './diff-compute.js';

/**
 * Diffed on the calling thread: up to this many lines in both texts together. The diff's
 * cost grows with lines × changed lines; 200 all-changed lines take about a millisecond.
 */
const INLINE_LINES = 200;
const INLINE_CHARS = 16 * 1024;
/**
 * Texts above this many characters together are not diffed at all: handing them to a worker
 * copies them on the event loop (tens of milliseconds at 100 MB), and their diff would be over
 * the size budget unless almost nothing changed.
 */
export const MAX_DIFF_INPUT_CHARS = 8 * 1024 * 1024;

/**
 * Diffs two texts (LF line endings expected); `name` labels the ---/+++ lines as a/<name>, b/<name>
 * (`newName` labels the +++ line of a file that moved). Never fails: past the budget the
 * result has counts and `omitted`.
 */
export async function diffTexts(
  name: string,
  before: string,
  after: string,
  context = 3,
  newName = name,
  budget: DiffBudget = DIFF_BUDGET,
): Promise<FileDiff> {
  const job = { name, newName, before, after, context, budget };
  const chars = before.length + after.length;
  if (chars <= INLINE_CHARS && countLines(before) + countLines(after) <= INLINE_LINES) return computeDiff(job);
  if (chars > MAX_DIFF_INPUT_CHARS) return roughDiffYielding(before, after, budget);
  return diffPool.run(job);
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * roughDiff of texts too large to diff, compared and counted a slice per turn of the event loop:
 * 2 × 20 MB in one piece held the loop for tens of milliseconds.
 */
export async function roughDiffYielding(
  before: string,
  after: string,
  budget: DiffBudget,
  slice = CODEC_SLICE,
): Promise<FileDiff> {
  let same = before.length === after.length;
  for (let at = 0; same && at < before.length; at += slice) {
    same = before.slice(at, at + slice) === after.slice(at, at + slice);
    await turn();
  }
  if (same) return roughDiff('', '', 'size', budget);
  const lines = async (s: string): Promise<number> => {
    let n = 0;
    // Each search goes on from the last newline found, so the text is scanned once.
    for (let at = slice, i = s.indexOf('\n'); i !== -1; at += slice) {
      for (; i !== -1 && i < at; i = s.indexOf('\n', i + 1)) n++;
      await turn();
    }
    return n + (s === '' || s.endsWith('\n') ? 0 : 1);
  };
  return roughDiff(before, after, 'size', budget, { oldLines: await lines(before), newLines: await lines(after) });
}
