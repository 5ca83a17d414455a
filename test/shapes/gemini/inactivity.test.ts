// Gemini's run_shell_command cancels a command that prints nothing for the inactivity timeout
// (--shell-inactivity-ms, Gemini CLI's tools.shell.inactivityTimeout), in its own words, with
// or without output before it. Output resets the clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { caller } from './harness.js';

const { t } = serverFixture({ shape: 'gemini', args: ['--shell-inactivity-ms', '1500'], prefix: 'facet-gemini-idle-' });

test('silent for the inactivity timeout: cancelled, with or without output before it', async () => {
  const call = caller(() => t, 'gemini');
  const quiet = await call('run_shell_command', { command: 'sleep 30' });
  assert.deepEqual([quiet.code, quiet.errorType], ['TIMEOUT', 'shell_execute_error']);
  assert.equal(
    quiet.error,
    'Command was automatically cancelled because it exceeded the timeout of 0.0 minutes without output. There was no output before it was cancelled.',
  );
  const talked = await call('run_shell_command', { command: 'echo started; sleep 30' });
  assert.equal(
    talked.error,
    'Command was automatically cancelled because it exceeded the timeout of 0.0 minutes without output. Below is the output before it was cancelled:\nstarted',
  );
});

test('output keeps a command alive past the inactivity timeout', async () => {
  const r = await caller(() => t, 'gemini')('run_shell_command', {
    command: 'for i in 1 2 3; do echo $i; sleep 1; done',
  });
  assert.equal(r.error, '');
  assert.match(r.text, /^<untrusted_context>\nOutput: 1\n2\n3\nProcess Group PGID: \d+\n<\/untrusted_context>$/);
});
