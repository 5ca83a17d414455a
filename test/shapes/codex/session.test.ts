// A scripted Codex agent session over gRPC (facet-shape: codex, facet-session): plan, look
// around, find the bug, read it, run the failing tests, patch, run them again, close the plan.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { texts } from '../../helpers/server.js';
import { codexServer, norm } from './helpers.js';

const e = codexServer();
before(async () => {
  mkdirSync(path.join(e.dir, 'src'));
  mkdirSync(path.join(e.dir, 'test'));
  writeFileSync(path.join(e.dir, 'src', 'math.js'), 'export function add(a, b) {\n  return a - b;\n}\n');
  writeFileSync(
    path.join(e.dir, 'test', 'math.test.js'),
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('adds', () => {\n  assert.equal(add(2, 3), 5);\n});\n",
  );
  writeFileSync(path.join(e.dir, 'package.json'), '{"type":"module"}\n');
});

test('a Codex model fixes a failing test', async () => {
  const s = 'codex-agent';
  const call = (name: string, args: Record<string, unknown>) => e.call(name, args, s);

  assert.equal(
    texts(
      await call('update_plan', {
        plan: [
          { step: 'Find the bug', status: 'in_progress' },
          { step: 'Fix it', status: 'pending' },
          { step: 'Run the tests', status: 'pending' },
        ],
      }),
    )[0],
    'Plan updated',
  );

  const tree = await call('list_dir', { dir_path: e.dir });
  assert.equal(texts(tree)[0], `Absolute path: ${e.dir}\npackage.json\nsrc/\n  math.js\ntest/\n  math.test.js`);

  const found = await call('grep_files', { pattern: 'function add', include: '*.js' });
  assert.equal(texts(found)[0], path.join(e.dir, 'src', 'math.js'));

  const read = await call('read_file', { file_path: path.join(e.dir, 'src', 'math.js') });
  assert.equal(texts(read)[0], 'L1: export function add(a, b) {\nL2:   return a - b;\nL3: }');

  const failing = await call('exec_command', { cmd: 'node --test test/', workdir: e.dir, yield_time_ms: 20000 });
  assert.match(
    norm(failing),
    /^Chunk ID: <id>\nWall time: <t> seconds\nProcess exited with code 1\nOriginal token count: \d+\nOutput:\n/,
  );
  assert.match(texts(failing)[0]!, /# fail 1/);

  await call('update_plan', {
    plan: [
      { step: 'Find the bug', status: 'completed' },
      { step: 'Fix it', status: 'in_progress' },
      { step: 'Run the tests', status: 'pending' },
    ],
  });
  const patched = await call('apply_patch', {
    input:
      '*** Begin Patch\n*** Update File: src/math.js\n@@ export function add(a, b) {\n-  return a - b;\n+  return a + b;\n*** End Patch',
  });
  assert.equal(
    norm(patched),
    '{"output":"Success. Updated the following files:\\nM src/math.js\\n","metadata":{"exit_code":0,"duration_seconds":<t>}}',
  );
  assert.equal(
    readFileSync(path.join(e.dir, 'src', 'math.js'), 'utf8'),
    'export function add(a, b) {\n  return a + b;\n}\n',
  );

  const passing = await call('shell_command', { command: 'node --test test/', workdir: e.dir, timeout_ms: 20000 });
  assert.equal(passing.error, '');
  assert.match(norm(passing), /^Exit code: 0\nWall time: <t> seconds\nOutput:\n[\s\S]*# pass 1\n[\s\S]*# fail 0\n/);

  assert.equal(
    texts(
      await call('update_plan', {
        plan: [
          { step: 'Find the bug', status: 'completed' },
          { step: 'Fix it', status: 'completed' },
          { step: 'Run the tests', status: 'completed' },
        ],
      }),
    )[0],
    'Plan updated',
  );
});
