// grok-dev 1.1.7's tools over gRPC (the newest grok): the JSON result objects the model sees,
// exact, for reads, writes, edits, grep, bash and its background processes, and bad input.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { callTool, serverFixture, tempDir, texts } from '../../helpers/server.js';
import { grokWaits } from './waits.js';

const state = tempDir('facet-grok-dev-state-');
after(() => state.cleanup());
const { t, dir } = serverFixture({
  shape: 'grok',
  prefix: 'facet-grok-dev-',
  args: ['--state-dir', state.dir],
  extraSpecs: new Map([['wait', grokWaits(state.dir)]]),
  setup: (d: string) => {
    writeFileSync(path.join(d, 'a.txt'), 'one\ntwo\nthree\n');
    mkdirSync(path.join(d, 'src'));
    writeFileSync(path.join(d, 'src/app.ts'), 'export const answer = 41;\nexport const other = 41;\n');
  },
});

const call = async (name: string, args: Record<string, unknown>, session = 'dev') => {
  const res = await callTool(t.client, name, args, { shape: 'grok', session, deadlineMs: 60_000 });
  return { text: texts(res)[0] ?? res.error, error: res.error, code: res.failure?.code ?? 0 };
};
/** Waits for background process `n` of `session` to end. */
const ended = async (n: number, session: string) =>
  texts(await callTool(t.client, 'wait.job', { n }, { shape: 'wait', session, deadlineMs: 60_000 }))[0];
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

describe('grok-dev read_file', () => {
  test('numbered lines under the range header; a final newline is one more, empty, line', async () => {
    assert.equal(
      (await call('read_file', { path: 'a.txt' })).text,
      JSON.stringify({ success: true, output: '[a.txt: lines 1-4 of 4]\n1 | one\n2 | two\n3 | three\n4 | ' }),
    );
  });
  test('start_line/end_line are clamped, never refused', async () => {
    assert.equal(
      (await call('read_file', { path: 'a.txt', start_line: 2, end_line: 3 })).text,
      JSON.stringify({ success: true, output: '[a.txt: lines 2-3 of 4]\n2 | two\n3 | three' }),
    );
    assert.equal(
      (await call('read_file', { path: 'a.txt', start_line: 10 })).text,
      JSON.stringify({ success: true, output: '[a.txt: lines 10-4 of 4]\n' }),
    );
    assert.equal(
      (await call('read_file', { path: 'a.txt', start_line: 0, end_line: 99 })).text,
      JSON.stringify({ success: true, output: '[a.txt: lines 1-4 of 4]\n1 | one\n2 | two\n3 | three\n4 | ' }),
    );
  });
  test('a missing file, a directory', async () => {
    const missing = await call('read_file', { path: 'nope.txt' });
    assert.equal(missing.text, '{"success":false,"output":"File not found: nope.txt"}');
    assert.equal(missing.code, FailureCode.FAILURE_CODE_NOT_FOUND);
    assert.equal(
      (await call('read_file', { path: 'src' })).text,
      '{"success":false,"output":"Failed to read file: EISDIR: illegal operation on a directory, read"}',
    );
  });
});

describe('grok-dev write_file and edit_file', () => {
  test('Created, then Updated, with the diff object', async () => {
    const created = json((await call('write_file', { path: 'new/b.txt', content: 'x\ny\n' })).text);
    assert.deepEqual(created, {
      success: true,
      output: 'Created new/b.txt (+2 -0)',
      diff: {
        filePath: 'new/b.txt',
        additions: 2,
        removals: 0,
        patch: `Index: new/b.txt\n${'='.repeat(67)}\n--- new/b.txt\t\n+++ new/b.txt\t\n@@ -0,0 +1,2 @@\n+x\n+y\n`,
        isNew: true,
      },
      lspDiagnostics: [],
    });
    const updated = json((await call('write_file', { path: 'new/b.txt', content: 'x\nz\n' })).text);
    assert.equal(updated.output, 'Updated new/b.txt (+1 -1)');
    assert.equal(
      (updated.diff as { patch: string }).patch,
      `Index: new/b.txt\n${'='.repeat(67)}\n--- new/b.txt\t\n+++ new/b.txt\t\n@@ -1,2 +1,2 @@\n x\n-y\n+z\n`,
    );
    assert.equal(readFileSync(path.join(dir, 'new/b.txt'), 'utf8'), 'x\nz\n');
  });
  test('edit_file: exactly one occurrence', async () => {
    const twice = await call('edit_file', { path: 'src/app.ts', old_string: '41', new_string: '42' });
    assert.equal(
      twice.text,
      '{"success":false,"output":"old_string is not unique in src/app.ts (2 occurrences). Include more surrounding context to make it unique."}',
    );
    assert.equal(
      (await call('edit_file', { path: 'src/app.ts', old_string: 'zzz', new_string: 'y' })).text,
      '{"success":false,"output":"old_string not found in src/app.ts"}',
    );
    assert.equal(
      (await call('edit_file', { path: 'gone.ts', old_string: 'a', new_string: 'b' })).text,
      '{"success":false,"output":"File not found: gone.ts"}',
    );
    const ok = json(
      (await call('edit_file', { path: 'src/app.ts', old_string: 'answer = 41', new_string: 'answer = 42' })).text,
    );
    assert.equal(ok.output, 'Edited src/app.ts (+1 -1)');
    assert.equal(
      readFileSync(path.join(dir, 'src/app.ts'), 'utf8'),
      'export const answer = 42;\nexport const other = 41;\n',
    );
  });
});

describe('grok-dev grep', () => {
  test('matching lines by file; none; a bad regex', async () => {
    assert.equal(
      (await call('grep', { pattern: 'th?ree', include: '*.txt' })).text,
      JSON.stringify({ success: true, output: 'Found 1 matches\na.txt:\n  Line 3: three' }),
    );
    assert.equal(
      (await call('grep', { pattern: 'absent-word' })).text,
      '{"success":true,"output":"No matches found."}',
    );
    assert.equal(
      (await call('grep', { pattern: '(' })).text,
      JSON.stringify({ success: true, output: 'No matches found.\n(Some paths were inaccessible and skipped)' }),
    );
  });
});

describe('grok-dev bash and background processes', () => {
  test('stdout, STDERR, failures', async () => {
    assert.equal(
      (await call('bash', { command: 'echo hi; echo err >&2' })).text,
      JSON.stringify({ success: true, output: 'hi\n\nSTDERR: err' }),
    );
    assert.equal(
      (await call('bash', { command: 'true' })).text,
      JSON.stringify({ success: true, output: 'Command executed successfully (no output)' }),
    );
    assert.equal(
      (await call('bash', { command: 'echo out; echo bad >&2; exit 2' })).text,
      JSON.stringify({ success: false, output: 'out\n\nSTDERR: bad' }),
    );
    assert.equal(
      (await call('bash', { command: 'exit 3' })).text,
      JSON.stringify({ success: false, output: 'Command failed: Command failed: exit 3' }),
    );
  });
  test('cd changes the directory of later calls', async () => {
    const s = 'cd';
    assert.equal(
      (await call('bash', { command: 'cd src' }, s)).text,
      JSON.stringify({ success: true, output: `Changed directory to: ${path.join(dir, 'src')}` }),
    );
    assert.equal(
      (await call('read_file', { path: 'app.ts', end_line: 1 }, s)).text,
      JSON.stringify({ success: true, output: '[app.ts: lines 1-1 of 3]\n1 | export const answer = 42;' }),
    );
    assert.equal(
      (await call('bash', { command: 'cd missing' }, s)).text,
      JSON.stringify({
        success: false,
        output: `Cannot change directory: ENOENT: no such file or directory, stat '${path.join(dir, 'src/missing')}'`,
      }),
    );
  });
  test('a background process: started, listed, its logs once ended, stopped', async () => {
    const s = 'bg';
    const started = json((await call('bash', { command: 'echo ready; exit 4', background: true }, s)).text);
    const bp = started.backgroundProcess as { id: number; pid: number; command: string };
    assert.deepEqual(started, {
      success: true,
      output: `Background process started (id: 1, pid: ${bp.pid})\nCommand: echo ready; exit 4\nUse process_logs(1) to view output, process_stop(1) to terminate.`,
      backgroundProcess: { id: 1, pid: bp.pid, command: 'echo ready; exit 4' },
    });
    assert.equal(await ended(1, s), 'failed');
    assert.equal(
      (await call('process_logs', { id: 1 }, s)).text,
      JSON.stringify({
        success: true,
        output: `[Process 1 — exited (code 4) — pid ${bp.pid}]\n[echo ready; exit 4]\n\nready`,
      }),
    );
    assert.equal(
      (await call('process_stop', { id: 1 }, s)).text,
      JSON.stringify({ success: true, output: 'Process 1 already exited (code 4).' }),
    );
    const sleeper = json((await call('bash', { command: 'sleep 30', background: true }, s)).text);
    const pid = (sleeper.backgroundProcess as { pid: number }).pid;
    const list = json((await call('process_list', {}, s)).text).output as string;
    assert.match(
      list,
      new RegExp(
        `^ID  STATUS       PID    AGE     COMMAND\\n1  exited\\(4\\)  pid:${bp.pid}  \\d+s  echo ready; exit 4\\n2  running  pid:${pid}  \\d+s  sleep 30$`,
      ),
    );
    assert.equal(
      (await call('process_stop', { id: 2 }, s)).text,
      JSON.stringify({ success: true, output: `Process 2 (pid ${pid}) stopped.` }),
    );
    assert.equal(
      (await call('process_logs', { id: 2, tail: 5 }, s)).text,
      JSON.stringify({
        success: true,
        output: `[Process 2 — exited (code unknown) — pid ${pid}]\n[sleep 30]\n\n(no output yet)`,
      }),
    );
    assert.match(
      json((await call('process_list', {}, s)).text).output as string,
      /\n2 {2}exited\(\?\) {2}pid:\d+ {2}\d+s {2}sleep 30$/,
    );
    assert.equal(
      (await call('process_logs', { id: 7 }, s)).text,
      '{"success":false,"output":"No background process with id 7."}',
    );
  });
  test('at most 8 run at a time', async () => {
    const s = 'eight';
    for (let i = 0; i < 8; i++) await call('bash', { command: 'sleep 30', background: true }, s);
    const r = await call('bash', { command: 'sleep 30', background: true }, s);
    assert.equal(
      r.text,
      '{"success":false,"output":"Too many background processes (8/8). Stop one first with process_stop."}',
    );
    for (let i = 1; i <= 8; i++) await call('process_stop', { id: i }, s);
  });
});

describe('grok-dev bad input', () => {
  test('a wrong type or a missing argument, as the AI SDK words it', async () => {
    const r = await call('read_file', { path: 5 });
    assert.equal(r.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(
      r.text,
      'Invalid input for tool read_file: Type validation failed: Value: {"path":5}.\nError message: ' +
        JSON.stringify(
          [
            {
              expected: 'string',
              code: 'invalid_type',
              path: ['path'],
              message: 'Invalid input: expected string, received number',
            },
          ],
          null,
          2,
        ),
    );
  });
  test('extra keys are dropped, as zod strips them', async () => {
    assert.equal(
      (await call('read_file', { path: 'a.txt', end_line: 1, extra: true })).text,
      JSON.stringify({ success: true, output: '[a.txt: lines 1-1 of 4]\n1 | one' }),
    );
  });
  test('outside the workspace: refused in band, nothing written', async () => {
    const r = await call('write_file', { path: '/tmp/facet-grok-outside.txt', content: 'x' });
    assert.equal(r.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
    assert.match(
      r.text,
      /^\{"success":false,"output":"Access denied: \/tmp\/facet-grok-outside.txt is outside the workspace/,
    );
  });
});
