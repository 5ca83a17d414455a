// The grok shape as a model uses it: a scripted session (look, search, edit, run the tests,
// read the output) with facet-shape and facet-session metadata. Every catalog example is
// pinned in examples.test.ts.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { callTool, serverFixture, texts } from '../../helpers/server.js';

const { t, dir } = serverFixture({ shape: 'grok' });

before(async () => {
  mkdirSync(path.join(dir, 'lib'));
  writeFileSync(path.join(dir, 'lib/math.js'), 'exports.mul = (a, b) => a + b;\n');
  writeFileSync(
    path.join(dir, 'lib/math.test.js'),
    "const test = require('node:test');\nconst assert = require('node:assert');\nconst { mul } = require('./math.js');\ntest('mul', () => assert.strictEqual(mul(2, 3), 6));\n",
  );
});

describe('grok scripted session', () => {
  test('look, search, fix, run the tests, read the output', async () => {
    const call = (name: string, args: Record<string, unknown>) =>
      callTool(t.client, name, args, { shape: 'grok@0.0.34', session: 'agent-1' });
    assert.deepEqual(
      texts(
        await call('create_todo_list', {
          todos: [{ id: '1', content: 'Fix mul', status: 'in_progress', priority: 'high' }],
        }),
      ),
      ['\u001b[36m◐ Fix mul\u001b[0m\n'],
    );
    assert.deepEqual(texts(await call('search', { query: 'exports.mul', search_type: 'text' })), [
      `Search results for "exports.mul":\n  ${dir}/lib/math.js (1 matches)`,
    ]);
    assert.deepEqual(texts(await call('bash', { command: 'cd lib' })), [`Changed directory to: ${dir}/lib`]);
    assert.deepEqual(texts(await call('view_file', { path: 'math.js' })), [
      'Contents of math.js:\n1: exports.mul = (a, b) => a + b;\n2: ',
    ]);
    const failing = await call('bash', { command: 'node --test math.test.js' });
    assert.equal(failing.failure?.code, FailureCode.FAILURE_CODE_PROCESS_FAILED);
    assert.match(failing.error, /^Command failed: node --test math\.test\.js \(exit code 1\)\n[\s\S]*# fail 1/);
    const edit = await call('str_replace_editor', { path: 'math.js', old_str: 'a + b', new_str: 'a * b' });
    assert.deepEqual(texts(edit), [
      'Updated math.js with 1 addition and 1 removal\n--- a/math.js\n+++ b/math.js\n@@ -1,1 +1,1 @@\n-exports.mul = (a, b) => a + b;\n+exports.mul = (a, b) => a * b;',
    ]);
    const passing = await call('bash', { command: 'node --test math.test.js' });
    assert.equal(passing.error, '');
    assert.match(texts(passing)[0]!, /# pass 1\n[\s\S]*# fail 0/);
    assert.deepEqual(texts(await call('update_todo_list', { updates: [{ id: '1', status: 'completed' }] })), [
      '\u001b[32m\u001b[9m● Fix mul\u001b[0m\n',
    ]);
  });
});
