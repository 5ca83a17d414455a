// Claude Bash's effective timeout, read from the host block: 120000 ms by default, a
// larger request lowered to 600000 ms without an error, a smaller one kept.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { metadataFor, serverFixture } from '../../helpers/server.js';
import { procsWith } from '../../shell/procs.js';
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

// 2.1.332: at its timeout a foreground command starting with sleep is killed; any other moves to the background.
describe('claude shape 2.1.332: a foreground command at its timeout', () => {
  const { t, dir } = serverFixture({ shape: 'claude@2.1.332' });
  const call = claudeCaller(() => t, 'bash-moved', 'claude@2.1.332');

  test('a command that ends within its timeout keeps its directory, as before', async () => {
    const s = 'moved-cwd';
    assert.equal(
      (await call('Bash', { command: 'mkdir -p sub && cd sub' }, s)).text,
      '(Bash completed with no output)',
    );
    assert.equal((await call('Bash', { command: 'pwd' }, s)).text, `${dir}/sub`);
    assert.equal((await call('Bash', { command: 'cd / && echo out' }, s)).text, `out\nShell cwd was reset to ${dir}`);
    const failed = await call('Bash', { command: 'echo no; exit 3' }, s);
    assert.equal(failed.error, 'Exit code 3\nno');
    assert.equal((await call('Bash', { command: 'rmdir sub' }, s)).code, '');
  });

  test('output over 30000 characters that ended in time is persisted whole, as a run is', async () => {
    const big = await call('Bash', { command: "for i in $(seq 1 3001); do printf '%09d\\n' $i; done" });
    const lines = big.text.split('\n');
    assert.equal(lines[0], '<persisted-output>');
    const m = /^Output too large \(29\.3KB\)\. Full output saved to: (\S+)$/.exec(lines[1]!);
    assert.ok(m, lines[1]);
    assert.deepEqual(lines.slice(-4), ['000000199', '000000200', '...', '</persisted-output>']);
    assert.equal(readFileSync(m[1]!, 'utf8').length, 30010);
    assert.equal((await call('Read', { file_path: m[1]!, offset: 3001 })).text, '3001\t000003001\n3002\t');
  });

  test('a call the host cancels stops the command and all it started; no notice of it follows', async () => {
    const s = 'host-cancel';
    const started = path.join(dir, 'host-cancel-started');
    let answered: (err: { code?: number } | null) => void = () => undefined;
    const ended = new Promise<{ code?: number } | null>((r) => (answered = r));
    const pending = t.client.callTool(
      { name: 'Bash', arguments: { command: `echo before; sleep 60.417 & touch ${started}; wait` }, roots: [] },
      metadataFor({ shape: 'claude@2.1.332', session: s }),
      (err) => answered(err),
    );
    const poll = async (done: () => boolean) => {
      for (let i = 0; i < 400 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
    };
    await poll(() => existsSync(started));
    // The shell line and the sleep it started (and any wrapper of theirs).
    assert.ok(procsWith('sleep 60.417').length > 0);
    pending.cancel();
    assert.equal((await ended)?.code, 1); // grpc CANCELLED
    // The handler answers once the job is stopped and its notice dropped.
    await poll(() => t.logs.some((l) => l.tool === 'Bash' && l.outcome === 'cancelled'));
    assert.deepEqual(procsWith('sleep 60.417'), []);
    assert.equal((await call('Bash', { command: 'rm host-cancel-started; echo next' }, s)).text, 'next');
  });

  test('a command starting with sleep is killed', async () => {
    const r = await call('Bash', { command: 'sleep 5', timeout: 1000 });
    assert.equal(r.error, 'Exit code 143\nCommand timed out after 1s');
  });

  test('any other command moves to the background: its file, then its notification', async () => {
    const r = await call('Bash', { command: 'echo a; sleep 5; echo b', timeout: 1000, description: 'a then b' });
    assert.equal(r.code, '');
    const details = r.display.details as { taskId: string; outputFile: string };
    assert.equal(
      r.text,
      `a\nCommand did not complete within its 1s timeout and was moved to the background (ID: ${details.taskId}). ` +
        `Output is being written to: ${details.outputFile}. You will be notified when it completes. ` +
        'If it is still running after 10m in the background, it will be stopped and you will be notified. ' +
        'It is running now: do not start a second copy while it runs. If it is no longer needed, stop it with TaskStop. ' +
        'To check interim output, use Read on that file path.',
    );
    // Its end, waited for by Read in a bounded poll (no fixed sleep).
    let text = '';
    for (let i = 0; i < 200 && !text.includes('[exited with code'); i++) {
      text = (await call('Read', { file_path: details.outputFile })).text;
      if (!text.includes('[exited with code')) await new Promise((res) => setTimeout(res, 100));
    }
    // The notification rides on the first tool result after the end: this Read's, or the next call's.
    const [body, ...reminder] = text.split('\n\n<system-reminder>');
    assert.equal(body, '1\ta\n2\tb\n3\t\n4\t[exited with code 0]\n5\t');
    const next = reminder.length > 0 ? { text } : await call('Bash', { command: 'echo next' });
    assert.ok(next.text.includes(`<task-id>${details.taskId}</task-id>`), next.text);
    assert.ok(next.text.includes('<status>completed</status>'), next.text);
    assert.ok(
      next.text.includes('<summary>Background command "a then b" completed (exit code 0)</summary>'),
      next.text,
    );
  });
});
