// The kimi shape as a model uses it: a scripted session (find, read, edit, run the tests,
// read their output) with facet-shape and facet-session metadata, and every tool example
// from DescribeTool called once.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { callTool, startTestServer, tempDir, texts, unary, type TestServer } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';

let t: TestServer;
let dir: string;
let cleanup: () => void;
let tavily: LoopbackServer;

before(async () => {
  ({ dir, cleanup } = tempDir());
  writeFileSync(path.join(dir, 'math.js'), 'exports.add = (a, b) => a - b;\n');
  writeFileSync(path.join(dir, 'math.test.js'), "const test = require('node:test');\nconst assert = require('node:assert');\nconst { add } = require('./math.js');\ntest('add', () => assert.strictEqual(add(2, 3), 5));\n");
  // Fixtures the tool examples name.
  writeFileSync(path.join(dir, 'README.md'), Array.from({ length: 30 }, (_, i) => `readme ${i + 1}`).join('\n') + '\n');
  mkdirSync(path.join(dir, 'src'));
  mkdirSync(path.join(dir, 'docs'));
  writeFileSync(path.join(dir, 'src/app.py'), 'import os\nDEBUG = True\nold_name = 1\nprint(old_name)\nrun(1)\n# TODO tidy\ndef parse_config():\n    pass\n');
  writeFileSync(path.join(dir, 'docs/screenshot.png'), Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex'));
  tavily = await serve((_req, res) => send(res, 200, 'application/json', JSON.stringify({ results: [{ title: 'Undici 7', url: 'https://example.com/u7', content: 'notes' }] })));
  t = await startTestServer(['--root', dir, '--shape', 'kimi', '--search-provider', 'tavily', '--tavily-api-key', 'k', '--tavily-base-url', tavily.origin]);
});
after(async () => {
  await t.close();
  await tavily.close();
  cleanup();
});

describe('kimi scripted session', () => {
  test('find, read, fix, run the tests, read the output', async () => {
    const call = (name: string, args: Record<string, unknown>) => callTool(t.client, name, args, { shape: 'kimi', session: 'agent-1' });
    assert.deepEqual(texts(await call('Glob', { pattern: '*.js' })), ['<system>Found 2 matches for pattern `*.js`.</system>', 'math.js\nmath.test.js']);
    assert.deepEqual(texts(await call('Grep', { pattern: 'exports\\.add', output_mode: 'content' })), ['math.js:1:exports.add = (a, b) => a - b;']);
    assert.deepEqual(texts(await call('ReadFile', { path: 'math.js' })), [
      '<system>1 lines read from file starting from line 1. Total lines in file: 1. End of file reached.</system>',
      '     1\texports.add = (a, b) => a - b;\n',
    ]);
    await call('SetTodoList', { todos: [{ title: 'Fix add', status: 'in_progress' }, { title: 'Run tests', status: 'pending' }] });
    const failing = await call('Shell', { command: 'node --test math.test.js' });
    assert.equal(failing.failure?.code, FailureCode.FAILURE_CODE_PROCESS_FAILED);
    assert.equal(texts(failing)[0], '<system>ERROR: Command failed with exit code: 1.</system>');
    const edit = await call('StrReplaceFile', { path: 'math.js', edit: { old: 'a - b', new: 'a + b' } });
    assert.deepEqual(texts(edit), ['<system>File successfully edited. Applied 1 edit(s) with 1 total replacement(s).</system>']);
    const started = await call('Shell', { command: 'node --test math.test.js', run_in_background: true, description: 'unit tests' });
    const id = /task_id: (\S+)/.exec(texts(started)[1]!)![1]!;
    const out = texts(await call('TaskOutput', { task_id: id, block: true, timeout: 60 }))[0]!;
    assert.match(out, /^retrieval_status: success\n/);
    assert.match(out, /\nexit_code: 0\n/);
    assert.match(out, /\[output\]\n[\s\S]*# pass 1/);
    assert.deepEqual(texts(await call('SetTodoList', {})), ['Current todo list:\n- [in_progress] Fix add\n- [pending] Run tests']);
  });
});

/** What each example may end in: success, or one of these failure codes. */
const ALLOWED: Record<string, FailureCode[]> = {
  TaskOutput: [FailureCode.FAILURE_CODE_NOT_FOUND],
  TaskStop: [FailureCode.FAILURE_CODE_NOT_FOUND],
  // No network here: the example's public URL may not resolve.
  FetchURL: [FailureCode.FAILURE_CODE_NETWORK_FAILED, FailureCode.FAILURE_CODE_TIMEOUT, FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED, FailureCode.FAILURE_CODE_DEPENDENCY_UNAVAILABLE],
};

test('kimi: every tool example runs as its expected outcome says', async () => {
  const list = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { shape: 'kimi' });
  for (const summary of list.tools) {
    const d = await unary(t.client.describeTool, t.client, { name: summary.name }, { shape: 'kimi' });
    assert.ok(d.tool!.examples.length > 0, summary.name);
    for (const ex of d.tool!.examples) {
      const res = await callTool(t.client, summary.name, ex.arguments as Record<string, unknown>, { shape: 'kimi', session: 'examples', deadlineMs: 20_000 }).catch((err: Error) => err);
      if (res instanceof Error) {
        assert.equal(summary.name, 'FetchURL', `${summary.name}: ${res.message}`);
        continue;
      }
      const allowed = ALLOWED[summary.name] ?? [];
      assert.ok(res.failure === undefined || allowed.includes(res.failure.code), `${summary.name} "${ex.description}": ${res.error}`);
      if (res.failure) assert.match(res.error, /^<system>ERROR: /);
    }
  }
});
