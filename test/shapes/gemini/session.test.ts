// The gemini shape as a model would drive it: every tool example called once over gRPC,
// and a scripted session (explore, read, search, run the failing tests, fix, run again).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { geminiShape } from '../../../src/shapes/gemini/index.js';
import { startTestServer, tempDir, unary, type TestServer } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';
import { caller } from './harness.js';

let t: TestServer;
let site: LoopbackServer;
let provider: LoopbackServer;
let dir: string;
let cleanup: () => void;

const MATH = 'export function isZero(n) {\n  return n == 0;\n}\n\nexport function add(a, b) {\n  return a - b;\n}\n';
const MATH_TEST =
  "import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add, isZero } from '../lib/calc.js';\n\ntest('add', () => assert.equal(add(2, 3), 5));\ntest('isZero', () => assert.equal(isZero('0'), false));\n";

before(async () => {
  ({ dir, cleanup } = tempDir('facet-gemini-session-'));
  const w = (f: string, s: string) => {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), s);
  };
  w('package.json', JSON.stringify({ name: 'demo', type: 'module', scripts: { test: 'node --test', dev: 'node -e "setInterval(() => {}, 1000)"' } }));
  w('src/math.js', 'export const isZero = (n) => { return n == 0; };\n');
  w('lib/calc.js', MATH);
  w('test/calc.test.js', MATH_TEST);
  w('src/app.ts', `${Array.from({ length: 160 }, (_, i) => `// line ${i + 1}`).join('\n')}\nexport function parseArgs() {}\n// TODO: more\n`);
  w('src/app.js', 'oldName();\noldName();\n');
  w('docs/guide.md', '# Guide\n');
  w('README.md', '# Demo\n');
  w('GEMINI.md', 'Run npm test before you finish.\n');
  site = await serve((_req, res) => send(res, 200, 'text/html', '<html><body><p>fs docs</p></body></html>'));
  provider = await serve((_req, res) =>
    send(res, 200, 'application/json', JSON.stringify({ candidates: [{ content: { parts: [{ text: 'Node 22 became LTS in October 2024.' }] }, groundingMetadata: { groundingChunks: [{ web: { uri: 'https://nodejs.org/', title: 'nodejs.org' } }], groundingSupports: [{ segment: { startIndex: 0, endIndex: 35 }, groundingChunkIndices: [0] }] } }] })),
  );
  t = await startTestServer(['--root', dir, '--shape', 'gemini', '--web-allow-hosts', '127.0.0.1', '--search-provider', 'gemini', '--gemini-api-key', 'k', '--gemini-base-url', provider.origin]);
});
after(async () => {
  await t.close();
  await site.close();
  await provider.close();
  cleanup();
});

describe('gemini identity, resources and guide', () => {
  test('facet-gemini, GEMINI.md offered, the guide names the tools', async () => {
    const id = await unary(t.client.identity, t.client, {}, { shape: 'gemini' });
    assert.equal(id.name, 'facet-gemini');
    const res = await unary(t.client.listResources, t.client, {}, { shape: 'gemini' });
    assert.deepEqual(res.resources.map((r) => r.name), ['roots', 'GEMINI.md']);
    const g = await unary(t.client.getPrompt, t.client, { name: 'tool-guide', arguments: {} }, { shape: 'gemini' });
    const text = g.messages[0]!.content[0]!.body?.$case === 'text' ? g.messages[0]!.content[0]!.body.value : '';
    assert.ok(text.startsWith(`Your workspace is ${dir}; `));
    assert.match(text, /\nTools: read_file, write_file, replace, read_many_files, grep_search, glob, list_directory, run_shell_command, list_background_processes, read_background_output, web_fetch, google_web_search, write_todos\.$/);
  });
});

describe('gemini examples', () => {
  test('every example of every tool runs as its expected outcome says', async () => {
    const call = caller(() => t, 'gemini', 'examples');
    let bgPid = 0;
    for (const tool of geminiShape(t.config).tools) {
      for (const ex of tool.examples) {
        const args = JSON.parse(JSON.stringify(ex.arguments).replaceAll('https://nodejs.org', site.origin)) as Record<string, unknown>;
        if (tool.name === 'read_background_output') args.pid = bgPid;
        const r = await call(tool.name, args);
        assert.equal(r.error, '', `${tool.name}: ${ex.description}: ${r.error}`);
        assert.ok(r.text.length > 0, `${tool.name}: ${ex.description}`);
        const pid = /Command is running in background\. PID: (\d+)/.exec(r.text);
        if (pid) bgPid = Number(pid[1]);
      }
    }
    assert.ok(bgPid > 0);
  });
});

describe('a scripted Gemini agent session', () => {
  test('explore, read, search, test, fix, test again', async () => {
    const call = caller(() => t, 'gemini', 'agent-1');
    const ls = await call('list_directory', { dir_path: '.' });
    assert.ok(ls.text.includes('[DIR] src') && ls.text.includes('package.json ('));
    const read = await call('read_file', { file_path: 'lib/calc.js' });
    assert.equal(read.text, MATH);
    const found = await call('grep_search', { pattern: 'isZero|add\\(', dir_path: 'test', context: 0 });
    assert.ok(found.text.startsWith('Found 3 matches for pattern "isZero|add\\(" in path "test":\n---\nFile: calc.test.js\nL3: import { add, isZero }'));
    await call('write_todos', { todos: [{ description: 'Run the tests', status: 'in_progress' }, { description: 'Fix calc.js', status: 'pending' }] });
    const failing = await call('run_shell_command', { command: 'node --test test/calc.test.js', description: 'Run tests' });
    assert.match(failing.text, /^<untrusted_context>\nOutput: [\s\S]*# fail 2[\s\S]*\nExit Code: 1\nProcess Group PGID: \d+\n<\/untrusted_context>$/);
    const fix1 = await call('replace', { file_path: 'lib/calc.js', instruction: 'isZero must use strict equality', old_string: 'return n == 0;', new_string: 'return n === 0;' });
    assert.ok(fix1.text.startsWith(`Successfully modified file: ${dir}/lib/calc.js (1 replacements).`));
    const fix2 = await call('replace', { file_path: 'lib/calc.js', instruction: 'add must add', old_string: '  return a - b;', new_string: '  return a + b;' });
    assert.equal(fix2.error, '');
    const passing = await call('run_shell_command', { command: 'node --test test/calc.test.js' });
    assert.match(passing.text, /# pass 2\n# fail 0[\s\S]*\nProcess Group PGID: \d+\n<\/untrusted_context>$/);
    assert.ok(!passing.text.includes('Exit Code'));
    const done = await call('write_todos', { todos: [{ description: 'Run the tests', status: 'completed' }, { description: 'Fix calc.js', status: 'completed' }] });
    assert.equal(done.text, 'Successfully updated the todo list. The current list is now:\n1. [completed] Run the tests\n2. [completed] Fix calc.js');
  });
});
