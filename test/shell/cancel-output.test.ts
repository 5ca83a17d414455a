// What a command printed before its call was cancelled comes back in every shape, as each
// vendor words it, and in Failure.process for the host. The cancellation here is the server
// draining with no grace (the call is answered in band, so the client sees it): each command
// prints, leaves a marker file, then sleeps; once every marker exists the server shuts down.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import type { CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, startTestServer, tempDir, texts } from '../helpers/server.js';

const line = (n: number) => `echo before; touch m${n}; sleep 30`;

const cases: Array<{
  shape: string;
  tool: string;
  args: (n: number) => Record<string, unknown>;
  texts: (n: number) => string[];
}> = [
  { shape: 'core', tool: 'shell.run', args: (n) => ({ command: line(n) }), texts: () => ['before\n'] },
  {
    shape: 'claude',
    tool: 'Bash',
    args: (n) => ({ command: line(n) }),
    texts: () => ['before\n<error>Command was aborted before completion</error>'],
  },
  {
    shape: 'gemini',
    tool: 'run_shell_command',
    args: (n) => ({ command: line(n) }),
    texts: () => [
      'Command was cancelled by user before it could complete. Below is the output before it was cancelled:\nbefore\n',
    ],
  },
  {
    shape: 'qwen',
    tool: 'run_shell_command',
    args: (n) => ({ command: line(n), is_background: false }),
    texts: () => [
      'Command was cancelled by user before it could complete. Below is the output before it was cancelled:\nbefore\n',
    ],
  },
  {
    shape: 'kimi@1.49',
    tool: 'Shell',
    args: (n) => ({ command: line(n) }),
    texts: () => ['<system>ERROR: Command was cancelled before it finished.</system>', 'before\n'],
  },
  {
    shape: 'grok',
    tool: 'bash',
    args: (n) => ({ command: line(n) }),
    // grok-dev answers a cancelled command with its marker only (its output is dropped).
    texts: () => ['{"success":false,"output":"[Cancelled]"}'],
  },
  {
    shape: 'codex@0.169.0',
    tool: 'shell_command',
    args: (n) => ({ command: line(n), timeout_ms: 60_000 }),
    texts: () => [
      'Exit code: 143\nWall time: <t> seconds\nOutput:\ncommand was cancelled before it finished\nbefore\n',
    ],
  },
  {
    shape: 'codex@0.169.0',
    tool: 'shell',
    args: (n) => ({ command: ['bash', '-c', line(n)], timeout_ms: 60_000 }),
    texts: () => [
      '{"output":"command was cancelled before it finished\\nbefore\\n","metadata":{"exit_code":143,"duration_seconds":<t>}}',
    ],
  },
];

test('a cancelled command returns its output so far in every shape', async () => {
  const { dir, cleanup } = tempDir();
  const s = await startTestServer(['--root', dir, '--grace-ms', '0']);
  try {
    const calls = cases.map((c, n) =>
      callTool(s.client, c.tool, c.args(n), { shape: c.shape, session: `cancel-${n}` }),
    );
    // Every command has printed once its marker exists (echo runs before touch).
    while (!cases.every((_, n) => existsSync(path.join(dir, `m${n}`)))) await sleep(20);
    const stopped = s.server.shutdown('test: cancel the calls in flight');
    const answers: CallToolResponse[] = await Promise.all(calls);
    await stopped;
    answers.forEach((res, n) => {
      const c = cases[n]!;
      const label = `${c.shape}/${c.tool}`;
      const norm = (t: string) =>
        t
          .replace(/Wall time: [\d.]+ seconds/, 'Wall time: <t> seconds')
          .replace(/"duration_seconds":[\d.]+/, '"duration_seconds":<t>');
      assert.deepEqual(texts(res).map(norm), c.texts(n), label);
      assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_CANCELLED, label);
      assert.equal(res.failure?.retryable, true, label);
      assert.equal(res.failure?.process?.output, 'before\n', label);
    });
  } finally {
    s.client.close();
    cleanup();
  }
});

test('a command past its timeout returns its output so far in every shape (Grok: fixed 30 s, in grok/branches)', async () => {
  const { dir, cleanup } = tempDir();
  // Gemini's only shell timeout is the inactivity one.
  const s = await startTestServer(['--root', dir, '--shell-inactivity-ms', '1500']);
  const cmd = 'echo before; sleep 30';
  const timed: Array<[string, string, Record<string, unknown>, string[]]> = [
    ['core', 'shell.run', { command: cmd, timeout_ms: 1500 }, ['before\n']],
    // From 2.1.309 claude moves such a command to the background (test/shapes/claude/bash-timeout.test.ts).
    [
      'claude@2.1.197',
      'Bash',
      { command: cmd, timeout: 1500 },
      ['Exit code 143\nbefore\nCommand timed out after 1.5s'],
    ],
    [
      'gemini',
      'run_shell_command',
      { command: cmd },
      [
        'Command was automatically cancelled because it exceeded the timeout of 0.0 minutes without output. Below is the output before it was cancelled:\nbefore',
      ],
    ],
    [
      'qwen',
      'run_shell_command',
      { command: cmd, timeout: 1500, is_background: false },
      ['Command timed out after 1500ms before it could complete. Below is the output before it timed out:\nbefore'],
    ],
    [
      'kimi@1.49',
      'Shell',
      { command: cmd, timeout: 1 },
      ['<system>ERROR: Command killed by timeout (1s)</system>', 'before\n'],
    ],
    [
      'codex@0.169.0',
      'shell_command',
      { command: cmd, timeout_ms: 1500 },
      ['Exit code: 124\nWall time: <t> seconds\nOutput:\ncommand timed out after 1500 milliseconds\nbefore\n'],
    ],
    [
      'codex@0.169.0',
      'shell',
      { command: ['bash', '-c', cmd], timeout_ms: 1500 },
      [
        '{"output":"command timed out after 1500 milliseconds\\nbefore\\n","metadata":{"exit_code":124,"duration_seconds":<t>}}',
      ],
    ],
  ];
  try {
    const answers = await Promise.all(timed.map(([shape, tool, args]) => callTool(s.client, tool, args, { shape })));
    answers.forEach((res, n) => {
      const [shape, tool, , want] = timed[n]!;
      const norm = (t: string) =>
        t
          .replace(/Wall time: [\d.]+ seconds/, 'Wall time: <t> seconds')
          .replace(/"duration_seconds":[\d.]+/, '"duration_seconds":<t>');
      assert.deepEqual(texts(res).map(norm), want, `${shape}/${tool}`);
      assert.equal(res.failure?.process?.output, 'before\n', `${shape}/${tool}`);
      assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_TIMEOUT, `${shape}/${tool}`);
    });
  } finally {
    await s.close();
    cleanup();
  }
});
