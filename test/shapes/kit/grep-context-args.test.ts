// Search facts the grep tools share: grep's context sides, each side's own count over the count
// for both; the separator after a line's number.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contextSides } from '../../../src/shapes/kit/search/context-sides.js';
import { lineSeparator } from '../../../src/shapes/kit/search/line-separator.js';

test('contextSides: a side’s own count wins over both, then the fallback', () => {
  assert.deepEqual(contextSides(2, undefined, 5), { before: 2, after: 5 });
  assert.deepEqual(contextSides(null, 1, null, 0), { before: 0, after: 1 });
  assert.deepEqual(contextSides(undefined, undefined, undefined), { before: undefined, after: undefined });
  assert.deepEqual(contextSides(0, 0, 9), { before: 0, after: 0 });
});

test('lineSeparator: ":" after a matching line, "-" after a context line', () => {
  assert.equal(lineSeparator('match'), ':');
  assert.equal(lineSeparator('context'), '-');
});
