// More codex shell paths over gRPC, with exact texts: a tty echoing what was typed, the
// escalation refusals, the ["applypatch", PATCH] alias, an empty poll waiting at least 5 s
// (read from the reported wall time), the 1 MiB ceiling on max_output_tokens, and a
// workdir outside the roots.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { texts } from '../../helpers/server.js';
import { codexServer, norm, sessionId } from './helpers.js';

const C = FailureCode;

describe('codex shell tools: more paths', () => {
  const e = codexServer();

  test('write_stdin on a tty: the echo of the typed line, then the answer, CRLF as a terminal prints', async () => {
    const start = await e.call('exec_command', {
      cmd: 'while read l; do echo "got $l"; done',
      tty: true,
      yield_time_ms: 500,
    });
    const id = sessionId(start);
    const typed = await e.call('write_stdin', { session_id: id, chars: 'hello\n', yield_time_ms: 1000 });
    assert.equal(
      norm(typed),
      `Chunk ID: <id>\nWall time: <t> seconds\nProcess running with session ID ${id}\nOriginal token count: 5\nOutput:\nhello\r\ngot hello\r\n`,
    );
    await e.call('write_stdin', { session_id: id, chars: '\u0003', yield_time_ms: 2000 });
  });

  test('escalation and additional permissions: refused with the remedy', async () => {
    const esc = await e.call('shell_command', {
      command: 'ls',
      sandbox_permissions: 'require_escalated',
      justification: 'need it',
    });
    assert.equal(esc.failure?.code, C.FAILURE_CODE_PERMISSION_DENIED);
    assert.equal(
      esc.error,
      'commands cannot run outside the sandbox here (sandbox_permissions require_escalated): approvals are never granted by this server; run the command without sandbox_permissions or additional_permissions, inside the roots',
    );
    const extra = await e.call('exec_command', {
      cmd: 'ls',
      additional_permissions: { file_system: { write: ['/'] } },
    });
    assert.equal(
      extra.error,
      'commands cannot run outside the sandbox here (additional_permissions requested): approvals are never granted by this server; run the command without sandbox_permissions or additional_permissions, inside the roots',
    );
    assert.equal(
      (await e.call('shell_command', { command: 'echo fine', sandbox_permissions: 'use_default' })).error,
      '',
    );
  });

  test('shell: ["applypatch", PATCH] is the same as apply_patch', async () => {
    const res = await e.call('shell', {
      command: ['applypatch', '*** Begin Patch\n*** Add File: alias.txt\n+via alias\n*** End Patch'],
    });
    assert.equal(
      norm(res),
      '{"output":"Success. Updated the following files:\\nA alias.txt\\n","metadata":{"exit_code":0,"duration_seconds":<t>}}',
    );
    assert.equal(readFileSync(path.join(e.dir, 'alias.txt'), 'utf8'), 'via alias\n');
  });

  test('an empty write_stdin poll waits at least 5 seconds for output (reported wall time)', async () => {
    const start = await e.call('exec_command', { cmd: 'sleep 30', yield_time_ms: 250 });
    const id = sessionId(start);
    const poll = await e.call('write_stdin', { session_id: id, chars: '', yield_time_ms: 300 });
    assert.equal(
      norm(poll),
      `Chunk ID: <id>\nWall time: <t> seconds\nProcess running with session ID ${id}\nOriginal token count: 0\nOutput:\n`,
    );
    const wall = Number(/^Wall time: (\d+\.\d+) seconds$/m.exec(texts(poll)[0]!)![1]);
    assert.ok(wall >= 5 && wall < 30, `wall time ${wall}`);
    await e.call('shell_command', { command: 'true' });
  });

  test('max_output_tokens above 262144 changes nothing: one read keeps at most 1 MiB', async () => {
    const res = await e.call('exec_command', {
      cmd: 'head -c 1100000 /dev/zero | tr "\\0" a',
      max_output_tokens: 1_000_000,
      yield_time_ms: 10000,
    });
    const half = 'a'.repeat(524288);
    assert.equal(
      norm(res),
      `Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 0\nOriginal token count: 275000\nOutput:\nWarning: truncated output (original token count: 275000)\nTotal output lines: 1\n\n${half}…12856 tokens truncated…${half}`,
    );
  });

  test('shell_command: a workdir outside the roots is refused', async () => {
    const res = await e.call('shell_command', { command: 'ls', workdir: '/etc' });
    assert.equal(res.failure?.code, C.FAILURE_CODE_PERMISSION_DENIED);
    assert.equal(
      res.error,
      `/etc is outside the directories this session may use (${e.dir}); set workdir to a directory inside them, or leave it out to use the session directory`,
    );
    assert.equal(texts(res)[0], res.error);
    const read = await e.call('read_file', { file_path: '/etc/hostname' });
    assert.equal(
      read.error,
      `/etc/hostname is outside the directories this session may use (${e.dir}); use a path inside them`,
    );
  });
});
