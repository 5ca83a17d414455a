// OpenAI shell and local_shell over gRPC with real processes: order, outcomes, timeouts,
// truncation to max_output_length, env / working_directory / user, the command policy and
// read-only mode, and the output item each result carries for the host.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FailureCode as C } from '../../../src/gen/codefly/base/v0/failure.js';
import { unary, withServer } from '../../helpers/server.js';
import { display, item, openaiServer, text } from './helpers.js';

const exit = (exit_code: number) => ({ type: 'exit', exit_code });

describe('openai shell', () => {
  const e = openaiServer({ args: ['--shell-deny', 'shutdown'] });

  test('commands run in order, each with its own stdout, stderr and exit outcome', async () => {
    const res = await e.call('shell', { commands: ['echo one; echo err >&2', 'printf two', 'exit 3', 'echo four'] });
    assert.deepEqual(item(res), {
      type: 'shell_call_output',
      output: [
        { stdout: 'one\n', stderr: 'err\n', outcome: exit(0) },
        { stdout: 'two', stderr: '', outcome: exit(0) },
        { stdout: '', stderr: '', outcome: exit(3) },
        { stdout: 'four\n', stderr: '', outcome: exit(0) },
      ],
    });
    assert.equal(
      text(res),
      '$ echo one; echo err >&2\none\nerr\n[exit code 0]\n$ printf two\ntwo\n[exit code 0]\n$ exit 3\n[exit code 3]\n$ echo four\nfour\n[exit code 0]',
    );
    // A command that did not exit 0 makes the call a failure; the output item is there all the same.
    assert.equal(res.failure?.code, C.FAILURE_CODE_PROCESS_FAILED);
    assert.equal(res.failure?.message, 'exit 3: exited with code 3');
    assert.equal(display(res).summary, 'Ran 4 of 4 commands; exit 3: exited with code 3');
  });

  test('each command starts afresh in the session directory (nothing carries over)', async () => {
    mkdirSync(path.join(e.dir, 'sub'), { recursive: true });
    const res = await e.call('shell', { commands: ['cd sub && pwd && X=1', 'pwd; echo "x=$X"'] });
    assert.equal(res.error, '');
    assert.deepEqual(item(res), {
      type: 'shell_call_output',
      output: [
        { stdout: `${path.join(e.dir, 'sub')}\n`, stderr: '', outcome: exit(0) },
        { stdout: `${e.dir}\nx=\n`, stderr: '', outcome: exit(0) },
      ],
    });
  });

  test('a timeout gives {type: timeout} with the partial output; the commands after it are not run', async () => {
    const res = await e.call('shell', {
      commands: ['echo before; sleep 30', 'echo never'],
      timeout_ms: 500,
      call_id: 'call_t',
    });
    assert.deepEqual(item(res), {
      type: 'shell_call_output',
      call_id: 'call_t',
      output: [{ stdout: 'before\n', stderr: '', outcome: { type: 'timeout' } }],
    });
    assert.equal(res.failure?.code, C.FAILURE_CODE_TIMEOUT);
    assert.equal(text(res), '$ echo before; sleep 30\nbefore\n[timed out]\n[1 more command not run]');
  });

  test('max_output_length: the head of one budget shared by stdout then stderr of each command, echoed', async () => {
    const res = await e.call('shell', {
      commands: ['printf 12345; printf abc >&2', 'printf xyz; printf ERR >&2'],
      max_output_length: 7,
    });
    assert.deepEqual(item(res), {
      type: 'shell_call_output',
      max_output_length: 7,
      output: [
        { stdout: '12345', stderr: 'ab', outcome: exit(0) },
        { stdout: '', stderr: '', outcome: exit(0) },
      ],
    });
    assert.equal(display(res).truncated, true);
  });

  test('max_output_length counts characters, not bytes; 0 empties every stream; a large one is lowered to 100000', async () => {
    const uni = await e.call('shell', { commands: ['printf "héllo wörld"'], max_output_length: 4 });
    assert.deepEqual(item(uni)?.output, [{ stdout: 'héll', stderr: '', outcome: exit(0) }]);
    const none = await e.call('shell', { commands: ['echo hi'], max_output_length: 0 });
    assert.deepEqual(item(none), {
      type: 'shell_call_output',
      max_output_length: 0,
      output: [{ stdout: '', stderr: '', outcome: exit(0) }],
    });
    const big = await e.call('shell', { commands: ['echo hi'], max_output_length: 5_000_000, timeout_ms: null });
    assert.deepEqual(item(big), {
      type: 'shell_call_output',
      max_output_length: 100000,
      output: [{ stdout: 'hi\n', stderr: '', outcome: exit(0) }],
    });
  });

  test('without max_output_length the item has none, and a flood is kept to 100000 characters', async () => {
    const res = await e.call('shell', { commands: ['head -c 300000 /dev/zero | tr "\\0" a'] });
    const out = item(res) as { output: Array<{ stdout: string }> };
    assert.equal('max_output_length' in out, false);
    assert.equal(out.output[0]!.stdout, 'a'.repeat(100000));
    assert.equal(display(res).truncated, true);
  });

  test("a command the server's policy refuses gets exit_code 1 and the reason; the rest is not run", async () => {
    const res = await e.call('shell', { commands: ['echo ok', 'shutdown now', 'echo never'] });
    assert.equal(res.failure?.code, C.FAILURE_CODE_SECURITY_POLICY_FAILED);
    const out = (item(res) as { output: Array<{ stdout: string; stderr: string; outcome: unknown }> }).output;
    assert.equal(out.length, 2);
    assert.deepEqual(out[0], { stdout: 'ok\n', stderr: '', outcome: exit(0) });
    assert.match(out[1]!.stderr, /^Error: the command policy of this server refuses shutdown \(rule shutdown\)\.$/);
    assert.deepEqual(out[1]!.outcome, exit(1));
    assert.match(text(res), /\[1 more command not run\]$/);
  });

  test('more than 100 commands are refused before any runs, in the output item, naming the limit', async () => {
    // Each command would leave a file: none may appear.
    const commands = Array.from({ length: 101 }, (_, i) => `touch ran-${i}`);
    const res = await e.call('shell', { commands, call_id: 'call_many' });
    assert.equal(res.failure?.code, C.FAILURE_CODE_INVALID_ARGUMENT);
    const said =
      'Error: 101 commands given; at most 100 are run in one call: chain them in fewer commands (with && or ;) or split them over several calls.';
    assert.deepEqual(item(res), {
      type: 'shell_call_output',
      call_id: 'call_many',
      output: [{ stdout: '', stderr: said, outcome: exit(1) }],
    });
    assert.deepEqual(
      readdirSync(e.dir).filter((n) => n.startsWith('ran-')),
      [],
    );
  });

  test('the action as the API types it: commands is required', async () => {
    const res = await e.call('shell', { timeout_ms: 1000 });
    assert.equal(res.failure?.code, C.FAILURE_CODE_INVALID_ARGUMENT);
  });
});

describe('openai local_shell', () => {
  const e = openaiServer();

  test('argv run without a shell; stdout then stderr; env added; the output item', async () => {
    const res = await e.call('local_shell', {
      type: 'exec',
      command: ['bash', '-c', 'echo "$GREETING $0"; echo warn >&2', 'argv0'],
      env: { GREETING: 'hi' },
      call_id: 'call_ls',
    });
    assert.equal(res.error, '');
    assert.equal(text(res), 'hi argv0\nwarn\n');
    assert.deepEqual(item(res), { type: 'local_shell_call_output', call_id: 'call_ls', output: 'hi argv0\nwarn\n' });
    // No shell: metacharacters are plain arguments.
    const literal = await e.call('local_shell', { type: 'exec', command: ['echo', '$HOME', '|', 'x'], env: {} });
    assert.deepEqual(item(literal), { type: 'local_shell_call_output', output: '$HOME | x\n' });
  });

  test("env cannot set the server's own variables or shell start-up files", async () => {
    const res = await e.call('local_shell', {
      type: 'exec',
      command: ['bash', '-c', 'echo "[$FACET_TOKEN][$BASH_ENV][$OK]"'],
      env: { FACET_TOKEN: 's', BASH_ENV: '/x', OK: 'y' },
    });
    assert.equal(text(res), '[][][y]\n');
  });

  test('working_directory: inside the roots it is used, outside it is refused, missing it is not found', async () => {
    mkdirSync(path.join(e.dir, 'web'), { recursive: true });
    const res = await e.call('local_shell', { type: 'exec', command: ['pwd'], env: {}, working_directory: 'web' });
    assert.equal(text(res), `${path.join(e.dir, 'web')}\n`);
    const out = await e.call('local_shell', { type: 'exec', command: ['pwd'], env: {}, working_directory: '/' });
    assert.equal(out.failure?.code, C.FAILURE_CODE_PERMISSION_DENIED);
    assert.match(text(out), /^Error: \/ is outside the workspace \(.+\); use a path inside it\.$/);
    assert.deepEqual(item(out), { type: 'local_shell_call_output', output: text(out) });
    const missing = await e.call('local_shell', { type: 'exec', command: ['pwd'], env: {}, working_directory: 'nope' });
    assert.equal(missing.failure?.code, C.FAILURE_CODE_NOT_FOUND);
    assert.equal(text(missing), "Error: Directory not found at path 'nope'");
  });

  test("user: the server's own user runs, any other is refused", async () => {
    const me = os.userInfo().username;
    const ok = await e.call('local_shell', { type: 'exec', command: ['echo', 'yes'], env: {}, user: me });
    assert.equal(text(ok), 'yes\n');
    const other = await e.call('local_shell', {
      type: 'exec',
      command: ['echo', 'yes'],
      env: {},
      user: 'someone-else',
    });
    assert.equal(other.failure?.code, C.FAILURE_CODE_PERMISSION_DENIED);
    assert.equal(
      text(other),
      `Error: Commands cannot run as someone-else: they run as ${me}, the user of this server.`,
    );
    assert.deepEqual(item(other), { type: 'local_shell_call_output', output: text(other) });
  });

  test('a non-zero exit and a timeout end the output with how the command ended', async () => {
    const failed = await e.call('local_shell', {
      type: 'exec',
      command: ['bash', '-c', 'echo partial; exit 4'],
      env: {},
    });
    assert.equal(failed.failure?.code, C.FAILURE_CODE_PROCESS_FAILED);
    assert.equal(text(failed), 'partial\nExit code: 4');
    assert.deepEqual(item(failed), { type: 'local_shell_call_output', output: 'partial\nExit code: 4' });
    const slow = await e.call('local_shell', {
      type: 'exec',
      command: ['bash', '-c', 'echo started; sleep 30'],
      env: {},
      timeout_ms: 500,
    });
    assert.equal(slow.failure?.code, C.FAILURE_CODE_TIMEOUT);
    assert.equal(text(slow), 'started\nTimed out after 500 ms');
  });

  test('a missing program is not found; the action needs type exec, command and env', async () => {
    const res = await e.call('local_shell', { type: 'exec', command: ['no-such-program-facet'], env: {} });
    assert.equal(res.failure?.code, C.FAILURE_CODE_NOT_FOUND);
    assert.equal((item(res) as { type: string }).type, 'local_shell_call_output');
    const bad = await e.call('local_shell', { type: 'run', command: ['ls'], env: {} });
    assert.equal(bad.failure?.code, C.FAILURE_CODE_INVALID_ARGUMENT);
    const noEnv = await e.call('local_shell', { type: 'exec', command: ['ls'] });
    assert.equal(noEnv.failure?.code, C.FAILURE_CODE_INVALID_ARGUMENT);
  });
});

test('read-only mode serves none of the openai tools (all change files or run commands)', async () => {
  await withServer({ shape: 'openai', args: ['--read-only'] }, async (t) => {
    const listed = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { shape: 'openai' });
    assert.deepEqual(
      listed.tools.map((x) => x.name),
      [],
    );
  });
});
