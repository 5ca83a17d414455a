// Codex exec_command / write_stdin / shell_command / shell over gRPC: exact result texts
// (ids and timings normalised), token budgets with middle truncation, sessions, errors.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { structured, texts } from '../../helpers/server.js';
import { codexServer, norm, sessionId } from './helpers.js';

const C = FailureCode;

function seq(n: number): string {
  let s = '';
  for (let i = 1; i <= n; i++) s += `${i}\n`;
  return s;
}

describe('codex exec_command and write_stdin', () => {
  const e = codexServer();

  test('a command that finishes: exit code and both streams', async () => {
    const res = await e.call('exec_command', { cmd: 'echo hi; echo err >&2; exit 3', yield_time_ms: 5000 });
    assert.equal(res.error, '');
    assert.equal(
      norm(res),
      'Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 3\nOriginal token count: 2\nOutput:\nhi\nerr\n',
    );
    const s = res.content.map((c) => (c.body?.$case === 'structured' ? c.body.value : undefined)).filter(Boolean);
    assert.equal((s[0] as Record<string, unknown>).exit_code, 3);
    assert.equal((s[0] as Record<string, unknown>).output, 'hi\nerr\n');
    assert.deepEqual(Object.keys(s[0] as object).sort(), [
      'chunk_id',
      'exit_code',
      'original_token_count',
      'output',
      'wall_time_seconds',
    ]);
    assert.equal((s[1] as { display: { exitCode: number } }).display.exitCode, 3);
  });

  test('output over max_output_tokens keeps equal head and tail halves with the token marker', async () => {
    const res = await e.call('exec_command', { cmd: 'seq 1 30', max_output_tokens: 5, yield_time_ms: 5000 });
    assert.equal(
      norm(res),
      'Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 0\nOriginal token count: 21\nOutput:\n' +
        'Warning: truncated output (original token count: 21)\nTotal output lines: 30\n\n1\n2\n3\n4\n5\n…16 tokens truncated…\n28\n29\n30\n',
    );
  });

  test('the default budget is 10000 tokens: 40000 bytes pass whole, more is cut', async () => {
    const whole = await e.call('exec_command', { cmd: 'head -c 40000 /dev/zero | tr "\\0" a', yield_time_ms: 5000 });
    assert.equal(
      norm(whole),
      `Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 0\nOriginal token count: 10000\nOutput:\n${'a'.repeat(40000)}`,
    );
    const cut = await e.call('exec_command', { cmd: 'head -c 40001 /dev/zero | tr "\\0" a', yield_time_ms: 5000 });
    assert.equal(
      norm(cut),
      `Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 0\nOriginal token count: 10001\nOutput:\nWarning: truncated output (original token count: 10001)\nTotal output lines: 1\n\n${'a'.repeat(20000)}…1 tokens truncated…${'a'.repeat(20000)}`,
    );
  });

  test('a long command yields a session id; polling returns new output and finally the exit', async () => {
    const first = await e.call('exec_command', { cmd: 'echo start; sleep 0.6; echo done', yield_time_ms: 250 });
    const id = sessionId(first);
    assert.equal(
      norm(first),
      `Chunk ID: <id>\nWall time: <t> seconds\nProcess running with session ID ${id}\nOriginal token count: 2\nOutput:\nstart\n`,
    );
    const poll = await e.call('write_stdin', { session_id: id, yield_time_ms: 250 });
    assert.equal(
      norm(poll),
      'Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 0\nOriginal token count: 2\nOutput:\ndone\n',
    );
    const again = await e.call('write_stdin', { session_id: id });
    assert.equal(again.failure?.code, C.FAILURE_CODE_NOT_FOUND);
    assert.equal(
      again.error,
      `no running process has session id ${id}; it may have exited already — start it again with exec_command`,
    );
  });

  test('tty: typing into an interactive process, Ctrl-C ends it', async () => {
    const start = await e.call('exec_command', {
      cmd: 'while read l; do echo "got $l"; done',
      tty: true,
      yield_time_ms: 250,
    });
    const id = sessionId(start);
    const typed = await e.call('write_stdin', { session_id: id, chars: 'hello\n', yield_time_ms: 500 });
    assert.match(
      norm(typed),
      new RegExp(
        `^Chunk ID: <id>\\nWall time: <t> seconds\\nProcess running with session ID ${id}\\nOriginal token count: \\d+\\nOutput:\\n`,
      ),
    );
    assert.match(texts(typed)[0]!, /got hello\r\n/);
    const stopped = await e.call('write_stdin', { session_id: id, chars: '\u0003', yield_time_ms: 2000 });
    assert.match(norm(stopped), /^Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 130\n/);
  });

  test('without tty stdin is closed: typing is refused with the remedy', async () => {
    const start = await e.call('exec_command', { cmd: 'sleep 5', yield_time_ms: 250 });
    const id = sessionId(start);
    const res = await e.call('write_stdin', { session_id: id, chars: 'x\n' });
    assert.equal(res.failure?.code, C.FAILURE_CODE_PRECONDITION_FAILED);
    assert.equal(
      res.error,
      `process ${id} has its stdin closed (started without tty); run it again with exec_command and tty: true to type into it`,
    );
  });

  test('sessions are separate: another session does not see the process', async () => {
    const start = await e.call('exec_command', { cmd: 'sleep 5', yield_time_ms: 250 }, 'session-a');
    const res = await e.call('write_stdin', { session_id: sessionId(start) }, 'session-b');
    assert.equal(res.failure?.code, C.FAILURE_CODE_NOT_FOUND);
  });

  test('workdir, shell and login choices', async () => {
    await e.call('shell_command', { command: 'mkdir -p sub && touch sub/marker' });
    const res = await e.call('exec_command', { cmd: 'ls', workdir: 'sub', shell: 'sh', yield_time_ms: 5000 });
    assert.match(norm(res), /Output:\nmarker\n$/);
    const outside = await e.call('exec_command', { cmd: 'ls', workdir: '/etc' });
    assert.equal(outside.failure?.code, C.FAILURE_CODE_PERMISSION_DENIED);
    const missing = await e.call('exec_command', { cmd: 'ls', workdir: 'nope' });
    assert.equal(missing.failure?.code, C.FAILURE_CODE_NOT_FOUND);
    assert.equal(
      missing.error,
      'the directory nope does not exist; set workdir to an existing directory inside the workspace, or leave it out to use the session directory',
    );
  });

  test('escalation and extra permissions are refused', async () => {
    for (const args of [
      { sandbox_permissions: 'require_escalated' },
      { additional_permissions: { network: { enabled: true } } },
    ]) {
      const res = await e.call('exec_command', { cmd: 'ls', ...args });
      assert.equal(res.failure?.code, C.FAILURE_CODE_PERMISSION_DENIED);
      assert.match(res.error, /^commands cannot run outside the sandbox here/);
    }
  });

  test('bad arguments are reported as unreadable function arguments', async () => {
    const res = await e.call('exec_command', { command: 'ls' });
    assert.equal(res.failure?.code, C.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(res.error, 'invalid function arguments: cmd is required; command is not a known parameter');
    const neg = await e.call('exec_command', { cmd: 'ls', max_output_tokens: -1 });
    assert.equal(neg.error, 'max_output_tokens must be a number of tokens, 0 or more');
  });

  test('an apply_patch heredoc is applied, not run', async () => {
    writeFileSync(path.join(e.dir, 'h.txt'), 'old\n');
    const res = await e.call('exec_command', {
      cmd: "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: h.txt\n-old\n+new\n*** End Patch\nEOF",
      yield_time_ms: 5000,
    });
    assert.equal(
      norm(res),
      'Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 0\nOriginal token count: 12\nOutput:\nSuccess. Updated the following files:\nM h.txt\n',
    );
    assert.equal(readFileSync(path.join(e.dir, 'h.txt'), 'utf8'), 'new\n');
  });
});

describe('codex shell_command and shell', () => {
  const e = codexServer();

  test('shell_command: exit code, wall time, output', async () => {
    const res = await e.call('shell_command', { command: 'echo hi; echo err >&2' });
    assert.equal(res.error, '');
    assert.equal(norm(res), 'Exit code: 0\nWall time: <t> seconds\nOutput:\nhi\nerr\n');
    assert.match(texts(res)[0]!, /^Exit code: 0\nWall time: \d+\.\d seconds\n/);
  });

  test('shell_command: a non-zero exit is a failed call with the same text', async () => {
    const res = await e.call('shell_command', { command: 'echo no; exit 2' });
    assert.equal(norm(res), 'Exit code: 2\nWall time: <t> seconds\nOutput:\nno\n');
    assert.equal(res.error, texts(res)[0]);
    assert.equal(res.failure?.code, C.FAILURE_CODE_PROCESS_FAILED);
  });

  test('shell_command: a timeout kills the command, exit 124 and the notice first', async () => {
    const res = await e.call('shell_command', { command: 'echo before; sleep 5', timeout_ms: 300 });
    assert.equal(
      norm(res),
      'Exit code: 124\nWall time: <t> seconds\nOutput:\ncommand timed out after 300 milliseconds\nbefore\n',
    );
    assert.equal(res.failure?.code, C.FAILURE_CODE_TIMEOUT);
  });

  test('shell_command: output over 10000 tokens keeps 20000 bytes each end and says how many lines', async () => {
    const full = seq(10000);
    const res = await e.call('shell_command', { command: 'seq 1 10000' });
    const omitted = Buffer.byteLength(full) - 40000;
    assert.equal(
      norm(res),
      `Exit code: 0\nWall time: <t> seconds\nTotal output lines: 10000\nOutput:\n${full.slice(0, 20000)}…${Math.ceil(omitted / 4)} tokens truncated…${full.slice(-20000)}`,
    );
  });

  test('shell_command: a cd does not carry over to the next call', async () => {
    await e.call('shell_command', { command: 'mkdir -p d1' });
    await e.call('shell_command', { command: 'cd d1' });
    const res = await e.call('shell_command', { command: 'basename "$PWD"', workdir: '.' });
    assert.equal(norm(res), `Exit code: 0\nWall time: <t> seconds\nOutput:\n${path.basename(e.dir)}\n`);
  });

  test('shell: argv run directly, JSON result', async () => {
    const res = await e.call('shell', { command: ['bash', '-lc', 'echo hi'] });
    assert.equal(norm(res), '{"output":"hi\\n","metadata":{"exit_code":0,"duration_seconds":<t>}}');
    const raw = await e.call('shell', { command: ['printf', '%s|', 'a b', '$HOME'] });
    assert.equal(JSON.parse(texts(raw)[0]!).output, 'a b|$HOME|');
  });

  test('shell: failure, missing program, timeout, truncation header', async () => {
    const fail = await e.call('shell', { command: ['bash', '-c', 'echo x; exit 5'] });
    assert.equal(norm(fail), '{"output":"x\\n","metadata":{"exit_code":5,"duration_seconds":<t>}}');
    assert.equal(fail.failure?.code, C.FAILURE_CODE_PROCESS_FAILED);
    const missing = await e.call('shell', { command: ['no-such-program-here'] });
    assert.equal(JSON.parse(texts(missing)[0]!).metadata.exit_code, 127);
    const slow = await e.call('shell', { command: ['sleep', '5'], timeout_ms: 200 });
    assert.equal(
      norm(slow),
      '{"output":"command timed out after 200 milliseconds\\n","metadata":{"exit_code":124,"duration_seconds":<t>}}',
    );
    const big = await e.call('shell', { command: ['seq', '1', '10000'] });
    const out = JSON.parse(texts(big)[0]!).output as string;
    const full = seq(10000);
    assert.equal(
      out,
      `Warning: truncated output (original token count: ${Math.ceil(Buffer.byteLength(full) / 4)})\nTotal output lines: 10000\n\n${full.slice(0, 20000)}…2224 tokens truncated…${full.slice(-20000)}`,
    );
    const empty = await e.call('shell', { command: [] });
    assert.equal(empty.failure?.code, C.FAILURE_CODE_INVALID_ARGUMENT);
  });

  test('shell: ["apply_patch", PATCH] applies it; a bare patch is refused with the right call', async () => {
    const res = await e.call('shell', {
      command: ['apply_patch', '*** Begin Patch\n*** Add File: p.txt\n+p\n*** End Patch'],
    });
    assert.equal(
      norm(res),
      '{"output":"Success. Updated the following files:\\nA p.txt\\n","metadata":{"exit_code":0,"duration_seconds":<t>}}',
    );
    assert.equal(readFileSync(path.join(e.dir, 'p.txt'), 'utf8'), 'p\n');
    const bare = await e.call('shell', { command: ['*** Begin Patch\n*** Add File: q.txt\n+q\n*** End Patch'] });
    assert.equal(bare.failure?.code, C.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(
      bare.error,
      'this looks like a patch, but apply_patch was not called: send it as ["apply_patch", "<patch>"] or call the apply_patch tool',
    );
    const viaCd = await e.call('shell', {
      command: [
        'bash',
        '-lc',
        "cd sub2 && apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: r.txt\n+r\n*** End Patch\nEOF",
      ],
    });
    assert.equal(viaCd.failure?.code, C.FAILURE_CODE_NOT_FOUND);
    await e.call('shell_command', { command: 'mkdir sub2' });
    const ok = await e.call('shell', {
      command: [
        'bash',
        '-lc',
        "cd sub2 && apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: r.txt\n+r\n*** End Patch\nEOF",
      ],
    });
    assert.equal(ok.error, '');
    assert.equal(readFileSync(path.join(e.dir, 'sub2', 'r.txt'), 'utf8'), 'r\n');
    assert.equal(structured(ok) !== undefined, true);
  });
});
