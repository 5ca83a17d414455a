// Arguments with a huge array of bad items: ajv's all-errors mode joins a referenced schema's
// errors once per item (quadratic: 100,000 items held the event loop 90 s, and every other call
// with it). Such arguments are checked to their first error; small ones still get every error.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serverFixture } from '../helpers/server.js';
import { caller } from '../shapes/gemini/harness.js';

const { t } = serverFixture({ prefix: 'facet-long-arrays-' });
const REASON = 'Error: Invalid parameters provided. Reason: invalid arguments for lsp:';

test('a huge array of bad items answers its first violation; a short one every violation', async () => {
  const call = caller(() => t, 'qwen');
  const lsp = (n: number) =>
    call('lsp', { operation: 'hover', diagnostics: Array.from({ length: n }, (_, i) => `x${i}`) });
  const huge = await lsp(5000);
  assert.deepEqual([huge.code, huge.error], ['INVALID_ARGUMENT', `${REASON} diagnostics.0 must be object`]);
  const short = await lsp(2);
  assert.deepEqual(
    [short.code, short.error],
    ['INVALID_ARGUMENT', `${REASON} diagnostics.0 must be object; diagnostics.1 must be object`],
  );
});
