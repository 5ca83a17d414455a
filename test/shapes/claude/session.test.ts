// The claude shape as a model uses it: a scripted agent session (find, read, edit, run the
// tests, read the output) over gRPC with facet-shape and facet-session; every tool's catalog
// examples called once; identity, context-file resources and the tool guide.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, tempDir, unary, type TestServer } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';
import { claudeCaller, type Result } from './harness.js';

const SUM = 'function sum(a, b) {\n  return a - b;\n}\n\nmodule.exports = { sum };\n';
const SUM_TEST = "const test = require('node:test');\nconst assert = require('node:assert');\nconst { sum } = require('./sum.js');\n\ntest('adds', () => assert.strictEqual(sum(2, 3), 5));\n";
const TOOLS = ['Read', 'Edit', 'Write', 'NotebookEdit', 'Bash', 'TaskStop', 'TaskOutput', 'Grep', 'Glob', 'WebFetch', 'WebSearch', 'TodoWrite'];

describe('claude shape: an agent session and the catalog examples', () => {
  let t: TestServer;
  let dir: string;
  let cleanup: () => void;
  let site: LoopbackServer;
  let searx: LoopbackServer;
  const call = claudeCaller(() => t, 'agent');
  const p = (...parts: string[]) => path.join(dir, ...parts);

  before(async () => {
    ({ dir, cleanup } = tempDir());
    writeFileSync(p('CLAUDE.md'), '# Project\nRun node --test before you finish.\n');
    writeFileSync(p('sum.js'), SUM);
    writeFileSync(p('sum.test.js'), SUM_TEST);
    site = await serve((_req, res) => send(res, 200, 'text/html', '<html><body><h1>fs</h1><p>Use readline.</p></body></html>'));
    searx = await serve((_req, res) =>
      send(res, 200, 'application/json', JSON.stringify({ results: [{ title: 'Node.js 22', url: 'https://nodejs.org/en/blog/release/v22.0.0', content: 'Release notes.' }] })),
    );
    t = await startTestServer(['--root', dir, '--shape', 'claude', '--web-allow-hosts', '127.0.0.1', '--search-provider', 'searxng', '--searxng-url', searx.origin]);
  });
  after(async () => {
    await t.close();
    await site.close();
    await searx.close();
    cleanup();
  });

  test('find, read, run the failing test, fix, run it again', async () => {
    const plan = [
      { content: 'Find the sum function', status: 'in_progress', activeForm: 'Finding the sum function' },
      { content: 'Fix it and run the tests', status: 'pending', activeForm: 'Fixing it and running the tests' },
    ];
    assert.equal((await call('TodoWrite', { todos: plan })).code, '');
    assert.equal((await call('Glob', { pattern: '*.js' })).text, 'sum.js\nsum.test.js');
    assert.equal((await call('Grep', { pattern: 'function sum', output_mode: 'content' })).text, 'sum.js:1:function sum(a, b) {');
    const before = await call('Bash', { command: 'node --test 2>&1', description: 'Run the tests' });
    assert.equal(before.code, 'PROCESS_FAILED');
    assert.match(before.error, /^Exit code 1\n[\s\S]*# fail 1/);
    const read = await call('Read', { file_path: p('sum.js') });
    assert.equal(read.text, '1\tfunction sum(a, b) {\n2\t  return a - b;\n3\t}\n4\t\n5\tmodule.exports = { sum };\n6\t');
    const edit = await call('Edit', { file_path: p('sum.js'), old_string: 'return a - b;', new_string: 'return a + b;' });
    assert.equal(edit.text, `The file ${p('sum.js')} has been updated successfully. (file state is current in your context — no need to Read it back)`);
    assert.equal(edit.display.diff, '--- a/sum.js\n+++ b/sum.js\n@@ -1,5 +1,5 @@\n function sum(a, b) {\n-  return a - b;\n+  return a + b;\n }\n \n module.exports = { sum };\n');
    const after = await call('Bash', { command: 'node --test 2>&1 | grep -E "^# (pass|fail)"', description: 'Run the tests' });
    assert.equal(after.text, '# pass 1\n# fail 0');
    // The edit left the session's view current: a Read shows the fix.
    assert.equal((await call('Read', { file_path: 'sum.js', offset: 2, limit: 1 })).text, '2\t  return a + b;');
    plan[0]!.status = 'completed';
    plan[1]!.status = 'completed';
    assert.equal((await call('TodoWrite', { todos: plan })).code, '');
  });

  test('identity, the CLAUDE.md resource and the tool guide', async () => {
    const id = await unary(t.client.identity, t.client, {}, { shape: 'claude' });
    assert.equal(id.name, 'facet-claude');
    const res = await unary(t.client.listResources, t.client, {}, { shape: 'claude' });
    assert.deepEqual(res.resources.map((r) => r.name), ['roots', 'CLAUDE.md']);
    const guide = await unary(t.client.getPrompt, t.client, { name: 'tool-guide', arguments: {} }, { shape: 'claude' });
    const text = guide.messages[0]!.content[0]!.body;
    assert.ok(text?.$case === 'text' && text.value.startsWith(`You work in ${dir}.`) && text.value.endsWith(`Tools: ${['Read', 'Write', 'Edit', 'Bash', 'TaskOutput', 'TaskStop', 'Grep', 'Glob', 'WebFetch', 'WebSearch', 'NotebookEdit', 'TodoWrite'].join(', ')}.`));
  });

  test('every catalog example runs against a project laid out like the examples', async () => {
    const s = 'examples';
    mkdirSync(p('app', 'src'), { recursive: true });
    mkdirSync(p('app', 'tests'));
    writeFileSync(p('app', 'src', 'main.ts'), 'const retries = 3;\nconst oldName = 1;\nexport { oldName };\n');
    writeFileSync(p('app', 'src', 'big.ts'), Array.from({ length: 200 }, (_, i) => `// line ${i + 1}`).join('\n'));
    writeFileSync(p('app', 'tests', 'test_main.py'), 'def test_x(): pass\n');
    writeFileSync(p('app', 'package.json'), JSON.stringify({ scripts: { test: 'node -e "console.log(1)"', watch: 'sleep 30' } }));
    writeFileSync(p('app', 'analysis.ipynb'), JSON.stringify({ cells: [{ cell_type: 'code', id: 'c1', metadata: {}, source: ['1'], outputs: [], execution_count: null }], metadata: {}, nbformat: 4, nbformat_minor: 5 }));
    await call('Bash', { command: 'cd app' }, s);
    await call('Read', { file_path: p('app', 'analysis.ipynb') }, s);
    let taskId = '';
    const rewrite = (v: unknown): unknown => {
      if (typeof v === 'string') return v.replaceAll('/srv/app', p('app')).replace('https://nodejs.org/api/fs.html', `${site.origin}/fs.html`).replace('1a2b3c4d', taskId);
      if (Array.isArray(v)) return v.map(rewrite);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewrite(x)]));
      return v;
    };
    const ran: string[] = [];
    for (const name of TOOLS) {
      const d = await unary(t.client.describeTool, t.client, { name }, { shape: 'claude' });
      assert.ok(d.tool && d.tool.examples.length > 0, `${name} has examples`);
      for (const ex of d.tool.examples) {
        const r: Result = await call(name, rewrite(ex.arguments) as Record<string, unknown>, s);
        assert.equal(r.error, '', `${name}: ${ex.description}`);
        const m = /^Command running in background with ID: ([0-9a-f]{8})/.exec(r.text);
        if (m) taskId = m[1]!;
        ran.push(`${name}: ${r.text.split('\n')[0]!.slice(0, 40)}`);
      }
    }
    assert.equal(readFileSync(p('app', 'src', 'main.ts'), 'utf8'), 'const retries = 5;\nconst newName = 1;\nexport { newName };\n');
    assert.ok(existsSync(p('app', 'src', 'util.ts')));
    assert.ok(ran.includes('WebFetch: Web page content:'), ran.join('\n'));
    assert.equal(ran.length, 19);
  });
});
