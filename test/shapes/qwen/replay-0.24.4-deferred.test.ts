// Qwen Code's deferred-tool-call.test.ts (@332a0a5c, 2 cases) read against qwen@0.24.4's tool_call.
// Counts (checked by the ledger test): matched 0, deliberate 1, skipped 1 of 2.
// Deliberate (1): the description's exact sentences are Qwen's prose, which Facet does not copy;
//   Facet's own words state the same contract (run a deferred tool tool_search showed, with
//   arguments matching its schema; tool_search is called directly, never through tool_call), which
//   the test below checks.
// Skipped (1): a tool_call executed outside the scheduler's normalization fails closed (an internal
//   path of Qwen's scheduler; Facet's tool_call runs the target itself, no scheduler step between).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { serverFixture, unary } from '../../helpers/server.js';
import { caller } from '../gemini/harness.js';
import { ledger } from './ledger.js';

const FILE = 'deferred-tool-call.test.ts';
const { check } = ledger({
  [FILE]: {
    total: 2,
    deliberate: {
      'describes the live-catalog bridge contract':
        "Qwen's description prose is not copied; Facet's words state the same contract (checked below)",
    },
    skipped: "execution without the scheduler normalization (an internal path of Qwen's scheduler)",
  },
});

describe('Qwen Code deferred-tool-call.test.ts read against qwen@0.24.4', () => {
  const { t } = serverFixture({ shape: 'qwen', prefix: 'facet-qwen-deferred-' });
  const call = caller(() => t, 'qwen@0.24.4', 'deferred');

  test('the tool_call description states the bridge contract in Facet words', async () => {
    const listed = await unary(t.client.listTools, t.client, {}, { shape: 'qwen@0.24.4' });
    const tc = listed.tools.find((x) => x.name === 'tool_call');
    assert.ok(tc);
    assert.ok(tc.description.includes('an object matching the schema tool_search showed'), tc.description);
    assert.ok(tc.description.includes('tool_call refuses them, itself, tool_search'), tc.description);
  });
  test('tool_call naming tool_search is refused, as the contract says', async () => {
    const o = await call('tool_call', { name: 'tool_search', arguments: { query: 'select:lsp' } });
    assert.equal(o.error, '[tool_call bridge refused] tool_call cannot invoke bridge tool "tool_search".');
  });

  check({ matched: 0, deliberate: 1, skipped: 1, capture: 0 });
});
