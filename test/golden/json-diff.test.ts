// The golden's difference report: paths a reviewer can find, and the values on both sides.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { jsonDifferences } from './json-diff.js';

describe('jsonDifferences', () => {
  test('names list items by their name and reports each changed leaf in document order', () => {
    const golden = {
      tools: [
        { name: 'Read', destructive: false },
        { name: 'Write', destructive: true, tags: ['a', 'b'] },
      ],
    };
    const served = {
      tools: [
        { name: 'Read', destructive: true },
        { name: 'Write', destructive: true, tags: ['a', 'c'] },
      ],
    };
    assert.deepEqual(jsonDifferences(golden, served), [
      { path: 'tools[0:Read].destructive', expected: 'false', actual: 'true' },
      { path: 'tools[1:Write].tags[1]', expected: '"b" (differs at character 1)', actual: '"c"' },
    ]);
  });

  test('a list of plain values that grew or shrank is one difference naming what came and went', () => {
    assert.deepEqual(jsonDifferences({ tags: ['x', 'read-only'] }, { tags: ['x', 'shell', 'destructive'] }), [
      {
        path: 'tags',
        expected: '2 items, not served: ["read-only"]',
        actual: '3 items, not in the golden: ["shell","destructive"]',
      },
    ]);
  });

  test('a long string is shown from a little before its first differing character', () => {
    const before = `${'a'.repeat(100)}old${'z'.repeat(300)}`;
    const after = `${'a'.repeat(100)}new${'z'.repeat(300)}`;
    const [d] = jsonDifferences({ description: before }, { description: after });
    assert.equal(d!.path, 'description');
    assert.equal(d!.expected, `…"${'a'.repeat(40)}old${'z'.repeat(117)}"… (differs at character 101)`);
    assert.equal(d!.actual, `…"${'a'.repeat(40)}new${'z'.repeat(117)}"…`);
  });

  test('a missing or extra key, and a reordering of keys, are differences; equal values are none', () => {
    assert.deepEqual(jsonDifferences({ a: 1 }, { a: 1, b: null }), [
      { path: 'b', expected: '(absent)', actual: 'null' },
    ]);
    assert.deepEqual(jsonDifferences({ a: 1, b: 2 }, { b: 2, a: 1 }), [
      { path: '(top)', expected: 'keys in order a, b', actual: 'keys in order b, a' },
    ]);
    assert.deepEqual(jsonDifferences({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] }), []);
  });
});
