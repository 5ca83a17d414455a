// bash over gRPC with a real bash: one live session per facet-session (cd and variables
// persist), restart, the timeout (the session restarts clean), exit statuses, output caps.
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { describe, test } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { errText, okText, text } from './helpers.js';

describe('bash', () => {
  const { call, dir } = serverFixture({
    shape: 'anthropic',
    session: 'sh',
    args: ['--anthropic-bash-timeout-ms', '1500'],
  });

  test('cd and variables persist between calls of a session, not across sessions', async () => {
    okText(await call('bash', { command: 'mkdir -p sub && cd sub && export GREETING=hello && COUNT=3' }), '');
    okText(await call('bash', { command: 'pwd; echo "$GREETING $COUNT"' }), `${dir}/sub\nhello 3`);
    okText(await call('bash', { command: 'pwd; echo "[$GREETING]"' }, 'another'), `${realpathSync(dir)}\n[]`);
  });

  test('stdout and stderr together, in order; a non-zero exit is shown and is an error', async () => {
    okText(await call('bash', { command: 'echo out; echo err >&2; echo out2' }), 'out\nerr\nout2');
    errText(await call('bash', { command: 'echo out; echo err >&2; false' }), '<system>Exit code 1</system>\nout\nerr');
    errText(
      await call('bash', { command: 'exit_status_only() { return 3; }; exit_status_only' }),
      '<system>Exit code 3</system>',
    );
    const missing = await call('bash', { command: 'nonexistentcommand' });
    assert.match(
      text(missing),
      /^<system>Exit code 127<\/system>\n(\/bin\/)?bash: line \d+: nonexistentcommand: command not found$/,
    );
  });

  test('calls of one session at the same time wait their turn in the one shell', async () => {
    const [first, second] = await Promise.all([
      call('bash', { command: 'sleep 0.3; echo one' }),
      call('bash', { command: 'echo two' }),
    ]);
    okText(first, 'one');
    okText(second, 'two');
  });

  test('stdin is empty: a command that reads it does not hang', async () => {
    okText(await call('bash', { command: 'cat; read x; echo "read:$x."' }), 'read:.');
  });

  test('restart: a clean session (directory and variables gone)', async () => {
    await call('bash', { command: 'cd sub; KEEP=1' });
    okText(await call('bash', { restart: true }), 'Bash session restarted');
    okText(await call('bash', { command: 'pwd; echo "[$KEEP]"' }), `${realpathSync(dir)}\n[]`);
  });

  test('a command past the timeout: the documented error, the session restarted clean and usable', async () => {
    await call('bash', { command: 'STATE=before' });
    errText(
      await call('bash', { command: 'echo started; sleep 30' }),
      'Error: command did not finish within 1.5 seconds\n<system>The bash session was restarted: the working directory, variables and background processes are gone.</system>',
    );
    okText(await call('bash', { command: 'echo "[$STATE]"' }), '[]');
  });

  test('a command that ends the shell; the next call starts a new one', async () => {
    errText(
      await call('bash', { command: 'echo bye; exit 4' }),
      'bye\nbash has exited with returncode 4\n<system>The next command starts a new bash session.</system>',
    );
    okText(await call('bash', { command: 'echo again' }), 'again');
  });

  test('no command: the reference words', async () => {
    errText(await call('bash', {}), 'no command provided.');
    errText(await call('bash', { restart: false }), 'no command provided.');
  });

  test('output over 100 lines keeps the first 100 and gives the count', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => String(i + 1)).join('\n');
    okText(await call('bash', { command: 'seq 1 150' }), `${lines}\n\n... Output truncated (150 total lines) ...`);
  });

  test('output of many chunks, past what is kept: the first 100 lines and the true count', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => String(i + 1)).join('\n');
    okText(
      await call('bash', { command: 'seq 1 300000' }),
      `${lines}\n\n... Output truncated (300000 total lines) ...`,
    );
    okText(await call('bash', { command: 'printf "a\\nb"' }), 'a\nb');
  });

  test('a directory outside the roots sends the shell back to the root, with a note', async () => {
    okText(
      await call('bash', { command: 'cd /' }),
      `<system>The working directory / is outside the workspace; the shell went back to ${realpathSync(dir)}.</system>`,
    );
    okText(await call('bash', { command: 'pwd' }), realpathSync(dir));
  });
});

test('the shell policy holds for bash', async () => {
  const { withServer } = await import('../../helpers/server.js');
  await withServer({ shape: 'anthropic', args: ['--shell-deny', 'rm'] }, async (_t, _d, call) => {
    const res = await call('bash', { command: 'rm -rf x' });
    assert.notEqual(res.error, '');
    assert.match(text(res), /^Error: /);
  });
});
