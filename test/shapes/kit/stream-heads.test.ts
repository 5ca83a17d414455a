// The kit's helpers behind OpenAI's shell tools and Anthropic's bash timeout: heads of streams
// drawn in turn from one budget of characters, a status line after output, tenths of seconds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CapturedText } from '../../../src/engine/index.js';
import { endedLines } from '../../../src/shapes/kit/text/ended-lines.js';
import { secondsOf } from '../../../src/shapes/kit/text/seconds.js';
import { HeadBudget } from '../../../src/shapes/kit/shell/heads-in-turn.js';

const whole = (text: string): CapturedText => ({
  text,
  head: text,
  tail: '',
  totalBytes: text.length,
  totalLines: 1,
  truncated: false,
  omittedBytes: 0,
});

test('HeadBudget: streams take their heads in turn from one budget, counted in code points', () => {
  const b = new HeadBudget(5);
  assert.equal(b.keep(whole('ab😀')), 'ab😀');
  assert.equal(b.truncated, false);
  assert.equal(b.keep('cdef'), 'cd');
  assert.equal(b.truncated, true);
  assert.equal(b.keep(whole('x')), '');
});

test('HeadBudget: a stream the capture already cut keeps its head and marks the budget cut', () => {
  const b = new HeadBudget(100);
  const cut = { ...whole('headtail'), head: 'head', tail: 'tail', truncated: true, omittedBytes: 9 };
  assert.equal(b.keep(cut), 'head');
  assert.equal(b.truncated, true);
});

test('endedLines: the status starts its own line, empty parts are left out', () => {
  assert.equal(endedLines(['out', 'err\n'], '[exit code 1]'), 'out\nerr\n[exit code 1]');
  assert.equal(endedLines(['', ''], '[timed out]'), '[timed out]');
});

test('secondsOf rounds to a tenth of a second', () => {
  assert.equal(secondsOf(120_000), 120);
  assert.equal(secondsOf(1_549), 1.5);
  assert.equal(`${secondsOf(2_000)}`, '2');
});
