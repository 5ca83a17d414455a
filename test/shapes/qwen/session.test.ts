// The qwen shape as a model would drive it: every tool example called once over gRPC (the
// examples' /home/user/project stands for the test's root), and a scripted session.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { qwenShape } from '../../../src/shapes/qwen/index.js';
import { servedReleases } from '../../../src/shapes/versions.js';
import { createEngine } from '../../../src/engine/index.js';
import { serverFixture, unary } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';
import { caller } from '../gemini/harness.js';

const { t, dir } = serverFixture({
  shape: 'qwen',
  args: ['--web-allow-hosts', '127.0.0.1'],
  prefix: 'facet-qwen-session-',
});
let site: LoopbackServer;

const MAIN = `${Array.from({ length: 300 }, (_, i) => `# line ${i + 1}`).join('\n')}\nclass Parser:\n    pass  # todo\n`;
const CALC = 'def add(a, b):\n    return a - b\n';
const CALC_TEST =
  "import test from 'node:test';\nimport assert from 'node:assert/strict';\n\ntest('sum', () => assert.equal(1 + 1, 2));\n";

before(async () => {
  const w = (f: string, s: string) => {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), s);
  };
  w(
    'package.json',
    JSON.stringify({ name: 'demo', type: 'module', scripts: { dev: 'node -e "setInterval(() => {}, 1000)"' } }),
  );
  w('src/main.py', MAIN);
  w('src/loop.py', 'for i in range(1, n):\n    print(i)\n');
  w('lib/counter.js', 'export function count(items) {\n  let n = 1;\n  for (const _ of items) n++;\n  return n;\n}\n');
  w(
    'test/counter.test.js',
    "import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { count } from '../lib/counter.js';\n\ntest('count', () => assert.equal(count([1, 2, 3]), 3));\n",
  );
  w('test/sum.test.js', CALC_TEST);
  w('py/calc.py', CALC);
  w('QWEN.md', '# Qwen notes\n');
  w('AGENTS.md', '# Agents\n');
  site = await serve((_req, res) => send(res, 200, 'text/markdown', '# Changelog\n\n## 2.0\n- streams\n'));
});
after(async () => {
  await site.close();
});

describe('qwen identity, resources and guide', () => {
  test('facet-qwen, QWEN.md and AGENTS.md offered, the guide names the tools', async () => {
    const id = await unary(t.client.identity, t.client, {}, { shape: 'qwen@0.15.10' });
    assert.equal(id.name, 'facet-qwen');
    const res = await unary(t.client.listResources, t.client, {}, { shape: 'qwen@0.15.10' });
    assert.deepEqual(
      res.resources.map((r) => r.name),
      ['roots', 'QWEN.md', 'AGENTS.md', 'shapes'],
    );
    const g = await unary(
      t.client.getPrompt,
      t.client,
      { name: 'tool-guide', arguments: {} },
      { shape: 'qwen@0.15.10' },
    );
    const text = g.messages[0]!.content[0]!.body?.$case === 'text' ? g.messages[0]!.content[0]!.body.value : '';
    assert.ok(text.startsWith(`Your workspace is ${dir}. File tools take absolute paths.`));
    assert.match(
      text,
      /\nTools: read_file, write_file, edit, grep_search, glob, list_directory, run_shell_command, task_stop, web_fetch, lsp, todo_write\.$/,
    );
  });
});

describe('qwen examples', () => {
  test('every example of every tool runs as its expected outcome says', async () => {
    const call = caller(() => t, 'qwen@0.15.10', 'examples');
    let taskId = '';
    const seen: string[] = [];
    const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `# line ${from + i}`);
    const EXAMPLE_KEYS: Record<string, (task: string) => string | RegExp> = {
      'read_file: Read a whole file': () => MAIN,
      'read_file: Read 50 lines from line index 200': () =>
        `Showing lines 201-250 of 303 total lines.\n\n---\n\n${lines(201, 250).join('\n')}`,
      'write_file: Create a new module': () => `Successfully created and wrote to new file: ${dir}/src/util.py.`,
      'edit: Fix an off-by-one': () =>
        `The file: ${dir}/src/loop.py has been updated. Showing lines 1-3 of 3 from the edited file:\n\n---\n\nfor i in range(0, n):\n    print(i)\n`,
      'grep_search: Find a class definition in Python files': () =>
        `Found 1 match for pattern "class\\s+Parser" in the workspace directory (filter: "*.py"):\n---\n${dir}/src/main.py:301:class Parser:`,
      'grep_search: First 20 TODOs': () =>
        `Found 1 match for pattern "todo" in the workspace directory:\n---\n${dir}/src/main.py:302:    pass  # todo`,
      // loop.py and util.py were just written by the examples above, so they lead.
      'glob: All Python files': () =>
        `Found 4 file(s) matching "**/*.py" in the workspace directory, sorted by modification time (newest first):\n---\n${dir}/src/loop.py\n${dir}/src/util.py\n${dir}/py/calc.py\n${dir}/src/main.py`,
      'list_directory: List the project root': () =>
        `Listed 7 item(s) in ${dir}:\n---\n[DIR] lib\n[DIR] py\n[DIR] src\n[DIR] test\nAGENTS.md\npackage.json\nQWEN.md`,
      // Test output carries timings and stack lines; its frame and counts are fixed.
      'run_shell_command: Run the unit tests': () =>
        /^Command: node --test\nDirectory: \(root\)\nOutput: TAP version 13\n[\s\S]*\n# tests 2\n# suites 0\n# pass 1\n# fail 1\n[\s\S]*\nError: \(none\)\nExit Code: 1\nSignal: \(none\)\nProcess Group PGID: \d+$/,
      'run_shell_command: Start a web server in the background': () =>
        /^Background shell started\.\nid: (bg_[0-9a-f]{8})\npid: (\d+)\noutput file: \/\S+\/job-1-\2\.log\nTo inspect its output run tail on that file with run_shell_command; to stop it call task_stop with task_id \1\.$/,
      'task_stop: Stop a dev server': (task) => new RegExp(`^Stopped task ${task} \\(pid \\d+\\)\\.$`),
      'web_fetch: Read a changelog': () =>
        `Content fetched from ${site.origin}/CHANGELOG.md for the request "What changed in 2.0?" (returned as fetched, not summarised; answer the request from it yourself):\n---\n# Changelog\n\n## 2.0\n- streams\n\n---`,
      // This server runs with --lsp off (the lsp tool with real servers is tested in test/engine/lsp/).
      'lsp: Where a function is defined': () =>
        'LSP go-to-definition is unavailable (LSP disabled or not initialized).',
      'lsp: Problems in a file': () => 'LSP diagnostics is unavailable (LSP disabled or not initialized).',
      'todo_write: Plan a feature': () =>
        'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable\n\n<system-reminder>\nYour todo list has changed. DO NOT mention this explicitly to the user. Here are the latest contents of your todo list: \n\n[{"id":"1","content":"Write the parser","status":"in_progress"},{"id":"2","content":"Add tests","status":"pending"}]. Continue on with the tasks at hand if applicable.\n</system-reminder>',
    };
    // The host's block (directory, site, task id and pids as placeholders).
    const D = '<dir>';
    const DISPLAY: Record<string, unknown> = {
      'write_file: Create a new module': {
        tool: 'write_file',
        summary: `Successfully created and wrote to new file: ${D}/src/util.py.`,
        paths: [`${D}/src/util.py`],
        diff: '--- a/src/util.py\n+++ b/src/util.py\n@@ -1,0 +1,2 @@\n+def add(a, b):\n+    return a + b\n',
        counts: { bytes: 32, added: 2, removed: 0 },
        details: { created: true },
      },
      'edit: Fix an off-by-one': {
        tool: 'edit',
        summary: `The file: ${D}/src/loop.py has been updated.`,
        paths: [`${D}/src/loop.py`],
        diff: '--- a/src/loop.py\n+++ b/src/loop.py\n@@ -1,2 +1,2 @@\n-for i in range(1, n):\n+for i in range(0, n):\n     print(i)\n',
        counts: { replacements: 1, added: 1, removed: 1 },
        details: { created: false, rung: 'exact' },
      },
      'grep_search: Find a class definition in Python files': {
        tool: 'grep_search',
        paths: [`${D}/src/main.py`],
        details: { backend: 'rg' },
        summary: 'Found 1 match(es)',
        counts: { matches: 1, shown: 1 },
        truncated: false,
      },
      'glob: All Python files': {
        tool: 'glob',
        summary: 'Found 4 file(s)',
        paths: [`${D}/src/loop.py`, `${D}/src/util.py`, `${D}/py/calc.py`, `${D}/src/main.py`],
        counts: { files: 4, shown: 4 },
        truncated: false,
      },
      'list_directory: List the project root': {
        tool: 'list_directory',
        paths: [D],
        summary: 'Listed 7 item(s)',
        counts: { entries: 7, shown: 7 },
        truncated: false,
      },
      'run_shell_command: Run the unit tests': {
        tool: 'run_shell_command',
        summary: 'Run tests',
        exitCode: 1,
        signal: null,
        truncated: false,
        details: { pid: '<pid>', cwd: D, timeoutMs: 300000, durationMs: '<t>' },
      },
      'task_stop: Stop a dev server': {
        tool: 'task_stop',
        summary: 'Stopped task <task> (pid <pid>).',
        signal: 'SIGTERM',
        exitCode: null,
        details: { task_id: '<task>', status: 'killed' },
      },
      'web_fetch: Read a changelog': {
        tool: 'web_fetch',
        summary: 'Fetched <site>/CHANGELOG.md',
        truncated: false,
        counts: { chars: 30 },
        details: { url: '<site>/CHANGELOG.md', status: 200 },
      },
      'todo_write: Plan a feature': {
        tool: 'todo_write',
        counts: { todos: 2 },
        details: {
          todos: [
            { id: '1', content: 'Write the parser', status: 'in_progress' },
            { id: '2', content: 'Add tests', status: 'pending' },
          ],
        },
        summary: '2 todo(s)',
      },
    };
    const shown = (v: unknown, task: string) => {
      let j = JSON.stringify(v)
        .replaceAll(dir, D)
        .replaceAll(site.origin, '<site>')
        .replace(/"pid":\d+/, '"pid":"<pid>"')
        .replace(/\(pid \d+\)/, '(pid <pid>)')
        .replace(/"durationMs":\d+/, '"durationMs":"<t>"');
      if (task) j = j.replaceAll(task, '<task>');
      return JSON.parse(j);
    };
    const expected = (key: string, task: string) => {
      const f = EXAMPLE_KEYS[key];
      assert.ok(f, `no expected result for the example ${key}`);
      return f(task);
    };
    const engine = createEngine(t.config);
    const old = servedReleases('qwen@0.15.10', qwenShape(t.config, engine), t.config, engine)[0]![1];
    for (const tool of old.tools) {
      for (const ex of tool.examples) {
        const json = JSON.stringify(ex.arguments)
          .replaceAll('/home/user/project', dir)
          .replaceAll('https://example.com', site.origin);
        const args = JSON.parse(json) as Record<string, unknown>;
        if (tool.name === 'task_stop') args.task_id = taskId;
        // Qwen edits only files read in this session, as a model would have done first.
        if (tool.name === 'edit') await call('read_file', { file_path: args.file_path });
        const r = await call(tool.name, args);
        const key = `${tool.name}: ${ex.description}`;
        assert.equal(r.error, '', `${key}: ${r.error}`);
        const want = expected(key, taskId);
        if (want instanceof RegExp) assert.match(r.text, want, key);
        else assert.equal(r.text, want, key);
        const id = /\nid: (bg_[0-9a-f]+)\n/.exec(r.text);
        if (id) taskId = id[1]!;
        if (key in DISPLAY) assert.deepEqual(shown(r.display, taskId), DISPLAY[key], `${key}: display`);
        seen.push(key);
      }
    }
    assert.ok(taskId !== '');
    assert.deepEqual(seen, Object.keys(EXAMPLE_KEYS));
  });
});

describe('a scripted Qwen agent session', () => {
  test('explore, read, search, test, fix, test again', async () => {
    const call = caller(() => t, 'qwen@0.15.10', 'agent-1');
    const ls = await call('list_directory', { path: dir });
    assert.ok(ls.text.startsWith(`Listed `) && ls.text.includes('\n[DIR] lib\n'));
    const files = await call('glob', { pattern: '**/*.js' });
    assert.ok(files.text.includes(`${dir}/lib/counter.js`));
    const hits = await call('grep_search', { pattern: 'COUNT\\(', path: 'test' });
    assert.equal(
      hits.text,
      `Found 1 match for pattern "COUNT\\(" in path "test":\n---\n${dir}/test/counter.test.js:5:test('count', () => assert.equal(count([1, 2, 3]), 3));`,
    );
    const early = await call('edit', {
      file_path: `${dir}/lib/counter.js`,
      old_string: 'let n = 1;',
      new_string: 'let n = 0;',
    });
    assert.equal(early.errorType, 'edit_requires_prior_read');
    const read = await call('read_file', { file_path: `${dir}/lib/counter.js`, offset: 0, limit: 3 });
    assert.equal(
      read.text,
      'Showing lines 1-3 of 6 total lines.\n\n---\n\nexport function count(items) {\n  let n = 1;\n  for (const _ of items) n++;',
    );
    const failing = await call('run_shell_command', {
      command: 'node --test test/counter.test.js',
      description: 'run the tests',
    });
    assert.match(
      failing.text,
      /^Command: node --test test\/counter\.test\.js\nDirectory: \(root\)\nOutput: [\s\S]*# fail 1[\s\S]*\nError: \(none\)\nExit Code: 1\nSignal: \(none\)\nProcess Group PGID: \d+$/,
    );
    const fix = await call('edit', {
      file_path: `${dir}/lib/counter.js`,
      old_string: 'let n = 1;',
      new_string: 'let n = 0;',
    });
    assert.equal(
      fix.text,
      `The file: ${dir}/lib/counter.js has been updated. Showing lines 1-6 of 6 from the edited file:\n\n---\n\nexport function count(items) {\n  let n = 0;\n  for (const _ of items) n++;\n  return n;\n}\n`,
    );
    const passing = await call('run_shell_command', { command: 'node --test test/counter.test.js' });
    assert.match(
      passing.text,
      /# pass 1\n# fail 0[\s\S]*\nError: \(none\)\nExit Code: 0\nSignal: \(none\)\nProcess Group PGID: \d+$/,
    );
    const todos = await call('todo_write', { todos: [{ id: 'fix', content: 'Fix count', status: 'completed' }] });
    assert.ok(todos.text.includes('[{"id":"fix","content":"Fix count","status":"completed"}]'));
  });
});
