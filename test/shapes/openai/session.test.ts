// A session as a GPT-5 model runs it through a host: create a module and its test with
// apply_patch, run the test with shell, read the failure, fix the module with an update_file
// diff, run again, read the file back. Each answer's output item is what the host would send.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FailureCode as C } from '../../../src/gen/codefly/base/v0/failure.js';
import { item, openaiServer } from './helpers.js';

const e = openaiServer();

test('create, run the tests, read the failure, fix with a V4A diff, run again, read the file', async () => {
  const created = await e.call('apply_patch', {
    type: 'create_file',
    path: 'lib/math.js',
    diff: '+export function add(a, b) {\n+  return a - b;\n+}\n+',
    call_id: 'call_1',
  });
  assert.deepEqual(item(created), {
    type: 'apply_patch_call_output',
    call_id: 'call_1',
    status: 'completed',
    output: 'Created lib/math.js',
  });

  const testFile = await e.call('apply_patch', {
    type: 'create_file',
    path: 'check.mjs',
    diff: [
      "+import { add } from './lib/math.js';",
      '+const got = add(2, 3);',
      '+if (got !== 5) { console.error(`FAIL add(2, 3) = ${got}`); process.exit(1); }',
      "+console.log('ok');",
      '+',
    ].join('\n'),
    call_id: 'call_2',
  });
  assert.equal((item(testFile) as { status: string }).status, 'completed');

  const first = await e.call('shell', { commands: ['node check.mjs'], timeout_ms: 60000, max_output_length: 4096 });
  assert.equal(first.failure?.code, C.FAILURE_CODE_PROCESS_FAILED);
  assert.deepEqual(item(first), {
    type: 'shell_call_output',
    max_output_length: 4096,
    output: [{ stdout: '', stderr: 'FAIL add(2, 3) = -1\n', outcome: { type: 'exit', exit_code: 1 } }],
  });

  const fixed = await e.call('apply_patch', {
    type: 'update_file',
    path: 'lib/math.js',
    diff: '@@ export function add(a, b) {\n-  return a - b;\n+  return a + b;\n }',
    call_id: 'call_3',
  });
  assert.deepEqual(item(fixed), {
    type: 'apply_patch_call_output',
    call_id: 'call_3',
    status: 'completed',
    output: 'Updated lib/math.js',
  });

  const second = await e.call('shell', { commands: ['node check.mjs', 'cat lib/math.js'] });
  assert.equal(second.error, '');
  assert.deepEqual(item(second), {
    type: 'shell_call_output',
    output: [
      { stdout: 'ok\n', stderr: '', outcome: { type: 'exit', exit_code: 0 } },
      {
        stdout: 'export function add(a, b) {\n  return a + b;\n}\n',
        stderr: '',
        outcome: { type: 'exit', exit_code: 0 },
      },
    ],
  });

  const stale = await e.call('apply_patch', {
    type: 'update_file',
    path: 'lib/math.js',
    diff: '@@\n-  return a - b;\n+  return b + a;',
  });
  assert.deepEqual(item(stale), {
    type: 'apply_patch_call_output',
    status: 'failed',
    output: 'Invalid Context 0:\n  return a - b;',
  });

  const removed = await e.call('apply_patch', { type: 'delete_file', path: 'check.mjs' });
  assert.deepEqual(item(removed), {
    type: 'apply_patch_call_output',
    status: 'completed',
    output: 'Deleted check.mjs',
  });
  const listed = await e.call('local_shell', { type: 'exec', command: ['ls'], env: {} });
  assert.deepEqual(item(listed), { type: 'local_shell_call_output', output: 'lib\n' });
});
