// A scripted agent session on the core shape over gRPC (facet-shape: core, facet-session):
// plan, check and list, search, read, run the failing tests, edit, run them again in the
// background and read the job's output, update the plan. Every answer carries structured
// content next to its text.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import type { CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { callTool, serverFixture, structured, texts, unary } from '../helpers/server.js';

const { t, dir } = serverFixture({ prefix: 'facet-core-session-' });
before(async () => {
  mkdirSync(path.join(dir, 'src'));
  mkdirSync(path.join(dir, 'test'));
  writeFileSync(path.join(dir, 'src', 'math.js'), 'export function add(a, b) {\n  return a - b;\n}\n');
  writeFileSync(
    path.join(dir, 'test', 'math.test.js'),
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('adds', () => {\n  assert.equal(add(2, 3), 5);\n});\n",
  );
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}\n');
});

const call = (name: string, args: Record<string, unknown>) =>
  callTool(t.client, name, args, { shape: 'core', session: 'core-agent' });

/** Text first, then a structured block: the core contract. */
function both(res: CallToolResponse): { text: string; data: Record<string, unknown> } {
  assert.equal(res.content[0]?.body?.$case, 'text', 'text comes first');
  const data = structured(res);
  assert.ok(data, 'a structured block follows');
  return { text: texts(res)[0]!, data };
}

test('core serves every engine capability under dotted names', async () => {
  const listed = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { shape: 'core' });
  assert.deepEqual(listed.tools.map((x) => x.name).sort(), [
    'code.definition',
    'code.diagnostics',
    'code.hover',
    'code.references',
    'code.rename',
    'code.symbols',
    'fs.apply_patch',
    'fs.edit',
    'fs.list',
    'fs.notebook_edit',
    'fs.read',
    'fs.read_many',
    'fs.stat',
    'fs.write',
    'plan.todos',
    'search.glob',
    'search.grep',
    'shell.jobs',
    'shell.output',
    'shell.run',
    'shell.start',
    'shell.stop',
    'shell.write',
    'web.fetch',
    'web.find',
    'web.search',
  ]);
});

test('an agent fixes a failing test with the core tools', async () => {
  let r = both(
    await call('plan.todos', {
      todos: [
        { content: 'Find the bug', status: 'in_progress' },
        { content: 'Fix it', status: 'pending' },
        { content: 'Run the tests', status: 'pending' },
      ],
    }),
  );
  assert.equal(r.text, '1. [in_progress] Find the bug\n2. [pending] Fix it\n3. [pending] Run the tests');

  r = both(await call('fs.stat', { path: 'src/math.js' }));
  assert.deepEqual(
    { exists: r.data.exists, isFile: r.data.isFile, size: r.data.size },
    { exists: true, isFile: true, size: 46 },
  );
  r = both(await call('fs.stat', { path: 'src/missing.js' }));
  assert.equal(r.text, `${path.join(dir, 'src', 'missing.js')} does not exist`);

  r = both(await call('search.glob', { pattern: '**/*.js' }));
  assert.match(r.text, /src\/math\.js/);
  assert.match(r.text, /test\/math\.test\.js/);

  r = both(await call('search.grep', { pattern: 'return a - b' }));
  assert.equal(r.text, 'src/math.js:2:  return a - b;');

  r = both(await call('fs.read', { path: 'src/math.js' }));
  assert.equal(r.text, 'export function add(a, b) {\n  return a - b;\n}');

  const failing = await call('shell.run', { command: 'node --test test/', timeout_ms: 60000 });
  assert.equal(failing.failure?.code, FailureCode.FAILURE_CODE_PROCESS_FAILED);
  r = both(failing);
  assert.equal(r.data.exitCode, 1);
  assert.match(r.text, /# fail 1/);

  r = both(
    await call('plan.todos', {
      updates: [
        { id: '1', status: 'completed' },
        { id: '2', status: 'in_progress' },
      ],
    }),
  );
  assert.equal(r.text, '1. [completed] Find the bug\n2. [in_progress] Fix it\n3. [pending] Run the tests');

  const edited = await call('fs.edit', {
    path: 'src/math.js',
    old_string: 'return a - b;',
    new_string: 'return a + b;',
  });
  assert.equal(edited.error, '');
  both(edited);
  assert.equal(
    readFileSync(path.join(dir, 'src', 'math.js'), 'utf8'),
    'export function add(a, b) {\n  return a + b;\n}\n',
  );

  const started = both(await call('shell.start', { command: 'node --test test/', description: 'tests' }));
  const id = (started.data.job as { id: string }).id;
  r = both(await call('shell.output', { id, wait_ms: 60000, until: 'exit' }));
  assert.match(r.text, /# pass 1/);
  assert.equal((r.data.job as { exitCode: number }).exitCode, 0);

  r = both(
    await call('plan.todos', {
      updates: [
        { id: '2', status: 'completed' },
        { id: '3', status: 'completed' },
      ],
    }),
  );
  assert.equal(r.text, '1. [completed] Find the bug\n2. [completed] Fix it\n3. [completed] Run the tests');
});

test('plan.todos updates are all or nothing', async () => {
  const s = { shape: 'core', session: 'core-plan' };
  await callTool(t.client, 'plan.todos', { todos: [{ content: 'a', status: 'pending' }] }, s);
  const unknown = await callTool(
    t.client,
    'plan.todos',
    {
      updates: [
        { id: '1', status: 'in_progress' },
        { id: '9', status: 'completed' },
      ],
    },
    s,
  );
  assert.equal(unknown.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
  const both_ = await callTool(t.client, 'plan.todos', { todos: [], updates: [] }, s);
  assert.equal(both_.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
  assert.equal(texts(await callTool(t.client, 'plan.todos', {}, s))[0], '1. [pending] a');
});

test('fs.stat stays inside the roots', async () => {
  const res = await call('fs.stat', { path: '/etc/passwd' });
  assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
});
