// The facts the file-reading tools put their words around: a raw window of lines with its cut
// lines marked, a big text file read anyway, a failure with advice added, whole-number
// arguments, why a Kimi-style window stopped, cat -n numbering and a notebook cell's images.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError, engineFailure, pageRangeFor } from '../../../src/engine/index.js';
import { numberedLines } from '../../../src/shapes/kit/text/numbered.js';
import { readWindow } from '../../../src/shapes/kit/text/capped.js';
import { requireWhole } from '../../../src/shapes/kit/args/arg-checks.js';
import { outputImages } from '../../../src/shapes/kit/files/notebook-images.js';
import { rawWindow } from '../../../src/shapes/kit/files/raw-window.js';
import { readEvenIfBig } from '../../../src/shapes/kit/files/big-text.js';
import { withAdvice } from '../../../src/shapes/kit/failures/advice.js';
import type { TextRead } from '../../../src/engine/index.js';

const read = (o: Partial<TextRead>): TextRead =>
  ({
    kind: 'text',
    startLine: 1,
    endLine: 0,
    lines: [],
    eols: [],
    truncatedLines: [],
    stoppedBy: 'eof',
    ...o,
  }) as unknown as TextRead;

test('rawWindow marks the lines cut by the per-line limit, and counts the window', () => {
  const r = read({
    startLine: 2,
    endLine: 3,
    totalLines: 5,
    lines: ['one ', 'two'],
    truncatedLines: [3],
    stoppedBy: 'limit',
  });
  assert.deepEqual(rawWindow(r, { marker: '... [truncated]', cutBy: 'line' }), {
    text: 'one \ntwo... [truncated]',
    total: 5,
    cut: true,
    counts: { startLine: 2, endLine: 3, totalLines: 5 },
  });
  const whole = read({ endLine: 2, totalLines: 2, lines: ['a', 'b'] });
  assert.deepEqual(rawWindow(whole, { marker: '!', cutBy: 'line' }), {
    text: 'a\nb',
    total: 2,
    cut: false,
    counts: { startLine: 1, endLine: 2, totalLines: 2 },
  });
});

test('rawWindow marks the line the budget cut, trims blanks when asked, and has no total for an uncounted read that stopped early', () => {
  const r = read({ endLine: 2, lines: ['a  ', 'bb'], budgetCutLine: 2, truncatedLines: [1], stoppedBy: 'budget' });
  const w = rawWindow(r, { marker: '~', cutBy: 'budget', trimEnd: true, uncounted: true });
  assert.deepEqual(w, { text: 'a\nbb~', total: undefined, cut: true, counts: { startLine: 1, endLine: 2 } });
  // Uncounted, but the read reached the end uncut: the total is known.
  const all = read({ endLine: 2, lines: ['a', 'b'] });
  assert.deepEqual(rawWindow(all, { marker: '~', cutBy: 'budget', uncounted: true }).total, 2);
});

test('readEvenIfBig reads a text file over the limit again, uncounted; media over their limit and other failures stay', async () => {
  const seen: Array<{ maxFileBytes?: number; countTotal?: boolean }> = [];
  const tooBig = (kind?: string) =>
    engineFailure('file_too_large', 'big', { path: 'f', size: 2, maxBytes: 1, ...(kind ? { kind } : {}) });
  const opts = { maxFileBytes: 1, countTotal: true, start: 1 };
  const r = await readEvenIfBig((o: typeof opts) => {
    seen.push({ maxFileBytes: o.maxFileBytes, countTotal: o.countTotal });
    return o.maxFileBytes === undefined ? Promise.resolve('window') : Promise.reject(tooBig());
  }, opts);
  assert.deepEqual(r, { r: 'window', big: true });
  assert.deepEqual(seen, [
    { maxFileBytes: 1, countTotal: true },
    { maxFileBytes: undefined, countTotal: false },
  ]);
  assert.deepEqual(await readEvenIfBig(() => Promise.resolve(7), opts), { r: 7, big: false });
  await assert.rejects(
    readEvenIfBig(() => Promise.reject(tooBig('image')), opts),
    (e: unknown) => e instanceof EngineError && e.facts.kind === 'image',
  );
  await assert.rejects(
    readEvenIfBig(() => Promise.reject(new EngineError('not_found', 'gone')), opts),
    (e: unknown) => e instanceof EngineError && e.kind === 'not_found',
  );
});

test('withAdvice keeps the failure and adds the advice to its message; other throws pass', () => {
  assert.deepEqual(
    withAdvice(() => pageRangeFor('2-3', 5), 'never used'),
    { first: 2, last: 3 },
  );
  assert.throws(
    () => withAdvice(() => pageRangeFor('x', 5), 'give "3" or "1-5"'),
    (e: unknown) =>
      e instanceof EngineError &&
      e.condition === 'bad_pages' &&
      e.field === 'pages' &&
      e.message === 'pages "x" is not a page number or range: give "3" or "1-5"',
  );
  assert.throws(
    () =>
      withAdvice(() => {
        throw new TypeError('bug');
      }, 'advice'),
    TypeError,
  );
});

test('requireWhole refuses fractions and values below the least, naming the argument', () => {
  requireWhole(undefined, 1, 'limit');
  requireWhole(0, 0, 'offset');
  for (const [v, min] of [
    [1.5, 0],
    [0, 1],
    [-1, 0],
  ] as const) {
    assert.throws(
      () => requireWhole(v, min, 'n'),
      (e: unknown) =>
        e instanceof EngineError &&
        e.kind === 'invalid_argument' &&
        e.field === 'n' &&
        e.message === `n must be a whole number of at least ${min}`,
    );
  }
});

test('readWindow says why fewer lines than asked came back', () => {
  const r = (n: number) => ({
    lines: Array.from({ length: n }, (_, i) => `l${i}`),
    eols: Array<string>(n).fill('\n'),
    startLine: 1,
  });
  const o = { maxLine: 100, marker: '...', maxBytes: 1000, fromEnd: false };
  assert.equal(readWindow(r(3), { ...o, limit: 5, asked: 5 }).stop, 'eof');
  assert.equal(readWindow(r(3), { ...o, limit: 3, asked: 3 }).stop, undefined);
  assert.equal(readWindow(r(3), { ...o, limit: 3, asked: 9 }).stop, 'lines');
  assert.equal(readWindow(r(3), { ...o, maxBytes: 4, limit: 3, asked: 3 }).stop, 'bytes');
});

test('numberedLines pads numbers to a width and joins as asked', () => {
  assert.equal(numberedLines(['a', 'b'], 9, ': '), '9: a\n10: b');
  assert.equal(numberedLines(['a\n', 'b\n'], 9, '\t', { width: 6, join: '' }), '     9\ta\n    10\tb\n');
});

test("outputImages decodes a cell's output images in order", () => {
  const cell = {
    outputs: [
      { image: { mediaType: 'image/png', data: Buffer.from('png').toString('base64') } },
      { text: 'x' },
      { image: { mediaType: 'image/jpeg', data: 'anBn' } },
    ],
  } as unknown as Parameters<typeof outputImages>[0];
  assert.deepEqual(outputImages(cell), [
    { mediaType: 'image/png', data: Buffer.from('png') },
    { mediaType: 'image/jpeg', data: Buffer.from('jpg') },
  ]);
});
