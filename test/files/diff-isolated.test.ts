// A change whose lines occur nowhere else gets its hunk built from the span, without the diff
// package's search: it must be the very hunk the package finds, for every context size.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { structuredPatch } from 'diff';
import { changedRegion, computeDiff, DIFF_BUDGET, isolatedHunks } from '../../src/engine/files/diff-compute.js';

/** The hunks as the package makes them, with its "no newline" markers dropped (as computeDiff does). */
function packageHunks(before: string, after: string, context: number) {
  return structuredPatch('a/f', 'b/f', before, after, '', '', { context }).hunks.map((h) => ({
    oldStart: h.oldStart,
    oldLines: h.oldLines,
    newStart: h.newStart,
    newLines: h.newLines,
    lines: h.lines.filter((l) => !l.startsWith('\\')),
  }));
}

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('built hunks are the diff package’s, over 20,000 random edits, and the search is skipped in most', () => {
  const next = random(38);
  const pick = (n: number) => Math.floor(next() * n);
  let built = 0;
  let searched = 0;
  for (let i = 0; i < 20_000; i++) {
    // Few distinct lines, so that changed lines often recur elsewhere (the case left to the package).
    const alphabet = 2 + pick(12);
    const line = () => `l${pick(alphabet)}\n`;
    const old = Array.from({ length: pick(12) }, line);
    const edited = [...old];
    const at = pick(old.length + 1);
    edited.splice(at, pick(4), ...Array.from({ length: pick(4) }, () => `n${pick(alphabet)}\n`));
    let before = old.join('');
    let after = edited.join('');
    if (next() < 0.25) before = before.replace(/\n$/, '');
    if (next() < 0.25) after = after.replace(/\n$/, '');
    const context = [0, 1, 3][pick(3)]!;
    const hunks = isolatedHunks(changedRegion(before, after), context, before, after);
    if (hunks === undefined) {
      searched++;
      continue;
    }
    built++;
    assert.deepEqual(hunks, packageHunks(before, after, context), JSON.stringify({ before, after, context }));
  }
  assert.ok(built > 10_000, `built ${built}`);
  assert.ok(searched > 1_000, `searched ${searched}`);
});

test('a one-line edit in a file is built, and is the unified diff as before', () => {
  const before = 'export function add(a: number, b: number): number {\n  return a + b; // alpha\n}\n';
  const after = before.replace('alpha', 'beta');
  assert.deepEqual(isolatedHunks(changedRegion(before, after), 3, before, after), packageHunks(before, after, 3));
  assert.deepEqual(computeDiff({ name: 'f', newName: 'f', before, after, context: 3, budget: DIFF_BUDGET }), {
    unified:
      '--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n export function add(a: number, b: number): number {\n' +
      '-  return a + b; // alpha\n+  return a + b; // beta\n }\n',
    hunks: packageHunks(before, after, 3),
    added: 1,
    removed: 1,
    changedLines: [2],
  });
});

test('changed lines that recur, CR line ends and no change are left to the package or empty', () => {
  const recurs = ['}\n', 'a\n', '}\n'];
  const before = recurs.join('');
  const after = 'a\n}\n';
  assert.equal(isolatedHunks(changedRegion(before, after), 3, before, after), undefined);
  assert.equal(isolatedHunks(changedRegion('a\r\nb\r\n', 'a\r\nc\r\n'), 3, 'a\r\nb\r\n', 'a\r\nc\r\n'), undefined);
  assert.deepEqual(isolatedHunks(changedRegion('same\n', 'same\n'), 3, 'same\n', 'same\n'), []);
  // Both ways give the package's diff.
  for (const [b, a] of [
    [before, after],
    ['a\r\nb\r\n', 'a\r\nc\r\n'],
  ] as const) {
    assert.deepEqual(
      computeDiff({ name: 'f', newName: 'f', before: b, after: a, context: 3, budget: DIFF_BUDGET }).hunks,
      packageHunks(b, a, 3),
    );
  }
});
