// The claude shape as a model uses it: a scripted agent session (find, read, edit, run the
// tests, read the output) over gRPC with facet-shape and facet-session; every tool's catalog
// examples called once; identity, context-file resources and the tool guide.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { serverFixture, unary } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';
import { claudeCaller, type Result } from './harness.js';

const TERMINATED = '\n\n<output>\nTerminated\n</output>';
/**
 * The stopped watcher's output, seen as empty. Under load the shell running `npm run watch` can
 * outlive npm by a moment when the stop signals the group's members one by one (a sandboxed
 * command's bwrap leader is spared), and then reports npm's death as "Terminated": output of
 * the command's own, which Facet rightly shows. Only that exact text is forgiven.
 */
function terminatedOnce(key: string, r: Result): Result {
  if (key !== 'TaskOutput: Wait up to 30 s for a build task' || !r.text.endsWith(TERMINATED)) return r;
  const details = (r.display as { details?: { outputBytes?: number } } | undefined)?.details;
  assert.equal(details?.outputBytes, 'Terminated\n'.length, key);
  details!.outputBytes = 0;
  return { ...r, text: r.text.slice(0, -TERMINATED.length) };
}

const SUM = 'function sum(a, b) {\n  return a - b;\n}\n\nmodule.exports = { sum };\n';
const SUM_TEST =
  "const test = require('node:test');\nconst assert = require('node:assert');\nconst { sum } = require('./sum.js');\n\ntest('adds', () => assert.strictEqual(sum(2, 3), 5));\n";
const TOOLS = [
  'Read',
  'Edit',
  'Write',
  'NotebookEdit',
  'Bash',
  'TaskStop',
  'TaskOutput',
  'Grep',
  'Glob',
  'WebFetch',
  'WebSearch',
  'TodoWrite',
];

describe('claude shape: an agent session and the catalog examples', () => {
  let site: LoopbackServer;
  let searx: LoopbackServer;
  const call = claudeCaller(() => t, 'agent');
  const p = (...parts: string[]) => path.join(dir, ...parts);

  /** The files and stand-in servers the server starts with. */
  async function setUp(): Promise<void> {
    writeFileSync(p('CLAUDE.md'), '# Project\nRun node --test before you finish.\n');
    writeFileSync(p('sum.js'), SUM);
    writeFileSync(p('sum.test.js'), SUM_TEST);
    site = await serve((_req, res) =>
      send(res, 200, 'text/html', '<html><body><h1>fs</h1><p>Use readline.</p></body></html>'),
    );
    searx = await serve((_req, res) =>
      send(
        res,
        200,
        'application/json',
        JSON.stringify({
          results: [
            { title: 'Node.js 22', url: 'https://nodejs.org/en/blog/release/v22.0.0', content: 'Release notes.' },
          ],
        }),
      ),
    );
    // The machine's ~/.npmrc may hold settings npm warns about: the npm commands read an empty one.
    writeFileSync(p('.npmrc-empty'), 'update-notifier=false\n');
  }
  const { t, dir } = serverFixture({
    setup: setUp,
    shape: 'claude@2.1.197',
    args: () => [
      '--web-allow-hosts',
      '127.0.0.1',
      '--search-provider',
      'searxng',
      '--searxng-url',
      searx.origin,
      '--shell-env',
      `NPM_CONFIG_USERCONFIG=${p('.npmrc-empty')}`,
    ],
  });
  after(async () => {
    await site.close();
    await searx.close();
  });

  test('find, read, run the failing test, fix, run it again', async () => {
    const plan = [
      { content: 'Find the sum function', status: 'in_progress', activeForm: 'Finding the sum function' },
      { content: 'Fix it and run the tests', status: 'pending', activeForm: 'Fixing it and running the tests' },
    ];
    assert.equal((await call('TodoWrite', { todos: plan })).code, '');
    assert.equal((await call('Glob', { pattern: '*.js' })).text, 'sum.js\nsum.test.js');
    assert.equal(
      (await call('Grep', { pattern: 'function sum', output_mode: 'content' })).text,
      'sum.js:1:function sum(a, b) {',
    );
    const before = await call('Bash', { command: 'node --test 2>&1', description: 'Run the tests' });
    assert.equal(before.code, 'PROCESS_FAILED');
    assert.match(before.error, /^Exit code 1\n[\s\S]*# fail 1/);
    const read = await call('Read', { file_path: p('sum.js') });
    assert.equal(
      read.text,
      '1\tfunction sum(a, b) {\n2\t  return a - b;\n3\t}\n4\t\n5\tmodule.exports = { sum };\n6\t',
    );
    const edit = await call('Edit', {
      file_path: p('sum.js'),
      old_string: 'return a - b;',
      new_string: 'return a + b;',
    });
    assert.equal(
      edit.text,
      `The file ${p('sum.js')} has been updated successfully. (file state is current in your context — no need to Read it back)`,
    );
    assert.equal(
      edit.display.diff,
      '--- a/sum.js\n+++ b/sum.js\n@@ -1,5 +1,5 @@\n function sum(a, b) {\n-  return a - b;\n+  return a + b;\n }\n \n module.exports = { sum };\n',
    );
    const after = await call('Bash', {
      command: 'node --test 2>&1 | grep -E "^# (pass|fail)"',
      description: 'Run the tests',
    });
    assert.equal(after.text, '# pass 1\n# fail 0');
    // The edit left the session's view current: a Read shows the fix.
    assert.equal((await call('Read', { file_path: 'sum.js', offset: 2, limit: 1 })).text, '2\t  return a + b;');
    plan[0]!.status = 'completed';
    plan[1]!.status = 'completed';
    assert.equal((await call('TodoWrite', { todos: plan })).code, '');
  });

  test('identity, the CLAUDE.md resource and the tool guide', async () => {
    const id = await unary(t.client.identity, t.client, {}, { shape: 'claude@2.1.197' });
    assert.equal(id.name, 'facet-claude');
    const res = await unary(t.client.listResources, t.client, {}, { shape: 'claude@2.1.197' });
    assert.deepEqual(
      res.resources.map((r) => r.name),
      ['roots', 'CLAUDE.md', 'shapes'],
    );
    const guide = await unary(
      t.client.getPrompt,
      t.client,
      { name: 'tool-guide', arguments: {} },
      { shape: 'claude@2.1.197' },
    );
    const text = guide.messages[0]!.content[0]!.body;
    assert.ok(
      text?.$case === 'text' &&
        text.value.startsWith(`You work in ${dir}.`) &&
        text.value.endsWith(
          `Tools: ${['Read', 'Write', 'Edit', 'Bash', 'TaskOutput', 'TaskStop', 'Grep', 'Glob', 'WebFetch', 'WebSearch', 'NotebookEdit', 'TodoWrite'].join(', ')}.`,
        ),
    );
  });

  test('every catalog example runs against a project laid out like the examples', async () => {
    const s = 'examples';
    mkdirSync(p('app', 'src'), { recursive: true });
    mkdirSync(p('app', 'tests'));
    writeFileSync(p('app', 'src', 'main.ts'), 'const retries = 3;\nconst oldName = 1;\nexport { oldName };\n');
    // What the Grep examples look for: a function's callers, TODOs with context, imports to count.
    writeFileSync(
      p('app', 'src', 'config.ts'),
      "import { readFileSync } from 'node:fs';\nimport path from 'node:path';\n\nexport function parseConfig() {\n  // TODO: validate\n  return {};\n}\n",
    );
    writeFileSync(p('app', 'src', 'cli.js'), 'parseConfig();\n');
    writeFileSync(p('app', 'src', 'big.ts'), Array.from({ length: 200 }, (_, i) => `// line ${i + 1}`).join('\n'));
    // Glob lists oldest first and Grep's file list newest first: fixed times, so that the order
    // does not depend on how far apart the writes above land (ties go by name).
    const at = (sec: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, sec));
    for (const f of ['main.ts', 'config.ts', 'big.ts']) utimesSync(p('app', 'src', f), at(0), at(0));
    utimesSync(p('app', 'src', 'cli.js'), at(1), at(1));
    writeFileSync(p('app', 'tests', 'test_main.py'), 'def test_x(): pass\n');
    writeFileSync(
      p('app', 'package.json'),
      JSON.stringify({ scripts: { test: 'node -e "console.log(1)"', watch: 'sleep 30' } }),
    );
    writeFileSync(
      p('app', 'analysis.ipynb'),
      JSON.stringify({
        cells: [{ cell_type: 'code', id: 'c1', metadata: {}, source: ['1'], outputs: [], execution_count: null }],
        metadata: {},
        nbformat: 4,
        nbformat_minor: 5,
      }),
    );
    await call('Bash', { command: 'cd app' }, s);
    await call('Read', { file_path: p('app', 'analysis.ipynb') }, s);
    let taskId = '';
    const rewrite = (v: unknown): unknown => {
      if (typeof v === 'string')
        return v
          .replaceAll('/srv/app', p('app'))
          .replace('https://nodejs.org/api/fs.html', `${site.origin}/fs.html`)
          .replace('1a2b3c4d', taskId);
      if (Array.isArray(v)) return v.map(rewrite);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewrite(x)]));
      return v;
    };
    const task = (text: string) =>
      (taskId ? text.replaceAll(taskId, '<task>') : text).replace(
        /Output is being written to: \S+\.log\./,
        'Output is being written to: <log>.',
      );
    const EXPECTED: Record<string, string> = {
      'Read: Read a whole source file': '1\tconst retries = 3;\n2\tconst oldName = 1;\n3\texport { oldName };\n4\t',
      'Read: Read lines 100-149 of a long file': Array.from(
        { length: 50 },
        (_, i) => `${100 + i}\t// line ${100 + i}`,
      ).join('\n'),
      'Edit: Change one line': `The file ${p('app', 'src', 'main.ts')} has been updated successfully. (file state is current in your context — no need to Read it back)`,
      'Edit: Rename an identifier everywhere in a file': `The file ${p('app', 'src', 'main.ts')} has been updated. All occurrences were successfully replaced. (file state is current in your context — no need to Read it back)`,
      'Write: Create a new module': `File created successfully at: ${p('app', 'src', 'util.ts')} (file state is current in your context — no need to Read it back)`,
      'NotebookEdit: Replace the source of a code cell': "Updated cell c1 with print('bye')",
      'NotebookEdit: Insert a markdown cell at the start': 'Inserted cell <cell> with # Results',
      'Bash: Run the tests': '> test\n> node -e "console.log(1)"\n\n1',
      'Bash: Start a watcher in the background':
        'Command running in background with ID: <task>. Output is being written to: <log>. You will be notified when it finishes; to see its output before then, Read that file or call TaskOutput.',
      'TaskStop: Stop a dev server': JSON.stringify({
        message: 'Successfully stopped task: <task> (npm run watch)',
        task_id: '<task>',
        task_type: 'local_bash',
        command: 'npm run watch',
      }),
      // The examples run in catalog order: the watcher was stopped just before.
      'TaskOutput: Wait up to 30 s for a build task':
        '<retrieval_status>success</retrieval_status>\n\n<task_id><task></task_id>\n\n<task_type>local_bash</task_type>\n\n<status>killed</status>',
      'Grep: Which files mention a function': 'Found 2 files\nsrc/cli.js\nsrc/config.ts',
      // Claude Code's quirk, kept: context lines carry rg's absolute path, match lines a relative one.
      'Grep: Matching lines with two lines of context in TypeScript files': [
        `${p('app', 'src', 'config.ts')}-3-`,
        `${p('app', 'src', 'config.ts')}-4-export function parseConfig() {`,
        'src/config.ts:5:  // TODO: validate',
        `${p('app', 'src', 'config.ts')}-6-  return {};`,
        `${p('app', 'src', 'config.ts')}-7-}`,
      ].join('\n'),
      'Grep: Count matches per file': 'src/config.ts:2\n\nFound 2 total occurrences across 1 file.',
      'Glob: All TypeScript files': 'src/big.ts\nsrc/config.ts\nsrc/main.ts\nsrc/util.ts',
      'Glob: Test files under one folder': 'tests/test_main.py',
      'WebFetch: Read an API page':
        'Web page content:\n---\n# fs\n\nUse readline.\n---\n\nPrompt: How do I read a file line by line?\n\n(No summarising model runs on this server: answer the prompt from the content above, quoting sparingly.)',
      'WebSearch: Find the current release notes':
        'Web search results for query: "Node.js 22 release notes"\n\nLinks: [{"title":"Node.js 22","url":"https://nodejs.org/en/blog/release/v22.0.0"}]\n\n- [Node.js 22](https://nodejs.org/en/blog/release/v22.0.0): Release notes.\n\n\nREMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.',
      'TodoWrite: Plan a bug fix':
        'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable',
    };
    // The host's block for the tools whose display no other test pins (dir, ids, log and site as placeholders).
    const app = '<dir>/app';
    const DISPLAY: Record<string, unknown> = {
      'NotebookEdit: Replace the source of a code cell': {
        tool: 'NotebookEdit',
        summary: 'replace cell c1 of app/analysis.ipynb',
        paths: [`${app}/analysis.ipynb`],
        counts: { cells: 1 },
        details: { mode: 'replace', cellId: 'c1', cellType: 'code', index: 0 },
      },
      'NotebookEdit: Insert a markdown cell at the start': {
        tool: 'NotebookEdit',
        summary: 'insert cell <cell> of app/analysis.ipynb',
        paths: [`${app}/analysis.ipynb`],
        counts: { cells: 2 },
        details: { mode: 'insert', cellId: '<cell>', cellType: 'markdown', index: 0 },
      },
      'TaskStop: Stop a dev server': {
        tool: 'TaskStop',
        summary: 'Stopped task <task>',
        exitCode: null,
        signal: 'SIGTERM',
        details: { taskId: '<task>', status: 'killed', alreadyStopped: false },
      },
      'TaskOutput: Wait up to 30 s for a build task': {
        tool: 'TaskOutput',
        summary: 'Task <task>: killed',
        exitCode: null,
        signal: 'SIGTERM',
        details: {
          taskId: '<task>',
          status: 'killed',
          retrievalStatus: 'success',
          outputFile: '<log>',
          outputBytes: 0,
        },
      },
      'Grep: Which files mention a function': {
        tool: 'Grep',
        summary: '2 files, 2 matching lines for parseConfig',
        paths: [`${app}/src/cli.js`, `${app}/src/config.ts`],
        counts: { files: 2, matchLines: 2, shown: 2 },
        truncated: false,
        details: { backend: 'rg', timedOut: false },
      },
      'Grep: Count matches per file': {
        tool: 'Grep',
        summary: '1 files, 2 matching lines for import',
        paths: [`${app}/src/config.ts`],
        counts: { files: 1, matchLines: 2, shown: 1 },
        truncated: false,
        details: { backend: 'rg', timedOut: false },
      },
      'WebFetch: Read an API page': {
        tool: 'WebFetch',
        summary: 'Fetched <site>/fs.html (200, 57 bytes)',
        truncated: false,
        details: {
          url: '<site>/fs.html',
          finalUrl: '<site>/fs.html',
          status: 200,
          mediaType: 'text/html',
          fromCache: false,
        },
      },
      'WebSearch: Find the current release notes': {
        tool: 'WebSearch',
        summary: '1 results from searxng for Node.js 22 release notes',
        counts: { results: 1 },
        details: {
          provider: 'searxng',
          results: [{ title: 'Node.js 22', url: 'https://nodejs.org/en/blog/release/v22.0.0' }],
        },
      },
      'TodoWrite: Plan a bug fix': {
        tool: 'TodoWrite',
        summary: '2 todos, 0 completed',
        counts: { items: 2, completed: 0 },
        details: {
          todos: [
            {
              id: '1',
              content: 'Reproduce the failing test',
              status: 'in_progress',
              activeForm: 'Reproducing the failing test',
            },
            { id: '2', content: 'Fix the parser', status: 'pending', activeForm: 'Fixing the parser' },
          ],
        },
      },
    };
    const placeholders = (v: unknown, cell: string) => {
      let j = JSON.stringify(v).replaceAll(dir, '<dir>').replaceAll(site.origin, '<site>');
      if (taskId) j = j.replaceAll(taskId, '<task>');
      if (cell) j = j.replaceAll(cell, '<cell>');
      return JSON.parse(j.replace(/"outputFile":"[^"]+"/, '"outputFile":"<log>"'));
    };
    const seen: string[] = [];
    for (const name of TOOLS) {
      const d = await unary(t.client.describeTool, t.client, { name }, { shape: 'claude@2.1.197' });
      assert.ok(d.tool && d.tool.examples.length > 0, `${name} has examples`);
      for (const ex of d.tool.examples) {
        const key = `${name}: ${ex.description}`;
        const r: Result = terminatedOnce(key, await call(name, rewrite(ex.arguments) as Record<string, unknown>, s));
        assert.equal(r.error, '', key);
        const m = /^Command running in background with ID: ([0-9a-f]{8})/.exec(r.text);
        if (m) taskId = m[1]!;
        assert.ok(key in EXPECTED, `no pinned outcome for ${key}`);
        assert.equal(task(r.text).replace(/^Inserted cell [0-9a-f]{8} /, 'Inserted cell <cell> '), EXPECTED[key], key);
        if (key in DISPLAY)
          assert.deepEqual(
            placeholders(r.display, /^Inserted cell ([0-9a-f]{8}) /.exec(r.text)?.[1] ?? ''),
            DISPLAY[key],
            `${key}: display`,
          );
        seen.push(key);
      }
    }
    assert.deepEqual(seen, Object.keys(EXPECTED));
    assert.equal(
      readFileSync(p('app', 'src', 'main.ts'), 'utf8'),
      'const retries = 5;\nconst newName = 1;\nexport { newName };\n',
    );
    assert.ok(existsSync(p('app', 'src', 'util.ts')));
  });
});
