// Codex shells are login shells by default (bash -lc, as Codex wraps commands) and plain
// shells with login: false; shell_command names the total line count only when cutting
// the output changed it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { codexServer, norm } from './helpers.js';

const PROBE = 'shopt -q login_shell && echo login || echo nologin';

describe('codex login shell default', () => {
  const e = codexServer();

  test('shell_command: login shell unless login is false', async () => {
    assert.equal(
      norm(await e.call('shell_command', { command: PROBE })),
      'Exit code: 0\nWall time: <t> seconds\nOutput:\nlogin\n',
    );
    assert.equal(
      norm(await e.call('shell_command', { command: PROBE, login: true })),
      'Exit code: 0\nWall time: <t> seconds\nOutput:\nlogin\n',
    );
    assert.equal(
      norm(await e.call('shell_command', { command: PROBE, login: false })),
      'Exit code: 0\nWall time: <t> seconds\nOutput:\nnologin\n',
    );
  });

  test('exec_command: login shell unless login is false, also with an explicit shell', async () => {
    const expect = (word: string) =>
      `Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 0\nOriginal token count: ${Math.ceil((word.length + 1) / 4)}\nOutput:\n${word}\n`;
    assert.equal(norm(await e.call('exec_command', { cmd: PROBE, yield_time_ms: 5000 })), expect('login'));
    assert.equal(
      norm(await e.call('exec_command', { cmd: PROBE, login: false, yield_time_ms: 5000 })),
      expect('nologin'),
    );
    assert.equal(
      norm(await e.call('exec_command', { cmd: PROBE, shell: 'bash', yield_time_ms: 5000 })),
      expect('login'),
    );
    assert.equal(
      norm(await e.call('exec_command', { cmd: PROBE, shell: 'bash', login: false, yield_time_ms: 5000 })),
      expect('nologin'),
    );
  });
});

describe('codex shell_command line count header', () => {
  const e = codexServer();

  test('a single 50000-byte line cut in the middle says nothing about lines', async () => {
    const res = await e.call('shell_command', { command: 'head -c 50000 /dev/zero | tr "\\0" a' });
    assert.equal(
      norm(res),
      `Exit code: 0\nWall time: <t> seconds\nOutput:\n${'a'.repeat(20000)}…2500 tokens truncated…${'a'.repeat(20000)}`,
    );
  });

  test('a single line with its newline keeps one line after the cut: no header either', async () => {
    const res = await e.call('shell_command', { command: 'head -c 50000 /dev/zero | tr "\\0" a; echo' });
    assert.equal(
      norm(res),
      `Exit code: 0\nWall time: <t> seconds\nOutput:\n${'a'.repeat(20000)}…2501 tokens truncated…${'a'.repeat(19999)}\n`,
    );
  });

  test('two long lines cut into one: the header gives the original 2', async () => {
    const res = await e.call('shell_command', {
      command: 'head -c 30000 /dev/zero | tr "\\0" a; echo; head -c 30000 /dev/zero | tr "\\0" b',
    });
    assert.equal(
      norm(res),
      `Exit code: 0\nWall time: <t> seconds\nTotal output lines: 2\nOutput:\n${'a'.repeat(20000)}…5001 tokens truncated…${'b'.repeat(20000)}`,
    );
  });
});
