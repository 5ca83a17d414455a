// Claude Bash's effective timeout, read from the host block: 120000 ms by default, a
// larger request lowered to 600000 ms without an error, a smaller one kept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { claudeCaller } from './harness.js';

describe('claude shape: Bash timeout defaults and ceiling', () => {
  const { t } = serverFixture({ shape: 'claude@2.1.197' });
  const call = claudeCaller(() => t, 'bash-timeout');

  const timeoutOf = async (args: Record<string, unknown>) => {
    const r = await call('Bash', { command: 'echo ok', ...args });
    assert.equal(r.text, 'ok');
    assert.equal(r.code, '');
    return (r.display.details as { timeoutMs: number }).timeoutMs;
  };

  test('no timeout: 120000 ms', async () => {
    assert.equal(await timeoutOf({}), 120000);
  });

  test('over the maximum: lowered to 600000 ms, not refused', async () => {
    assert.equal(await timeoutOf({ timeout: 700000 }), 600000);
  });

  test('within the range: kept as asked', async () => {
    assert.equal(await timeoutOf({ timeout: 5000 }), 5000);
    assert.equal(await timeoutOf({ timeout: 600000 }), 600000);
  });
});
