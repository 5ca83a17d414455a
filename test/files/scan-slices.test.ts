// Line-ending detection and the rough diff of texts too large to diff, a slice per turn of the
// event loop: the same answers as the one-piece functions (line breaks cut at slice ends
// included), with other work run between slices.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DIFF_BUDGET, roughDiff } from '../../src/engine/files/diff-compute.js';
import { roughDiffYielding } from '../../src/engine/files/diff.js';
import { detectLineEnding, detectLineEndingYielding } from '../../src/engine/files/encoding.js';

const TEXTS = [
  '',
  'no break',
  'a\nb\n',
  'a\r\nb\r\n',
  'a\rb\r',
  'a\r\nb\nc',
  'a\rb\nc',
  'x'.repeat(50) + '\r\n',
  '\r\n\r',
];
const SLICES = [1, 2, 3, 7];

/** Runs `f` and counts the turns of the event loop other work got meanwhile. */
async function turnsDuring<T>(f: () => Promise<T>): Promise<[T, number]> {
  let turns = 0;
  let on = true;
  const tick = (): void => void (on && (turns++, setImmediate(tick)));
  setImmediate(tick);
  const out = await f();
  on = false;
  return [out, turns];
}

test('detectLineEndingYielding answers as detectLineEnding, CRLF cut at a slice end included', async () => {
  for (const text of TEXTS)
    for (const slice of SLICES)
      assert.equal(
        await detectLineEndingYielding(text, slice),
        detectLineEnding(text),
        `${JSON.stringify(text)}/${slice}`,
      );
  const [ending, turns] = await turnsDuring(() => detectLineEndingYielding('line\r\n'.repeat(100), 60));
  assert.deepEqual([ending, turns >= 9], ['crlf', true]);
});

test('roughDiffYielding answers as roughDiff, and lets other work run', async () => {
  const pairs = TEXTS.flatMap((a) => TEXTS.map((b) => [a, b] as const));
  for (const [a, b] of pairs)
    for (const slice of SLICES)
      assert.deepEqual(await roughDiffYielding(a, b, DIFF_BUDGET, slice), roughDiff(a, b, 'size', DIFF_BUDGET));
  const [diff, turns] = await turnsDuring(() =>
    roughDiffYielding('old\n'.repeat(250), 'new\n'.repeat(100), DIFF_BUDGET, 100),
  );
  assert.deepEqual([diff.removed, diff.added, turns >= 10], [250, 100, true]);
});
