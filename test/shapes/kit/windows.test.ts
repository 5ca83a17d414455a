// The kit's windows over lists, grep matches and reads that Gemini's and Qwen's tools put
// their words around: the head of a list and what it left out, flat match lines fitted to a
// budget, a grep retried with context around a few matches, a read's line range and window.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { headOf } from '../../../src/shapes/kit/text/head-of.js';
import { lineWindow, pastEnd, textWindow } from '../../../src/shapes/kit/files/line-window.js';
import { fitFirst, matchLines } from '../../../src/shapes/kit/search/match-lines.js';
import { withAutoContext } from '../../../src/shapes/kit/search/auto-context.js';
import type { GrepResult, TextRead } from '../../../src/engine/index.js';

test('headOf keeps the first items and counts the rest', () => {
  assert.deepEqual(headOf([1, 2, 3, 4], 3), { shown: [1, 2, 3], more: 1 });
  assert.deepEqual(headOf(['a'], 3), { shown: ['a'], more: 0 });
});

const grep = (files: Array<{ path: string; lines: Array<[number, string, 'match' | 'context']> }>, total = 0) =>
  ({
    files: files.map((f) => ({ path: f.path, lines: f.lines.map(([line, text, kind]) => ({ line, text, kind })) })),
    totalMatchLines: total,
  }) as unknown as GrepResult;

test('matchLines lists each file once and only its match lines', () => {
  const a = {
    path: '/w/a.ts',
    lines: [
      [1, 'x', 'match'],
      [2, 'ctx', 'context'],
      [3, 'y', 'match'],
    ] as Array<[number, string, 'match' | 'context']>,
  };
  const r = matchLines(grep([a, a, { path: '/w/b.ts', lines: [[7, 'z', 'match']] }]));
  assert.deepEqual(r.lines, ['/w/a.ts:1:x', '/w/a.ts:3:y', '/w/b.ts:7:z']);
  assert.deepEqual(
    r.files.map((f) => f.path),
    ['/w/a.ts', '/w/b.ts'],
  );
});

test('fitFirst cuts the line that crosses the budget and counts it among the dropped', () => {
  assert.deepEqual(fitFirst(['aaaa', 'bbbb', 'cccc'], 2, 100), { shown: ['aaaa', 'bbbb'], dropped: 1 });
  assert.deepEqual(fitFirst(['aaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbb'], 5, 15), {
    shown: ['aaaaaaaaaa', 'bbbbbbbbbb...'],
    dropped: 1,
  });
  assert.deepEqual(fitFirst(['a', 'b'], 5, 100), { shown: ['a', 'b'], dropped: 0 });
});

test('withAutoContext runs again with the context it is given for the match count, unless context was asked', async () => {
  const seen: Array<{ before?: number; after?: number }> = [];
  const run = (o: { before?: number; after?: number }) => {
    seen.push(o);
    return Promise.resolve(grep([], 1));
  };
  const around = (n: number) => (n === 1 ? 50 : undefined);
  await withAutoContext(grep([], 1), {}, run, around);
  assert.deepEqual(seen, [{ before: 50, after: 50 }]);
  const few = grep([], 4);
  assert.equal(await withAutoContext(few, {}, run, around), few);
  assert.equal(await withAutoContext(grep([], 1), { before: 0 }, run, around).then((r) => r.totalMatchLines), 1);
  assert.equal(seen.length, 1);
});

const text = (
  startLine: number,
  endLine: number,
  totalLines: number | undefined,
  lines: string[],
  truncatedLines: number[] = [],
) => ({ kind: 'text', startLine, endLine, totalLines, lines, truncatedLines }) as unknown as TextRead;

test('lineWindow turns an inclusive range into a start and a count', () => {
  assert.deepEqual(lineWindow(undefined, undefined, 2000), { start: 1, limit: 2000 });
  assert.deepEqual(lineWindow(100, 150, 2000), { start: 100, limit: 51 });
  assert.deepEqual(lineWindow(undefined, 10, 2000), { start: 1, limit: 10 });
});

test('pastEnd names the line count only when a later start found no line', () => {
  assert.equal(pastEnd(text(50, 10, 10, []), 50), 10);
  assert.equal(pastEnd(text(1, 0, 0, []), 1), undefined);
  assert.equal(pastEnd(text(5, 10, 10, ['x']), 5), undefined);
  assert.equal(pastEnd({ kind: 'attached' }, 50), undefined);
});

test('textWindow says whether a read shows less than the whole file', () => {
  assert.deepEqual(textWindow(text(1, 3, 3, ['a', 'b', 'c'])), { total: 3, cut: false });
  assert.deepEqual(textWindow(text(2, 3, 3, ['b', 'c'])), { total: 3, cut: true });
  assert.deepEqual(textWindow(text(1, 2, 3, ['a', 'b'])), { total: 3, cut: true });
  assert.deepEqual(textWindow(text(1, 3, undefined, ['a', 'b', 'c'], [2])), { total: 3, cut: true });
});
