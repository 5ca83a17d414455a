// The timeout a codex shell_command / shell call ran under (default 10000 ms) is in the host's block.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { structured, type ServerFixture } from '../../helpers/server.js';
import { codexServer } from './helpers.js';

const e = codexServer();

const details = (r: Awaited<ReturnType<ServerFixture['call']>>) =>
  (structured(r) as { display: { details: Record<string, unknown> } }).display.details;

test('shell_command and shell: the default 10000 ms, or the timeout_ms given', async () => {
  assert.deepEqual(details(await e.call('shell_command', { command: 'true' })), { cwd: e.dir, timeoutMs: 10_000 });
  assert.deepEqual(details(await e.call('shell_command', { command: 'true', timeout_ms: 2500 })), {
    cwd: e.dir,
    timeoutMs: 2500,
  });
  assert.deepEqual(details(await e.call('shell', { command: ['true'] })), { cwd: e.dir, timeoutMs: 10_000 });
  assert.deepEqual(details(await e.call('shell', { command: ['true'], timeout_ms: 700 })), {
    cwd: e.dir,
    timeoutMs: 700,
  });
});
