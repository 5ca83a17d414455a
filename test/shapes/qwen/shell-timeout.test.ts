// The timeout a qwen run_shell_command ran under (default 120000 ms) is in the host's block.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { caller } from '../gemini/harness.js';

const { t } = serverFixture({ shape: 'qwen', prefix: 'facet-qwen-timeout-' });

test('run_shell_command: the default 120000 ms, or the timeout given', async () => {
  const call = caller(() => t, 'qwen@0.15.10');
  const timeoutOf = async (args: Record<string, unknown>) =>
    ((await call('run_shell_command', args)).display.details as { timeoutMs?: number }).timeoutMs;
  assert.equal(await timeoutOf({ command: 'true' }), 120_000);
  assert.equal(await timeoutOf({ command: 'true', timeout: 5000 }), 5000);
});
