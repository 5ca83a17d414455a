// The timeout a qwen run_shell_command ran under (default 120000 ms) is in the host's block.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, tempDir, type TestServer } from '../../helpers/server.js';
import { caller } from '../gemini/harness.js';

let t: TestServer;
let cleanup: () => void;
before(async () => {
  let dir: string;
  ({ dir, cleanup } = tempDir('facet-qwen-timeout-'));
  t = await startTestServer(['--root', dir, '--shape', 'qwen']);
});
after(async () => {
  await t.close();
  cleanup();
});

test('run_shell_command: the default 120000 ms, or the timeout given', async () => {
  const call = caller(() => t, 'qwen');
  const timeoutOf = async (args: Record<string, unknown>) => ((await call('run_shell_command', args)).display.details as { timeoutMs?: number }).timeoutMs;
  assert.equal(await timeoutOf({ command: 'true' }), 120_000);
  assert.equal(await timeoutOf({ command: 'true', timeout: 5000 }), 5000);
});
