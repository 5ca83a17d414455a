// The openai tools over a stand-in engine (no server, no disk, no process): each tool's call
// hands the API's operation or action to the engine as the test expects, its format words the
// canned answer, and an engine failure still comes back with the output item.
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import type { FacetConfig } from '../../../src/config.js';
import {
  engineFailure,
  type DiffOperation,
  type DiffOperationResult,
  type Engine,
  type RunOutcome,
} from '../../../src/engine/index.js';
import type { ToolResult } from '../../../src/registry/types.js';
import { buildTools } from '../../../src/shapes/common/define.js';
import { applyPatch } from '../../../src/shapes/openai/apply-patch.js';
import { openaiDialect } from '../../../src/shapes/openai/errors.js';
import { localShell } from '../../../src/shapes/openai/local-shell.js';
import { CALL_LIMIT_MS, shell } from '../../../src/shapes/openai/shell.js';
import { fakeContext, fakeEngine } from '../../helpers/fake-engine.js';

async function call(engine: Engine, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  const tools = buildTools({ config: {} as FacetConfig, engine }, openaiDialect, [applyPatch, shell, localShell]);
  return (await tools.find((t) => t.name === name)!.handler(args, fakeContext('openai'))) as ToolResult;
}

const captured = (text: string) => ({
  text,
  head: text,
  tail: '',
  totalBytes: Buffer.byteLength(text),
  totalLines: 1,
  truncated: false,
  omittedBytes: 0,
});
const outcome = (stdout: string, stderr: string, exitCode: number | null, timedOut = false) =>
  ({
    exitCode,
    signal: null,
    timedOut,
    durationMs: 3,
    stdout: captured(stdout),
    stderr: captured(stderr),
    cwd: '/project',
    sessionCwd: '/project',
    timeoutMs: 60000,
  }) as unknown as RunOutcome;

test('apply_patch hands the operation to files.applyDiff and answers "Updated <path>"', async () => {
  const seen: DiffOperation[] = [];
  const result: DiffOperationResult = {
    type: 'update_file',
    path: '/project/a.py',
    relative: 'a.py',
    bytes: 4,
    diff: { unified: '--- a/a.py\n+++ b/a.py\n', omitted: undefined } as unknown as DiffOperationResult['diff'],
  };
  const engine = fakeEngine({ files: { applyDiff: (_c, op) => (seen.push(op), Promise.resolve(result)) } });
  const r = await call(engine, 'apply_patch', { type: 'update_file', path: 'a.py', diff: '@@\n-a\n+b', call_id: 'c1' });
  assert.deepEqual(seen, [{ type: 'update_file', path: 'a.py', diff: '@@\n-a\n+b' }]);
  assert.equal(r.text, 'Updated a.py');
  assert.deepEqual(r.data, {
    type: 'apply_patch_call_output',
    call_id: 'c1',
    status: 'completed',
    output: 'Updated a.py',
  });
  assert.equal(r.failure, undefined);
});

test("apply_patch: the engine's V4A failure keeps the reference message and fails the output item", async () => {
  const engine = fakeEngine({
    files: {
      applyDiff: () =>
        Promise.reject(
          engineFailure('diff_mismatch', 'Invalid Context 2:\nx', {
            reason: 'Invalid Context 2:\nx',
            cursor: 2,
            lines: 'x',
          }),
        ),
    },
  });
  const r = await call(engine, 'apply_patch', { type: 'update_file', path: 'a.py', diff: ' x' });
  assert.equal(r.text, 'Invalid Context 2:\nx');
  assert.deepEqual(r.data, { type: 'apply_patch_call_output', status: 'failed', output: 'Invalid Context 2:\nx' });
  assert.equal(r.failure?.condition, 'diff_mismatch');
});

test('apply_patch: a bad operation never reaches the engine', async () => {
  const r = await call(fakeEngine(), 'apply_patch', { type: 'create_file', path: 'a' });
  assert.equal(r.text, 'Apply patch operation create_file is missing the required diff payload.');
});

test('shell runs each command through shell.run with separate streams and a head-only capture', async () => {
  const seen: unknown[] = [];
  const answers = [outcome('a\n', '', 0), outcome('', 'bad\n', 2)];
  const engine = fakeEngine({ shell: { run: (_c, opts) => (seen.push(opts), Promise.resolve(answers.shift()!)) } });
  const r = await call(engine, 'shell', { commands: ['echo a', 'false'], timeout_ms: 1000, max_output_length: 10 });
  assert.deepEqual(
    seen.map((o) => {
      const { command, timeoutMs, streams, maxOutputBytes, headShare } = o as Record<string, unknown>;
      return { command, timeoutMs, streams, maxOutputBytes, headShare };
    }),
    [
      { command: 'echo a', timeoutMs: 1000, streams: 'separate', maxOutputBytes: 40, headShare: 1 },
      { command: 'false', timeoutMs: 1000, streams: 'separate', maxOutputBytes: 40, headShare: 1 },
    ],
  );
  assert.deepEqual(r.data, {
    type: 'shell_call_output',
    max_output_length: 10,
    output: [
      { stdout: 'a\n', stderr: '', outcome: { type: 'exit', exit_code: 0 } },
      { stdout: '', stderr: 'bad\n', outcome: { type: 'exit', exit_code: 2 } },
    ],
  });
  assert.equal(r.failure?.kind, 'process_failed');
});

test('local_shell maps the exec action onto one argv run (env over the non-interactive defaults)', async () => {
  const seen: Array<Record<string, unknown>> = [];
  const engine = fakeEngine({
    shell: { run: (_c, opts) => (seen.push(opts as never), Promise.resolve(outcome('out\n', 'err\n', 0))) },
  });
  const r = await call(engine, 'local_shell', {
    type: 'exec',
    command: ['ls', '-l'],
    env: { A: '1', PAGER: 'less' },
    working_directory: 'src',
    timeout_ms: 2000,
  });
  const o = seen[0]!;
  assert.deepEqual(
    { command: o.command, workdir: o.workdir, workdirField: o.workdirField, timeoutMs: o.timeoutMs, env: o.env },
    {
      command: ['ls', '-l'],
      workdir: 'src',
      workdirField: 'working_directory',
      timeoutMs: 2000,
      env: { PAGER: 'less', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', A: '1' },
    },
  );
  assert.deepEqual(r.data, { type: 'local_shell_call_output', output: 'out\nerr\n' });
});

/**
 * A stand-in shell whose commands each take `takesMs` on a mocked clock (no waiting): one given
 * less is stopped at its timeout. Records the timeout each command was given.
 */
function clockedShell(takesMs: number, given: number[]): Engine {
  return fakeEngine({
    shell: {
      run: (_c, opts) => {
        const timeoutMs = opts.timeoutMs!;
        given.push(timeoutMs);
        const timedOut = takesMs > timeoutMs;
        mock.timers.tick(Math.min(takesMs, timeoutMs));
        return Promise.resolve({
          ...outcome(timedOut ? 'partial\n' : 'done\n', '', timedOut ? null : 0, timedOut),
          timeoutMs,
        });
      },
    },
  });
}

test('shell: all the commands of a call share one limit; the one running at it is killed, the rest are not run', async (t) => {
  mock.timers.enable({ apis: ['Date'], now: 0 });
  t.after(() => mock.timers.reset());
  assert.equal(CALL_LIMIT_MS, 3_600_000);
  const given: number[] = [];
  const r = await call(clockedShell(1_000_000, given), 'shell', {
    commands: ['a', 'b', 'c', 'd', 'e'],
    timeout_ms: 1_500_000,
    call_id: 'c9',
  });
  // Each is given its own timeout until the time left is shorter: then the time left.
  assert.deepEqual(given, [1_500_000, 1_500_000, 1_500_000, 600_000]);
  const done = { stdout: 'done\n', stderr: '', outcome: { type: 'exit', exit_code: 0 } };
  assert.deepEqual(r.data, {
    type: 'shell_call_output',
    call_id: 'c9',
    output: [
      done,
      done,
      done,
      {
        stdout: 'partial\n',
        stderr:
          "[the call's limit of 3600 s for all its commands together was reached: this command was killed; 1 more command not run]\n",
        outcome: { type: 'timeout' },
      },
    ],
  });
  assert.equal(r.failure?.kind, 'timeout');
  assert.match(r.text!, /\$ d\npartial\n\[the call's limit .*\]\n\[timed out\]$/);
});

test('shell: when the limit falls between two commands, the next is reported a timeout, not run', async (t) => {
  mock.timers.enable({ apis: ['Date'], now: 0 });
  t.after(() => mock.timers.reset());
  const given: number[] = [];
  const r = await call(clockedShell(1_200_000, given), 'shell', {
    commands: ['a', 'b', 'c', 'd', 'e'],
    timeout_ms: 3_600_000,
  });
  assert.deepEqual(given, [3_600_000, 2_400_000, 1_200_000]);
  const output = (r.data as { output: unknown[] }).output;
  assert.equal(output.length, 4);
  assert.deepEqual(output[3], {
    stdout: '',
    stderr:
      "[the call's limit of 3600 s for all its commands together was reached before this command started; it and 1 more command were not run]\n",
    outcome: { type: 'timeout' },
  });
  assert.equal(r.failure?.kind, 'timeout');
  assert.match(r.text!, /\$ d\n\[the call's limit .*\]\n\[not run\]$/);
});
