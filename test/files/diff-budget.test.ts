// Diff budgets: small diffs as before, large ones in a worker with the same result, and past
// the time or size budget counts and a note instead of the diff.
import { diffNote } from '../../src/shapes/kit/files/diff-note.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeDiff, DIFF_BUDGET } from '../../src/engine/files/diff-compute.js';
import { diffTexts, MAX_DIFF_INPUT_CHARS } from '../../src/engine/files/diff.js';

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => `${f(i)}\n`).join('');

test('a small diff is the unified diff, as before', async () => {
  const d = await diffTexts('a.txt', 'one\ntwo\nthree\n', 'one\n2\nthree\n');
  assert.deepEqual(d, {
    unified: '--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n',
    hunks: [{ oldStart: 1, oldLines: 3, newStart: 1, newLines: 3, lines: [' one', '-two', '+2', ' three'] }],
    added: 1,
    removed: 1,
    changedLines: [2],
  });
});

test('a large diff made in a worker is the one made on the spot', async () => {
  const before = lines(5000, (i) => `line ${i}`);
  const after = before.replace('line 2500\n', 'line 2500 changed\n').replace('line 10\n', '');
  const d = await diffTexts('big.txt', before, after);
  assert.deepEqual(
    d,
    computeDiff({ name: 'big.txt', newName: 'big.txt', before, after, context: 3, budget: DIFF_BUDGET }),
  );
  assert.deepEqual([d.added, d.removed, d.changedLines, d.omitted], [1, 2, [2500], undefined]);
});

test('a diff over the size budget gives the exact counts and a note', async () => {
  const d = await diffTexts('a.txt', 'one\ntwo\nthree\n', 'one\n2\nthree\n', 3, 'a.txt', { bytes: 40, ms: 1000 });
  assert.deepEqual(d, {
    unified: '',
    hunks: [],
    added: 1,
    removed: 1,
    changedLines: [],
    omitted: {
      reason: 'size',
      exact: true,
      span: { oldStart: 2, oldLines: 1, newStart: 2, newLines: 1 },
      limitBytes: 40,
      limitMs: 1000,
    },
  });
  assert.equal(diffNote(d), 'Diff omitted (it would be over 40 bytes): 1 line removed, 1 line added.');
});

test('lines with no partner over the size budget: the diff is never computed, the counts are exact when nothing pairs', async () => {
  // 2000 lines each side, none alike: the diff package would need seconds for it.
  const d = await diffTexts(
    'b.txt',
    lines(2000, (i) => `old ${i}`),
    lines(2000, (i) => `new ${i}`),
    3,
    'b.txt',
    { bytes: 1024, ms: 60_000 },
  );
  assert.deepEqual(
    [d.unified, d.added, d.removed, d.omitted?.reason, d.omitted?.exact],
    ['', 2000, 2000, 'size', true],
  );
  assert.equal(diffNote(d), 'Diff omitted (it would be over 1 KiB): 2000 lines removed, 2000 lines added.');
});

test("past the time budget: at most the span's lines, on the spot and in a worker", async () => {
  const small = await diffTexts('c.txt', 'head\na\nb\nc\ntail\n', 'head\nc\nb\na\ntail\n', 3, 'c.txt', {
    bytes: 1 << 20,
    ms: 0,
  });
  assert.deepEqual(small.omitted, {
    reason: 'time',
    exact: false,
    span: { oldStart: 2, oldLines: 3, newStart: 2, newLines: 3 },
    limitBytes: 1 << 20,
    limitMs: 0,
  });
  assert.deepEqual([small.added, small.removed, small.changedLines, small.hunks], [3, 3, [], []]);
  assert.equal(
    diffNote(small),
    'Diff omitted (computing it would take over 0 ms): at most 3 lines removed and 3 lines added, within old lines 2-4 and new lines 2-4.',
  );
  const big = lines(3000, (i) => `row ${i}`);
  const moved = await diffTexts('d.txt', big, big.replace('row 7\n', '') + 'row 7\n', 3, 'd.txt', {
    bytes: 1 << 20,
    ms: 0,
  });
  assert.deepEqual(
    [moved.added, moved.removed, moved.omitted?.reason, moved.omitted?.exact, moved.omitted?.span],
    [2993, 2993, 'time', false, { oldStart: 8, oldLines: 2993, newStart: 8, newLines: 2993 }],
  );
});

test('texts too large to hand to a worker are counted, not diffed', async () => {
  const huge = 'x'.repeat(99) + '\n';
  const made = huge.repeat(Math.ceil(MAX_DIFF_INPUT_CHARS / 100) + 1);
  const n = made.length / 100;
  const created = await diffTexts('h.txt', '', made);
  assert.deepEqual(
    [created.added, created.removed, created.unified, created.omitted?.reason, created.omitted?.exact],
    [n, 0, '', 'size', true],
  );
  const changed = await diffTexts('h.txt', made, `${made}tail\n`);
  assert.deepEqual([changed.added, changed.removed, changed.omitted?.exact], [n + 1, n, false]);
  const same = await diffTexts('h.txt', made, made);
  assert.deepEqual(same, { unified: '', hunks: [], added: 0, removed: 0, changedLines: [] });
});

test('a diff that waited out its time budget behind others is not computed, and says so', async () => {
  // Diffs too costly to finish within 300 ms keep every worker busy for the whole budget (20,000
  // shuffled lines: far more work than any machine does in 300 ms, so the diffs' own timeout,
  // not the machine's speed, decides how long they hold the workers)...
  const ordered = lines(20000, (i) => `line ${i}`);
  let seed = 7;
  const shuffled = ordered.split(/(?<=\n)/);
  for (let i = shuffled.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const budget = { bytes: 1 << 20, ms: 300 };
  const slow = [1, 2, 3].map(() => diffTexts('s.txt', ordered, shuffled.join(''), 3, 's.txt', budget));
  // ...so a cheap diff queued behind them has spent its budget waiting: counts, not a diff. (Its
  // new line recurs next to it, so the diff needs the search: a change whose lines occur nowhere
  // else is built from its span, whatever the wait.)
  const big = lines(3000, (i) => `row ${i}`);
  const quick = await diffTexts('q.txt', big, big.replace('row 10\n', 'row 11\n'), 3, 'q.txt', budget);
  // (Its changed region is still found: the counts are exact.)
  assert.deepEqual([quick.unified, quick.added, quick.removed, quick.changedLines], ['', 1, 1, []]);
  assert.deepEqual(quick.omitted, {
    reason: 'time',
    exact: true,
    span: { oldStart: 11, oldLines: 1, newStart: 11, newLines: 1 },
    limitBytes: 1 << 20,
    limitMs: 300,
  });
  for (const d of await Promise.all(slow)) assert.deepEqual([d.omitted?.reason, d.omitted?.limitMs], ['time', 300]);
  // With the workers free again, the same diff is made in full.
  const again = await diffTexts('q.txt', big, big.replace('row 10\n', 'row ten\n'), 3, 'q.txt', budget);
  assert.deepEqual([again.added, again.removed, again.changedLines, again.omitted], [1, 1, [11], undefined]);
});
