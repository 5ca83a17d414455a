// The V4A transform against the reference apply_diff's own cases: every applyDiff call of the
// Agents JS test file (openai/openai-agents-js@6d0c61a5 packages/agents-core/test/utils/applyDiff.test.ts),
// the Agents Python test file's cases that the JS file lacks (openai/openai-agents-python@7f7a44f8
// tests/test_apply_diff.py, written out below), and inputs run through the Python reference
// itself (test/fixtures/v4a/agents-python-observed.json), whose messages must match exactly.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { isEngineError } from '../../../src/engine/index.js';
import { applyV4A, type V4AMode } from '../../../src/engine/files/v4a.js';

interface Case {
  name?: string;
  mode: V4AMode;
  input: string;
  diff: string;
  expected?: string;
  /** JS file: text the error must contain ('' for any error). */
  throws?: string;
  /** Python run: the exact message. */
  error?: string;
}

const load = (name: string) =>
  (JSON.parse(readFileSync(path.resolve('test/fixtures/v4a', name), 'utf8')) as { cases: Case[] }).cases;

function run(c: Case): { text?: string; error?: string; condition?: string } {
  try {
    return { text: applyV4A(c.input, c.diff, c.mode) };
  } catch (err) {
    assert.ok(isEngineError(err), `not an engine error: ${String(err)}`);
    return { error: err.message, condition: err.condition };
  }
}

describe('V4A: the Agents JS applyDiff tests', () => {
  const cases = load('agents-js-applyDiff.json');
  test('the fixture holds every call of the upstream file', () => assert.equal(cases.length, 40));
  for (const c of cases) {
    test(c.name!, () => {
      const r = run(c);
      if (c.expected !== undefined) assert.deepEqual(r, { text: c.expected });
      else
        assert.ok(
          r.error?.includes(c.throws!),
          `expected an error containing ${JSON.stringify(c.throws)}, got ${JSON.stringify(r)}`,
        );
    });
  }
});

describe('V4A: the Agents Python tests the JS file lacks', () => {
  const cases: Array<[string, Case]> = [
    [
      'CRLF diff on empty input keeps CRLF',
      { mode: 'update', input: '', diff: '@@\r\n+hello\r\n+world', expected: 'hello\r\nworld\r\n' },
    ],
    [
      'CRLF input, LF diff: CRLF kept',
      {
        mode: 'update',
        input: 'line1\r\nline2\r\nline3\r\n',
        diff: '@@ line1\n-line2\n+updated\n line3',
        expected: 'line1\r\nupdated\r\nline3\r\n',
      },
    ],
    [
      'LF input, CRLF diff: LF kept',
      {
        mode: 'update',
        input: 'line1\nline2\nline3\n',
        diff: '@@ line1\r\n-line2\r\n+updated\r\n line3',
        expected: 'line1\nupdated\nline3\n',
      },
    ],
    [
      'CRLF input and diff',
      {
        mode: 'update',
        input: 'line1\r\nline2\r\nline3\r\n',
        diff: '@@ line1\r\n-line2\r\n+updated\r\n line3',
        expected: 'line1\r\nupdated\r\nline3\r\n',
      },
    ],
    [
      'create mode keeps CRLF',
      { mode: 'create', input: '', diff: '+hello\r\n+world\r\n+', expected: 'hello\r\nworld\r\n' },
    ],
    [
      'create mode needs "+"',
      { mode: 'create', input: '', diff: 'plain line', error: 'Invalid Add File Line: plain line' },
    ],
  ];
  for (const [name, c] of cases) {
    test(name, () =>
      assert.deepEqual(
        run(c),
        c.expected !== undefined ? { text: c.expected } : { error: c.error, condition: 'invalid_diff' },
      ),
    );
  }
});

describe('V4A: inputs run through the Python reference', () => {
  for (const c of load('agents-python-observed.json')) {
    test(`${c.mode} ${JSON.stringify(c.diff)} on ${JSON.stringify(c.input)}`, () => {
      const r = run(c);
      if (c.expected !== undefined) assert.deepEqual(r, { text: c.expected });
      else assert.equal(r.error, c.error);
    });
  }
});

test('V4A failures carry the reference message as their reason, with a condition per kind', () => {
  const fail = (input: string, diff: string) => {
    try {
      applyV4A(input, diff, 'update');
    } catch (err) {
      if (isEngineError(err))
        return { condition: err.condition, kind: err.kind, reason: err.facts.reason, field: err.field };
    }
    return undefined;
  };
  assert.deepEqual(fail('a\nb\n', 'x\n-b'), {
    condition: 'invalid_diff',
    kind: 'invalid_argument',
    reason: 'Invalid Line: x',
    field: 'diff',
  });
  assert.deepEqual(fail('a\nb\n', '@@\n-zz'), {
    condition: 'diff_mismatch',
    kind: 'precondition_failed',
    reason: 'Invalid Context 0:\nzz',
    field: 'diff',
  });
  assert.deepEqual(fail('a\nb\n', '@@ q\n@@ r\n-b'), {
    condition: 'diff_mismatch',
    kind: 'precondition_failed',
    reason: 'Invalid Anchor 0:\nq',
    field: 'diff',
  });
});
