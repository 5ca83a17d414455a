// A command longer than the kernel takes for one argument is answered in band at once, by
// every shell tool of every shape, foreground and background alike.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { Scope } from '../../src/engine/scope.js';
import { Session } from '../../src/engine/session.js';
import type { EngineError } from '../../src/engine/errors.js';
import { callTool, tempDir, withServer } from '../helpers/server.js';
import { bashEngine } from '../helpers/shell-engine.js';

// 200,005 bytes: past MAX_ARG_STRLEN (131072 with its NUL, so 131071 bytes of text).
const LONG = `echo ${'x'.repeat(200_000)}`;
const WORDS = 'command too long: 200005 bytes, the limit is 131071; write it to a file and run that';

const W = WORDS;
// Each shape words the same condition in its vendor's style: the exact text it answers.
const CALLS: Array<[shape: string, tool: string, args: Record<string, unknown>, error: string]> = [
  ['core', 'shell.run', { command: LONG }, W],
  ['core', 'shell.start', { command: LONG }, W],
  ['claude', 'Bash', { command: LONG }, `<tool_use_error>C${W.slice(1)}.</tool_use_error>`],
  ['claude', 'Bash', { command: LONG, run_in_background: true }, `<tool_use_error>C${W.slice(1)}.</tool_use_error>`],
  ['gemini', 'run_shell_command', { command: LONG }, `Invalid parameters: ${W}.`],
  ['gemini', 'run_shell_command', { command: LONG, is_background: true }, `Invalid parameters: ${W}.`],
  ['qwen', 'run_shell_command', { command: LONG }, `Error: Invalid parameters provided. Reason: ${W}`],
  [
    'qwen',
    'run_shell_command',
    { command: LONG, is_background: true },
    `Error: Invalid parameters provided. Reason: ${W}`,
  ],
  ['kimi@1.49', 'Shell', { command: LONG }, `<system>ERROR: ${W}.</system>`],
  [
    'kimi@1.49',
    'Shell',
    { command: LONG, run_in_background: true, description: 'long' },
    `<system>ERROR: ${W}.</system>`,
  ],
  ['grok', 'bash', { command: LONG }, JSON.stringify({ success: false, output: `Error: ${W}` })],
  ['codex@0.169.0', 'exec_command', { cmd: LONG }, W],
  ['codex@0.169.0', 'shell_command', { command: LONG }, W],
  ['codex@0.169.0', 'shell', { command: ['bash', '-lc', LONG] }, W],
];

test('a 200 KB command is answered in band by every shell tool, naming its size and the limit', async () => {
  await withServer({ args: (dir) => ['--state-dir', path.join(dir, '.state')], prefix: 'facet-limits-' }, async (t) => {
    for (const [shape, tool, args, error] of CALLS) {
      const label = `${shape} ${tool} ${JSON.stringify(Object.keys(args))}`;
      // A deadline turns the old hang into a failure instead of a stuck test.
      const res = await callTool(t.client, tool, args, { shape, deadlineMs: 20_000 });
      assert.equal(res.error, error, label);
      assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT, label);
    }
    // The server still serves.
    const ok = await callTool(t.client, 'shell.run', { command: 'echo fine' }, { deadlineMs: 20_000 });
    assert.equal(ok.error, '');
  });
});

test('the engine refuses an argv whose one argument or whole size is over the limit, before starting it', async () => {
  const { dir, cleanup } = tempDir('facet-limits-');
  const engine = bashEngine(dir);
  const ctx = { session: new Session('limits'), scope: Scope.fromRoots([dir]) };
  try {
    const limit = 131071;
    // Exactly at the limit runs; one byte more does not.
    const at = await engine.run(ctx, { command: `: ${'y'.repeat(limit - 2)}` });
    assert.equal(at.exitCode, 0);
    await assert.rejects(engine.run(ctx, { command: `: ${'y'.repeat(limit - 1)}` }), (e: EngineError) => {
      assert.equal(e.kind, 'invalid_argument');
      assert.equal(e.field, 'command');
      assert.equal(
        e.message,
        `command too long: ${limit + 1} bytes, the limit is ${limit}; write it to a file and run that`,
      );
      return true;
    });
    // Many arguments under the one-argument limit, together over the whole-argv limit.
    const many = Array.from({ length: 80 }, () => 'z'.repeat(100_000));
    await assert.rejects(engine.run(ctx, { command: ['true', ...many] }), (e: EngineError) => {
      assert.equal(e.kind, 'invalid_argument');
      assert.match(
        e.message,
        /^command too long: \d+ bytes with its arguments and environment, the limit is \d+; write it to a file and run that$/,
      );
      return true;
    });
  } finally {
    await ctx.session.dispose();
    cleanup();
  }
});

test('a grep pattern over the limit is answered in band too (rg never starts)', async () => {
  await withServer({ prefix: 'facet-limits-' }, async (t) => {
    const res = await callTool(
      t.client,
      'Grep',
      { pattern: 'x'.repeat(200_000) },
      { shape: 'claude', deadlineMs: 20_000 },
    );
    assert.equal(
      res.error,
      '<tool_use_error>Pattern too long: 200000 bytes, the limit is 131071; search for a shorter part of it.</tool_use_error>',
    );
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
  });
});
