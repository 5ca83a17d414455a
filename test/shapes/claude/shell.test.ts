// Golden tests of the claude shape's Bash, TaskOutput and TaskStop over gRPC, with real processes.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { serverFixture, tempDir } from '../../helpers/server.js';
import { claudeCaller } from './harness.js';

const BG =
  /^Command running in background with ID: ([0-9a-f]{8})\. Output is being written to: (\S+)\. You will be notified when it finishes; to see its output before then, Read that file or call TaskOutput\.(?:$|\n)/; // a notice of another task may follow on later lines

describe('claude shape: Bash and background tasks', () => {
  const state = tempDir('facet-state-');
  const { t, dir } = serverFixture({ shape: 'claude@2.1.197', args: ['--state-dir', state.dir] });
  const call = claudeCaller(() => t, 'shell');

  before(async () => {
    mkdirSync(path.join(dir, 'subd'));
  });
  after(async () => {
    state.cleanup();
  });

  test('output, no output, non-zero exit with stdout and stderr', async () => {
    assert.equal((await call('Bash', { command: 'echo hello', description: 'Say hello' })).text, 'hello');
    const quiet = await call('Bash', { command: 'true' });
    assert.equal(quiet.text, '(Bash completed with no output)');
    assert.equal(quiet.code, '');
    assert.equal((await call('Bash', { command: 'echo warn >&2' })).text, 'warn');
    const failed = await call('Bash', { command: 'echo out; echo err >&2; exit 3' });
    assert.equal(failed.code, 'PROCESS_FAILED');
    assert.equal(failed.error, 'Exit code 3\nout\nerr');
    assert.equal(failed.display.exitCode, 3);
    assert.equal((await call('Bash', { command: 'false' })).error, 'Exit code 1');
  });

  test('the working directory persists inside the roots and is reset when it leaves them', async () => {
    const s = 'cwd';
    await call('Bash', { command: 'cd subd' }, s);
    assert.equal((await call('Bash', { command: 'pwd' }, s)).text, path.join(dir, 'subd'));
    assert.equal((await call('Bash', { command: 'export FOO=bar' }, s)).code, '');
    assert.equal((await call('Bash', { command: 'echo FOO=$FOO' }, s)).text, 'FOO=');
    const out = await call('Bash', { command: 'cd / && echo moved' }, s);
    assert.equal(out.text, `moved\nShell cwd was reset to ${dir}`);
    assert.equal((await call('Bash', { command: 'pwd' }, s)).text, dir);
  });

  test('a timeout kills the command: Exit code 143 and the timeout', async () => {
    const r = await call('Bash', { command: 'echo started; sleep 30', timeout: 1000 });
    assert.equal(r.code, 'TIMEOUT');
    assert.equal(r.error, 'Exit code 143\nstarted\nCommand timed out after 1s');
  });

  test('output over 30000 characters is persisted to a file the session may Read', async () => {
    const inline = await call('Bash', { command: "head -c 29990 /dev/zero | tr '\\0' a" });
    assert.equal(inline.text, 'a'.repeat(29990));
    const big = await call('Bash', { command: "for i in $(seq 1 3001); do printf '%09d\\n' $i; done" });
    const lines = big.text.split('\n');
    assert.equal(lines[0], '<persisted-output>');
    const m = /^Output too large \(29\.3KB\)\. Full output saved to: (\S+)$/.exec(lines[1]!);
    assert.ok(m, lines[1]);
    assert.ok(m[1]!.startsWith(state.dir));
    assert.deepEqual(lines.slice(2, 5), ['', 'Preview (first 2KB):', '000000001']);
    // 2000 characters hold exactly 200 ten-character lines.
    assert.deepEqual(lines.slice(-4), ['000000199', '000000200', '...', '</persisted-output>']);
    assert.equal(readFileSync(m[1]!, 'utf8').length, 30010);
    const read = await call('Read', { file_path: m[1]!, offset: 3001 });
    assert.equal(read.text, '3001\t000003001\n3002\t');
    assert.equal((await call('Read', { file_path: m[1]! }, 'another-session')).code, 'PERMISSION_DENIED');
  });

  test('invalid commands are refused before running', async () => {
    const r = await call('Bash', { command: 'echo a\u0007b' });
    assert.equal(r.code, 'INVALID_ARGUMENT');
    assert.equal(
      r.error,
      '<tool_use_error>The command contains control characters that a person reviewing it could not see. Remove them and run it again.</tool_use_error>',
    );
    const v = await call('Bash', { command: 'ls', timeout: 'soon' });
    assert.equal(
      v.error,
      '<tool_use_error>InputValidationError: the arguments of Bash are not valid:\n- timeout: must be number</tool_use_error>',
    );
  });

  test('run_in_background, TaskOutput not_ready / success, completion notice on a later result', async () => {
    const s = 'bg';
    const started = await call(
      'Bash',
      { command: 'sleep 0.5; echo bgdone', run_in_background: true, description: 'wait then print' },
      s,
    );
    const m = BG.exec(started.text);
    assert.ok(m, started.text);
    const id = m[1]!;
    const early = await call('TaskOutput', { task_id: id, block: false, timeout: 0 }, s);
    assert.equal(
      early.text,
      `<retrieval_status>not_ready</retrieval_status>\n\n<task_id>${id}</task_id>\n\n<task_type>local_bash</task_type>\n\n<status>running</status>`,
    );
    const done = await call('TaskOutput', { task_id: id, block: true, timeout: 30000 }, s);
    assert.equal(
      done.text,
      `<retrieval_status>success</retrieval_status>\n\n<task_id>${id}</task_id>\n\n<task_type>local_bash</task_type>\n\n<status>completed</status>\n\n<exit_code>0</exit_code>\n\n<output>\nbgdone\n</output>`,
    );
    assert.equal((await call('Read', { file_path: m[2]! }, s)).text, '1\tbgdone\n2\t');
    // A task that ends unobserved is announced on the next result of the session.
    const second = BG.exec((await call('Bash', { command: 'exit 4', run_in_background: true }, s)).text)!;
    const wait = await call('TaskOutput', { task_id: second[1]!, block: true, timeout: 0 }, s);
    assert.match(wait.text, /^<retrieval_status>(timeout|success)<\/retrieval_status>/);
    const third = BG.exec(
      (await call('Bash', { command: 'echo x', run_in_background: true, description: 'print x' }, s)).text,
    )!;
    for (let i = 0; i < 100; i++) {
      const r = await call('Bash', { command: 'sleep 0.05' }, s);
      // The `exit 4` task may be announced first: wait for the notice of this one.
      if (r.text.includes(`<task-id>${third[1]}</task-id>`)) {
        assert.ok(
          r.text.startsWith(
            '(Bash completed with no output)\n\n<system-reminder>\n[SYSTEM NOTIFICATION - NOT USER INPUT]',
          ),
        );
        assert.ok(
          r.text.includes(
            `<task-id>${third[1]}</task-id>\n<output-file>${third[2]}</output-file>\n<status>completed</status>\n<summary>Background command "print x" completed (exit code 0)</summary>`,
          ),
          r.text,
        );
        return;
      }
    }
    assert.fail('no completion notice arrived');
  });

  test('TaskOutput waits up to timeout and reports timeout while running; TaskStop stops it', async () => {
    const s = 'stop';
    const id = BG.exec(
      (await call('Bash', { command: 'echo begun; sleep 100', run_in_background: true }, s)).text,
    )![1]!;
    const r = await call('TaskOutput', { task_id: id, block: true, timeout: 300 }, s);
    assert.equal(
      r.text,
      `<retrieval_status>timeout</retrieval_status>\n\n<task_id>${id}</task_id>\n\n<task_type>local_bash</task_type>\n\n<status>running</status>\n\n<output>\nbegun\n</output>`,
    );
    const stopped = await call('TaskStop', { shell_id: id }, s);
    assert.deepEqual(JSON.parse(stopped.text), {
      message: `Successfully stopped task: ${id} (echo begun; sleep 100)`,
      task_id: id,
      task_type: 'local_bash',
      command: 'echo begun; sleep 100',
    });
    const after = await call('TaskOutput', { task_id: id, block: false, timeout: 0 }, s);
    assert.match(after.text, /<status>killed<\/status>/);
    const again = await call('TaskStop', { task_id: id }, s);
    // TaskStop is declared idempotent: the repeat succeeds and says the task had already stopped.
    assert.equal(again.error, '');
    assert.deepEqual(JSON.parse(again.text), {
      message: `Task ${id} (echo begun; sleep 100) had already stopped (status: killed); nothing was done.`,
      task_id: id,
      task_type: 'local_bash',
      command: 'echo begun; sleep 100',
    });
    assert.deepEqual(again.display.details, { taskId: id, status: 'killed', alreadyStopped: true });
    // A task that finished by itself is not an error to stop either.
    const done = BG.exec((await call('Bash', { command: 'exit 3', run_in_background: true }, s)).text)![1]!;
    await call('TaskOutput', { task_id: done, block: true, timeout: 10_000 }, s);
    const late = await call('TaskStop', { task_id: done }, s);
    assert.equal(late.error, '');
    assert.deepEqual(JSON.parse(late.text), {
      message: `Task ${done} (exit 3) had already stopped (status: failed); nothing was done.`,
      task_id: done,
      task_type: 'local_bash',
      command: 'exit 3',
    });
  });

  test('a leading "cd <the task directory> && " is left out of the recorded command', async () => {
    const s = 'cd-prefix';
    for (const [command, shown] of [
      [`cd ${dir} && sleep 100`, 'sleep 100'],
      [`cd "${dir}" && sleep 101`, 'sleep 101'],
      ['cd subd && sleep 102', 'cd subd && sleep 102'],
    ]) {
      const id = BG.exec((await call('Bash', { command, run_in_background: true }, s)).text)![1]!;
      const stopped = await call('TaskStop', { task_id: id }, s);
      assert.deepEqual(JSON.parse(stopped.text), {
        message: `Successfully stopped task: ${id} (${shown})`,
        task_id: id,
        task_type: 'local_bash',
        command: shown,
      });
    }
  });

  test('unknown tasks and missing ids', async () => {
    const out = await call('TaskOutput', { task_id: 'x', block: false, timeout: 0 });
    assert.equal(out.code, 'NOT_FOUND');
    assert.equal(
      out.error,
      '<tool_use_error>There is no task with ID x in this session. Task IDs come from Bash calls with run_in_background.</tool_use_error>',
    );
    assert.equal(
      (await call('TaskStop', { task_id: 'nonexistent' })).error,
      '<tool_use_error>There is no task with ID nonexistent in this session. Task IDs come from Bash calls with run_in_background.</tool_use_error>',
    );
    const none = await call('TaskStop', {});
    assert.equal(none.code, 'INVALID_ARGUMENT');
    assert.equal(
      none.error,
      '<tool_use_error>task_id is required: give the ID Bash returned for the background task.</tool_use_error>',
    );
    const missing = await call('TaskOutput', { task_id: 'x' });
    assert.equal(
      missing.error,
      '<tool_use_error>InputValidationError: the arguments of TaskOutput are not valid:\n- block: is required\n- timeout: is required</tool_use_error>',
    );
  });
});
