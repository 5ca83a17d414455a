// An edit's time bound: a replace-all of a short string in a big file (millions of matches) or
// a search that cannot finish answers TIMEOUT in band within the edit's limit and changes nothing,
// on the event loop (small files) and in the worker (big files); the call's own signal stops a
// worker's edit too. The limits here are tiny so that the outcome, not the time, is asserted.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { applyOne } from '../../src/engine/files/edit-compute.js';
import { editFile } from '../../src/engine/files/edit.js';
import { fixture } from './fixture.js';

async function failure(fn: () => Promise<unknown>): Promise<{ kind: string; message: string; facts: object }> {
  try {
    await fn();
  } catch (err) {
    return err as { kind: string; message: string; facts: object };
  }
  assert.fail('expected a failure');
}

const xs = (lines: number) => `${'x'.repeat(79)}\n`.repeat(lines);

test('a replace-all past its time limit answers timed_out and leaves the file as it was', async () => {
  const f = fixture();
  try {
    // 80 KB: inline, on the event loop; 2.4 MB: in the worker.
    for (const [name, text] of [
      ['small.txt', xs(1000)],
      ['big.txt', xs(30_000)],
    ] as const) {
      const p = f.file(name, text);
      const e = await failure(() =>
        editFile(f.scope, name, [{ oldString: 'x', newString: 'y', occurrences: 'all' }], { timeLimitMs: 0 }),
      );
      assert.deepEqual(
        [e.kind, e.message, e.facts],
        [
          'timeout',
          'the search for the text to replace ran out of time; nothing was changed',
          { condition: 'timed_out' },
        ],
      );
      assert.equal(readFileSync(p, 'utf8'), text);
    }
  } finally {
    f.cleanup();
  }
});

test("a big file's edit whose call deadline passed answers timed_out, not the worker's result", async () => {
  const f = fixture();
  try {
    const p = f.file('big.txt', xs(30_000));
    const ac = new AbortController();
    ac.abort(new DOMException('the call deadline passed', 'TimeoutError'));
    const e = await failure(() =>
      editFile(f.scope, 'big.txt', [{ oldString: 'x', newString: 'y', occurrences: 'all' }], { signal: ac.signal }),
    );
    assert.deepEqual([e.kind, e.facts], ['timeout', { condition: 'timed_out' }]);
    assert.equal(readFileSync(p, 'utf8'), xs(30_000));
  } finally {
    f.cleanup();
  }
});

test('replace-all line numbers are counted in one pass: every match, first and last line right', () => {
  // 200,000 one-character matches: counting each match's line from the start of the text held
  // the event loop for about a minute.
  const text = `${'ab\n'.repeat(100_000)}end`;
  const r = applyOne(text, 'a', 'A', 'all', 0, {});
  assert.equal(r.text, `${'Ab\n'.repeat(100_000)}end`);
  assert.equal(r.outcome.replacements, 100_000);
  assert.deepEqual(r.outcome.lines![0], [1, 1]);
  assert.deepEqual(r.outcome.lines![99_999], [100_000, 100_000]);
  // Multi-line needles and a match taking its line's break: the end line is the last text line.
  const m = applyOne('a\nb\nc\na\nb\nc\n', 'b\nc\n', 'B\n', 'all', 0, {});
  assert.deepEqual(m.outcome.lines, [
    [2, 3],
    [5, 6],
  ]);
  assert.equal(m.text, 'a\nB\na\nB\n');
});
