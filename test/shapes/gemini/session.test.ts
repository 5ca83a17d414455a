// The gemini shape as a model would drive it: every tool example called once over gRPC,
// and a scripted session (explore, read, search, run the failing tests, fix, run again).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { geminiShape } from '../../../src/shapes/gemini/index.js';
import { createEngine } from '../../../src/engine/index.js';
import { serverFixture, tempDir, unary } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';
import { caller } from './harness.js';

let site: LoopbackServer;
let provider: LoopbackServer;
let npmrc: { dir: string; cleanup: () => void };

const APP = `${Array.from({ length: 160 }, (_, i) => `// line ${i + 1}`).join('\n')}\nexport function parseArgs() {}\n// TODO: more\n`;
const MATH = 'export function isZero(n) {\n  return n == 0;\n}\n\nexport function add(a, b) {\n  return a - b;\n}\n';
const MATH_TEST =
  "import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add, isZero } from '../lib/calc.js';\n\ntest('add', () => assert.equal(add(2, 3), 5));\ntest('isZero', () => assert.equal(isZero('0'), false));\n";

/** The files and stand-in servers the server starts with. */
async function setUp(): Promise<void> {
  const w = (f: string, s: string) => {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), s);
  };
  w(
    'package.json',
    JSON.stringify({
      name: 'demo',
      type: 'module',
      scripts: { test: 'node --test', dev: 'node -e "setInterval(() => {}, 1000)"' },
    }),
  );
  w('src/math.js', 'export const isZero = (n) => { return n == 0; };\n');
  w('lib/calc.js', MATH);
  w('test/calc.test.js', MATH_TEST);
  w('src/app.ts', APP);
  w('src/app.js', 'oldName();\noldName();\n');
  w('docs/guide.md', '# Guide\n');
  w('README.md', '# Demo\n');
  w('GEMINI.md', 'Run npm test before you finish.\n');
  site = await serve((_req, res) => send(res, 200, 'text/html', '<html><body><p>fs docs</p></body></html>'));
  provider = await serve((_req, res) =>
    send(
      res,
      200,
      'application/json',
      JSON.stringify({
        candidates: [
          {
            content: { parts: [{ text: 'Node 22 became LTS in October 2024.' }] },
            groundingMetadata: {
              groundingChunks: [{ web: { uri: 'https://nodejs.org/', title: 'nodejs.org' } }],
              groundingSupports: [{ segment: { startIndex: 0, endIndex: 35 }, groundingChunkIndices: [0] }],
            },
          },
        ],
      }),
    ),
  );
  // The machine's ~/.npmrc may hold settings npm warns about: npm reads an empty one.
  npmrc = tempDir('facet-npmrc-');
  writeFileSync(path.join(npmrc.dir, 'npmrc'), 'update-notifier=false\n');
}
const { t, dir } = serverFixture({
  setup: setUp,
  shape: 'gemini',
  prefix: 'facet-gemini-session-',
  args: () => [
    '--web-allow-hosts',
    '127.0.0.1',
    '--search-provider',
    'gemini',
    '--gemini-api-key',
    'k',
    '--gemini-base-url',
    provider.origin,
    '--shell-env',
    `NPM_CONFIG_USERCONFIG=${path.join(npmrc.dir, 'npmrc')}`,
  ],
});
after(async () => {
  await site.close();
  await provider.close();
  npmrc.cleanup();
});

describe('gemini identity, resources and guide', () => {
  test('facet-gemini, GEMINI.md offered, the guide names the tools', async () => {
    const id = await unary(t.client.identity, t.client, {}, { shape: 'gemini' });
    assert.equal(id.name, 'facet-gemini');
    const res = await unary(t.client.listResources, t.client, {}, { shape: 'gemini' });
    assert.deepEqual(
      res.resources.map((r) => r.name),
      ['roots', 'GEMINI.md', 'shapes'],
    );
    const g = await unary(t.client.getPrompt, t.client, { name: 'tool-guide', arguments: {} }, { shape: 'gemini' });
    const text = g.messages[0]!.content[0]!.body?.$case === 'text' ? g.messages[0]!.content[0]!.body.value : '';
    assert.ok(text.startsWith(`Your workspace is ${dir}; `));
    assert.match(
      text,
      /\nTools: update_topic, list_directory, read_file, grep_search, glob, replace, write_file, web_fetch, read_mcp_resource, list_mcp_resources, run_shell_command, list_background_processes, read_background_output, google_web_search, ask_user, write_todos, exit_plan_mode, enter_plan_mode, read_many_files\.$/,
    );
  });
});

describe('gemini examples', () => {
  test('every example of every tool runs as its expected outcome says', async () => {
    const call = caller(() => t, 'gemini', 'examples');
    let bgPid = 0;
    const seen: string[] = [];
    const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `// line ${from + i}`);
    const EXAMPLE_KEYS: Record<string, (pid: number) => string | RegExp> = {
      'update_topic: Start a phase': () =>
        'Current topic: "Fixing the parser"\nTopic summary: Found the bug in tokenize().\n\nStrategic Intent: Write a test',
      'list_directory: List the project root': () =>
        `Directory listing for ${dir}:\n[DIR] docs\n[DIR] lib\n[DIR] src\n[DIR] test\nGEMINI.md (32 bytes)\npackage.json (112 bytes)\nREADME.md (7 bytes)`,
      'list_directory: List src without test files': () =>
        `Directory listing for ${dir}/src:\napp.js (22 bytes)\napp.ts (1857 bytes)\nmath.js (49 bytes)`,
      'read_file: Read a whole source file': () => APP,
      'read_file: Read lines 100 to 150': () =>
        `\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines 100-150 of 163 total lines.\nAction: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: 151.\n\n--- FILE CONTENT (truncated) ---\n${lines(100, 150).join('\n')}`,
      'grep_search: Find a function definition in TypeScript files': () =>
        `Found 1 match for pattern "function\\s+parseArgs" in path "." (filter: "*.ts"):\n---\nFile: src/app.ts\n${lines(
          111,
          160,
        )
          .map((l, i) => `L${111 + i}- ${l}`)
          .join('\n')}\nL161: export function parseArgs() {}\nL162- // TODO: more\n---`,
      'grep_search: Which files mention TODO': () =>
        'Found 1 files with matches for pattern "TODO" in path ".":\nsrc/app.ts',
      'glob: All TypeScript sources': () =>
        `Found 1 file(s) matching "src/**/*.ts" within ${dir}, sorted by modification time (newest first):\n${dir}/src/app.ts`,
      'glob: Markdown files in docs, case-sensitive': () =>
        `Found 1 file(s) matching "*.md" within ${dir}/docs, sorted by modification time (newest first):\n${dir}/docs/guide.md`,
      'replace: Fix a comparison': () =>
        `Successfully modified file: ${dir}/src/math.js (1 replacements). Here is the updated code:\nexport const isZero = (n) => { return n === 0; };\n`,
      'replace: Rename every call': () =>
        `Successfully modified file: ${dir}/src/app.js (2 replacements). Here is the updated code:\nnewName();\nnewName();\n`,
      'write_file: Create a test file': () =>
        `Successfully created and wrote to new file: ${dir}/test/math.test.js. Here is the updated code:\nimport assert from 'node:assert';\n`,
      'web_fetch: Read a documentation page': () =>
        `<untrusted_context>\nFetched content for the URLs in the prompt (returned as fetched, not summarised; apply the prompt to it yourself):\n\n--- ${site.origin}/api/fs.html ---\nfs docs\n</untrusted_context>`,
      "read_mcp_resource: The session's roots": () => `{"roots":["${dir}"]}\n`,
      'list_mcp_resources: Every resource': () =>
        `Available MCP Resources:\n- facet-gemini:facet://roots | roots | The directories this toolbox may touch.\n- facet-gemini:file://${dir}/GEMINI.md | GEMINI.md | Agent instructions in ${dir} (32 bytes).\n- facet-gemini:facet://shapes | shapes | The shapes this server serves and the vendor releases they follow (pin one with NAME@VERSION).\n`,
      // Test output carries timings and stack lines; its frame and counts are fixed.
      'run_shell_command: Run the tests': () =>
        /^<untrusted_context>\nOutput: TAP version 13\n[\s\S]*\n# tests 3\n# suites 0\n# pass 1\n# fail 2\n[\s\S]*\nExit Code: 1\nProcess Group PGID: \d+\n<\/untrusted_context>$/,
      'run_shell_command: Start a dev server in the background': () =>
        // npm prints its banner within the example's 1 s on a quiet machine; under load it may not yet have.
        /^<untrusted_context>\nCommand is running in background\. PID: \d+\. Initial output:\n(?:> dev\n> node -e "setInterval\(\(\) => \{\}, 1000\)"\n|\(empty\)\n)<\/untrusted_context>$/,
      'list_background_processes: See what is running': (pid) => `- [PID ${pid}] RUNNING: \`npm run dev\``,
      'read_background_output: Last 20 lines of a server': () =>
        /^Full Log Output:\n\n> dev\n> node -e "setInterval\(\(\) => \{\}, 1000\)"\n$/,
      'google_web_search: Look up a release': () =>
        'Web search results for "Node.js 22 LTS release date":\n\nNode 22 became LTS in October 2024.[1]\n\nSources:\n[1] nodejs.org (https://nodejs.org/)',
      'write_todos: Plan a bug fix': () =>
        'Successfully updated the todo list. The current list is now:\n1. [completed] Reproduce the bug\n2. [in_progress] Fix the parser\n3. [pending] Run the tests',
      'read_many_files: Read all Markdown docs': () =>
        `--- ${dir}/README.md ---\n\n# Demo\n\n\n\n--- ${dir}/docs/guide.md ---\n\n# Guide\n\n\n\n\n--- End of content ---`,
    };
    // The host's block (directory, site and background pid as placeholders).
    const D = '<dir>';
    const DISPLAY: Record<string, unknown> = {
      'write_file: Create a test file': {
        tool: 'write_file',
        summary: `Successfully created and wrote to new file: ${D}/test/math.test.js.`,
        paths: [`${D}/test/math.test.js`],
        diff: "--- a/test/math.test.js\n+++ b/test/math.test.js\n@@ -1,0 +1,1 @@\n+import assert from 'node:assert';\n",
        counts: { bytes: 34, added: 1, removed: 0 },
        details: { created: true },
      },
      'replace: Fix a comparison': {
        tool: 'replace',
        summary: `Successfully modified file: ${D}/src/math.js (1 replacements).`,
        paths: [`${D}/src/math.js`],
        diff: '--- a/src/math.js\n+++ b/src/math.js\n@@ -1,1 +1,1 @@\n-export const isZero = (n) => { return n == 0; };\n+export const isZero = (n) => { return n === 0; };\n',
        counts: { replacements: 1, added: 1, removed: 1 },
        details: { created: false, rung: 'exact', instruction: 'Use strict equality in isZero.' },
      },
      'replace: Rename every call': {
        tool: 'replace',
        summary: `Successfully modified file: ${D}/src/app.js (2 replacements).`,
        paths: [`${D}/src/app.js`],
        diff: '--- a/src/app.js\n+++ b/src/app.js\n@@ -1,2 +1,2 @@\n-oldName();\n-oldName();\n+newName();\n+newName();\n',
        counts: { replacements: 2, added: 2, removed: 2 },
        details: { created: false, rung: 'exact', instruction: 'Rename oldName to newName everywhere.' },
      },
      'grep_search: Find a function definition in TypeScript files': {
        tool: 'grep_search',
        summary: 'Found 1 match(es) in 1 file(s)',
        paths: [`${D}/src/app.ts`],
        counts: { matches: 1, files: 1 },
        truncated: false,
        details: { backend: 'rg' },
      },
      'grep_search: Which files mention TODO': {
        tool: 'grep_search',
        summary: 'Found 1 match(es) in 1 file(s)',
        paths: [`${D}/src/app.ts`],
        counts: { matches: 1, files: 1 },
        truncated: false,
        details: { backend: 'rg' },
      },
      'glob: All TypeScript sources': {
        tool: 'glob',
        summary: 'Found 1 file(s)',
        paths: [`${D}/src/app.ts`],
        counts: { files: 1, ignored: 0 },
      },
      'glob: Markdown files in docs, case-sensitive': {
        tool: 'glob',
        summary: 'Found 1 file(s)',
        paths: [`${D}/docs/guide.md`],
        counts: { files: 1, ignored: 0 },
      },
      'list_directory: List the project root': {
        tool: 'list_directory',
        paths: [D],
        summary: 'Listed 7 item(s)',
        counts: { entries: 7, ignored: 0 },
      },
      'list_directory: List src without test files': {
        tool: 'list_directory',
        paths: [`${D}/src`],
        summary: 'Listed 3 item(s)',
        counts: { entries: 3, ignored: 0 },
      },
      'list_background_processes: See what is running': {
        tool: 'list_background_processes',
        counts: { processes: 1 },
        details: { processes: [{ pid: '<pid>', status: 'running', exitCode: null, command: 'npm run dev' }] },
      },
      'read_background_output: Last 20 lines of a server': {
        tool: 'read_background_output',
        summary: 'Output of PID <pid>',
        counts: { lines: 4 },
        details: { status: 'running', exitCode: null },
      },
      'web_fetch: Read a documentation page': {
        tool: 'web_fetch',
        summary: 'Fetched 1 of 1 URL(s)',
        counts: { fetched: 1, skipped: 0 },
        truncated: false,
        details: { urls: ['<site>/api/fs.html'], skipped: [] },
      },
      'google_web_search: Look up a release': {
        tool: 'google_web_search',
        summary: 'Searched for "Node.js 22 LTS release date"',
        counts: { results: 1 },
        details: { provider: 'gemini', urls: ['https://nodejs.org/'] },
      },
      'write_todos: Plan a bug fix': {
        tool: 'write_todos',
        counts: { todos: 3 },
        summary: '3 todo(s)',
        details: {
          todos: [
            { description: 'Reproduce the bug', status: 'completed' },
            { description: 'Fix the parser', status: 'in_progress' },
            { description: 'Run the tests', status: 'pending' },
          ],
        },
      },
    };
    const shown = (v: unknown, pid: number) => {
      let j = JSON.stringify(v).replaceAll(dir, D).replaceAll(site.origin, '<site>');
      if (pid > 0) j = j.replaceAll(`"pid":${pid}`, '"pid":"<pid>"').replaceAll(`PID ${pid}`, 'PID <pid>');
      return JSON.parse(j);
    };
    const expected = (key: string, pid: number) => {
      const f = EXAMPLE_KEYS[key];
      assert.ok(f, `no expected result for the example ${key}`);
      return f(pid);
    };
    for (const tool of geminiShape(t.config, createEngine(t.config)).tools) {
      // A unary call has nobody to answer questions, and plan mode would refuse the examples after it: the
      // person-answered tools' examples run with a host in test/server/host-questions-gemini.test.ts.
      if (['ask_user', 'enter_plan_mode', 'exit_plan_mode'].includes(tool.name)) continue;
      for (const ex of tool.examples) {
        const args = JSON.parse(JSON.stringify(ex.arguments).replaceAll('https://nodejs.org', site.origin)) as Record<
          string,
          unknown
        >;
        if (tool.name === 'read_background_output') {
          args.pid = bgPid;
          // Waits (without timing anything) until npm has printed its banner, however slow the machine.
          for (let i = 0; i < 300 && !(await call(tool.name, { pid: bgPid })).text.includes('> dev'); i++)
            await new Promise((r) => setTimeout(r, 100));
        }
        const r = await call(tool.name, args);
        const key = `${tool.name}: ${ex.description}`;
        assert.equal(r.error, '', `${key}: ${r.error}`);
        const want = expected(key, bgPid);
        if (want instanceof RegExp) assert.match(r.text, want, key);
        else assert.equal(r.text, want, key);
        const pid = /Command is running in background\. PID: (\d+)/.exec(r.text);
        if (pid) bgPid = Number(pid[1]);
        if (key in DISPLAY) assert.deepEqual(shown(r.display, bgPid), DISPLAY[key], `${key}: display`);
        seen.push(key);
      }
    }
    assert.ok(bgPid > 0);
    assert.deepEqual(seen, Object.keys(EXAMPLE_KEYS));
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
    assert.ok(
      found.text.startsWith(
        'Found 3 matches for pattern "isZero|add\\(" in path "test":\n---\nFile: calc.test.js\nL3: import { add, isZero }',
      ),
    );
    await call('write_todos', {
      todos: [
        { description: 'Run the tests', status: 'in_progress' },
        { description: 'Fix calc.js', status: 'pending' },
      ],
    });
    const failing = await call('run_shell_command', {
      command: 'node --test test/calc.test.js',
      description: 'Run tests',
    });
    assert.match(
      failing.text,
      /^<untrusted_context>\nOutput: [\s\S]*# fail 2[\s\S]*\nExit Code: 1\nProcess Group PGID: \d+\n<\/untrusted_context>$/,
    );
    const fix1 = await call('replace', {
      file_path: 'lib/calc.js',
      instruction: 'isZero must use strict equality',
      old_string: 'return n == 0;',
      new_string: 'return n === 0;',
    });
    assert.ok(fix1.text.startsWith(`Successfully modified file: ${dir}/lib/calc.js (1 replacements).`));
    const fix2 = await call('replace', {
      file_path: 'lib/calc.js',
      instruction: 'add must add',
      old_string: '  return a - b;',
      new_string: '  return a + b;',
    });
    assert.equal(fix2.error, '');
    const passing = await call('run_shell_command', { command: 'node --test test/calc.test.js' });
    assert.match(passing.text, /# pass 2\n# fail 0[\s\S]*\nProcess Group PGID: \d+\n<\/untrusted_context>$/);
    assert.ok(!passing.text.includes('Exit Code'));
    const done = await call('write_todos', {
      todos: [
        { description: 'Run the tests', status: 'completed' },
        { description: 'Fix calc.js', status: 'completed' },
      ],
    });
    assert.equal(
      done.text,
      'Successfully updated the todo list. The current list is now:\n1. [completed] Run the tests\n2. [completed] Fix calc.js',
    );
  });
});
