// The kimi shape as a model uses it: a scripted session (find, read, edit, run the tests,
// read their output) with facet-shape and facet-session metadata. Every catalog example is
// pinned in examples.test.ts.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { callTool, serverFixture, texts } from '../../helpers/server.js';

const { t, dir } = serverFixture({ shape: 'kimi@1.49' });

before(async () => {
  writeFileSync(path.join(dir, 'math.js'), 'exports.add = (a, b) => a - b;\n');
  writeFileSync(
    path.join(dir, 'math.test.js'),
    "const test = require('node:test');\nconst assert = require('node:assert');\nconst { add } = require('./math.js');\ntest('add', () => assert.strictEqual(add(2, 3), 5));\n",
  );
});

describe('kimi scripted session', () => {
  test('find, read, fix, run the tests, read the output', async () => {
    const call = (name: string, args: Record<string, unknown>) =>
      callTool(t.client, name, args, { shape: 'kimi@1.49', session: 'agent-1' });
    assert.deepEqual(texts(await call('Glob', { pattern: '*.js' })), [
      '<system>Found 2 matches for pattern `*.js`.</system>',
      'math.js\nmath.test.js',
    ]);
    assert.deepEqual(texts(await call('Grep', { pattern: 'exports\\.add', output_mode: 'content' })), [
      'math.js:1:exports.add = (a, b) => a - b;',
    ]);
    assert.deepEqual(texts(await call('ReadFile', { path: 'math.js' })), [
      '<system>1 lines read from file starting from line 1. Total lines in file: 1. End of file reached.</system>',
      '     1\texports.add = (a, b) => a - b;\n',
    ]);
    await call('SetTodoList', {
      todos: [
        { title: 'Fix add', status: 'in_progress' },
        { title: 'Run tests', status: 'pending' },
      ],
    });
    const failing = await call('Shell', { command: 'node --test math.test.js' });
    assert.equal(failing.failure?.code, FailureCode.FAILURE_CODE_PROCESS_FAILED);
    assert.equal(texts(failing)[0], '<system>ERROR: Command failed with exit code: 1.</system>');
    const edit = await call('StrReplaceFile', { path: 'math.js', edit: { old: 'a - b', new: 'a + b' } });
    assert.deepEqual(texts(edit), [
      '<system>File successfully edited. Applied 1 edit(s) with 1 total replacement(s).</system>',
    ]);
    const started = await call('Shell', {
      command: 'node --test math.test.js',
      run_in_background: true,
      description: 'unit tests',
    });
    const id = /task_id: (\S+)/.exec(texts(started)[1]!)![1]!;
    const out = texts(await call('TaskOutput', { task_id: id, block: true, timeout: 60 }))[0]!;
    assert.match(out, /^retrieval_status: success\n/);
    assert.match(out, /\nexit_code: 0\n/);
    assert.match(out, /\[output\]\n[\s\S]*# pass 1/);
    assert.deepEqual(texts(await call('SetTodoList', {})), [
      'Current todo list:\n- [in_progress] Fix add\n- [pending] Run tests',
    ]);
  });
});
