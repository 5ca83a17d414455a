// Every Kimi catalog example called over gRPC against loopback fixtures (a site, a Tavily
// stand-in, a dev server that ends when told), each pinned to its exact texts and host block.
// The examples' placeholder task id is swapped for the id of a task the test started.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { kimi149Tools } from '../../../src/shapes/kimi/v1/release.js';
import { createEngine } from '../../../src/engine/index.js';
import { callTool, serverFixture, structured, texts } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';

let site: LoopbackServer;
let tavily: LoopbackServer;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
// The dev server prints a line, then runs until the test creates dev.stop.
const DEV =
  "const fs = require('node:fs');\nconsole.log('dev server ready');\nsetInterval(() => { if (fs.existsSync('dev.stop')) process.exit(0); }, 50);\n";
const PAGE = '<html><body><h1>File system</h1><p>The fs module reads files.</p></body></html>';
const APP =
  'import os\nDEBUG = True\nold_name = 1\nprint(old_name)\nrun(1)\n# TODO tidy\ndef parse_config():\n    pass\n';
const README = Array.from({ length: 30 }, (_, i) => `readme ${i + 1}`).join('\n') + '\n';
/** What npm run dev writes: its banner on stdout, then the server's line. */
const DEV_OUTPUT = '\n> dev\n> node dev.js\n\ndev server ready\n';

/** The files and stand-in servers the server starts with. */
async function setUp(): Promise<void> {
  const w = (f: string, s: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), s);
  };
  w('package.json', JSON.stringify({ name: 'demo', scripts: { dev: 'node dev.js' } }));
  // npm's warnings about this machine's own configuration would vary the output.
  w('.npmrc', 'loglevel=error\nupdate-notifier=false\n');
  w('dev.js', DEV);
  w('README.md', README);
  w('src/app.py', APP);
  w('docs/screenshot.png', PNG);
  site = await serve((req, res) =>
    req.url === '/api/fs.html' ? send(res, 200, 'text/html', PAGE) : send(res, 404, 'text/plain', 'no'),
  );
  tavily = await serve((_req, res, body) => {
    const q = JSON.parse(body) as { query: string; max_results: number };
    const results = [1, 2, 3, 4].slice(0, q.max_results).map((n) => ({
      title: `Undici 7.${n}`,
      url: `https://example.com/u7-${n}`,
      content: `notes ${n}`,
      published_date: `2025-0${n}-01`,
    }));
    send(res, 200, 'application/json', JSON.stringify({ query: q.query, results }));
  });
}
const { t, dir } = serverFixture({
  setup: setUp,
  shape: 'kimi@1.49',
  prefix: 'facet-kimi-examples-',
  args: () => [
    '--web-allow-hosts',
    '127.0.0.1',
    '--shell-env',
    'LC_ALL=C',
    '--search-provider',
    'tavily',
    '--tavily-api-key',
    'k',
    '--tavily-base-url',
    tavily.origin,
  ],
});
after(async () => {
  await site.close();
  await tavily.close();
});

/** The host block, with the values that vary per run (durations, pids) checked and zeroed. */
function display(res: CallToolResponse): Record<string, unknown> {
  type Block = { counts?: Record<string, number>; details?: { task?: { pid?: number } } } & Record<string, unknown>;
  const d = structuredClone((structured(res) as { display: Block }).display);
  if (d.counts?.durationMs !== undefined) {
    assert.equal(typeof d.counts.durationMs, 'number');
    d.counts.durationMs = 0;
  }
  const task = d.details?.task;
  if (task?.pid !== undefined) {
    assert.ok(task.pid > 0);
    task.pid = 0;
  }
  return d;
}

interface Run {
  devId: string;
  stopId: string;
  devLog: string;
  stopLog: string;
}

const taskLines = (id: string, status: string, description: string, command: string) => [
  `task_id: ${id}`,
  'kind: bash',
  `status: ${status}`,
  `description: ${description}`,
  `command: ${command}`,
];
/** The task in a host block (its pid zeroed by display()). */
const taskBlock = (id: string, status: string, description: string, command: string, logPath: string) => ({
  task: { id, status, command, description, pid: 0, logPath },
});

function outputLines(retrieval: string, r: Run, status: string, tail: string[]): string {
  return [
    `retrieval_status: ${retrieval}`,
    ...taskLines(r.devId, status, 'dev server', 'npm run dev'),
    'interrupted: false',
    'timed_out: false',
    ...tail,
    `output_path: ${r.devLog}`,
    `output_size_bytes: ${DEV_OUTPUT.length}`,
    `output_preview_bytes: ${DEV_OUTPUT.length}`,
    'output_truncated: false',
    'full_output_available: false',
    'full_output_tool: ReadFile',
    'full_output_hint: The log is kept outside the workspace, so only this preview of the newest output can be shown.',
    '[output]',
    DEV_OUTPUT,
  ].join('\n');
}

const todos = [
  { id: '1', content: 'Reproduce the bug', status: 'in_progress' },
  { id: '2', content: 'Fix it', status: 'pending' },
  { id: '3', content: 'Run the tests', status: 'pending' },
];

/** Each example's exact texts and host block. */
const EXPECTED: Record<string, (r: Run) => { texts: string[]; display: Record<string, unknown> }> = {
  'SetTodoList: Plan three steps': () => ({
    texts: ['<system>Todo list updated</system>', 'Todo list updated'],
    display: { tool: 'SetTodoList', summary: '3 todos', counts: { items: 3 }, details: { todos } },
  }),
  'SetTodoList: Read the list back': () => ({
    texts: ['Current todo list:\n- [in_progress] Reproduce the bug\n- [pending] Fix it\n- [pending] Run the tests'],
    display: { tool: 'SetTodoList', counts: { items: 3 }, details: { todos } },
  }),
  'SetTodoList: Clear the list': () => ({
    texts: ['<system>Todo list updated</system>', 'Todo list updated'],
    display: { tool: 'SetTodoList', summary: '0 todos', counts: { items: 0 }, details: { todos: [] } },
  }),
  'Shell: List the files of the working directory': () => ({
    texts: ['<system>Command executed successfully.</system>', 'README.md\ndev.js\ndocs\npackage.json\nsrc\n'],
    display: { tool: 'Shell', exitCode: 0, signal: null, truncated: false, counts: { outputBytes: 39, durationMs: 0 } },
  }),
  'Shell: Start a development server in the background': (r) => ({
    texts: [
      `<system>Background task ${r.devId} started.</system>`,
      [
        ...taskLines(r.devId, 'running', 'dev server', 'npm run dev'),
        'automatic_notification: false',
        'next_step: This server does not announce when the task ends. Call TaskOutput with this task_id (block=true to wait for it) to see its output; TaskStop stops it.',
      ].join('\n'),
    ],
    display: {
      tool: 'Shell',
      exitCode: null,
      signal: null,
      details: taskBlock(r.devId, 'running', 'dev server', 'npm run dev', r.devLog),
      summary: `Started task ${r.devId}`,
    },
  }),
  'TaskList: Running tasks': (r) => ({
    texts: [
      [
        'active_background_tasks: 1',
        ['[1]', ...taskLines(r.devId, 'running', 'dev server', 'npm run dev')].join('\n'),
      ].join('\n\n'),
    ],
    display: { tool: 'TaskList', counts: { tasks: 1, shown: 1 }, details: { tasks: [r.devId] } },
  }),
  'TaskList: Every task, finished ones too': (r) => ({
    texts: [
      ['background_tasks: 1', ['[1]', ...taskLines(r.devId, 'running', 'dev server', 'npm run dev')].join('\n')].join(
        '\n\n',
      ),
    ],
    display: { tool: 'TaskList', counts: { tasks: 1, shown: 1 }, details: { tasks: [r.devId] } },
  }),
  'TaskOutput: Check a task without waiting': (r) => ({
    texts: [outputLines('not_ready', r, 'running', ['terminal_reason: none'])],
    display: {
      tool: 'TaskOutput',
      exitCode: null,
      signal: null,
      details: taskBlock(r.devId, 'running', 'dev server', 'npm run dev', r.devLog),
      truncated: false,
      counts: { outputBytes: DEV_OUTPUT.length },
    },
  }),
  'TaskOutput: Wait up to a minute for a task to finish': (r) => ({
    texts: [outputLines('success', r, 'completed', ['terminal_reason: exited', 'exit_code: 0'])],
    display: {
      tool: 'TaskOutput',
      exitCode: 0,
      signal: null,
      details: taskBlock(r.devId, 'completed', 'dev server', 'npm run dev', r.devLog),
      truncated: false,
      counts: { outputBytes: DEV_OUTPUT.length },
    },
  }),
  'TaskStop: Stop a dev server': (r) => ({
    texts: [
      '<system>Task stop requested.</system>',
      [
        ...taskLines(r.stopId, 'killed', 'second server', 'sleep 60'),
        'exit_code: none (SIGTERM)',
        'reason: no longer needed',
      ].join('\n'),
    ],
    display: {
      tool: 'TaskStop',
      exitCode: null,
      signal: 'SIGTERM',
      details: taskBlock(r.stopId, 'killed', 'second server', 'sleep 60', r.stopLog),
      summary: `Stopped task ${r.stopId}`,
    },
  }),
  'ReadFile: Read the start of a file': () => ({
    texts: [
      '<system>30 lines read from file starting from line 1. Total lines in file: 30. End of file reached.</system>',
      README.split('\n')
        .slice(0, 30)
        .map((l, i) => `${String(i + 1).padStart(6)}\t${l}\n`)
        .join(''),
    ],
    display: {
      tool: 'ReadFile',
      summary: 'Read 30 lines of README.md',
      paths: [`${dir}/README.md`],
      counts: { lines: 30, totalLines: 30, firstLine: 1 },
      truncated: false,
    },
  }),
  'ReadFile: Read the last 20 lines': () => ({
    texts: [
      '<system>20 lines read from file starting from line 11. Total lines in file: 30. End of file reached.</system>',
      README.split('\n')
        .slice(10, 30)
        .map((l, i) => `${String(i + 11).padStart(6)}\t${l}\n`)
        .join(''),
    ],
    display: {
      tool: 'ReadFile',
      summary: 'Read 20 lines of README.md',
      paths: [`${dir}/README.md`],
      counts: { lines: 20, totalLines: 30, firstLine: 11 },
      truncated: false,
    },
  }),
  'ReadMediaFile: Look at a screenshot': () => ({
    texts: [
      '<system>Loaded image file `docs/screenshot.png` (image/png, 66 bytes, original size 1x1 pixels). To give coordinates, state them relative to the image first and work out absolute ones from its original size; when commands or scripts create or change images or videos, load the result again before going on.</system>',
      '<image path="docs/screenshot.png">',
      '</image>',
    ],
    display: {
      tool: 'ReadMediaFile',
      paths: [`${dir}/docs/screenshot.png`],
      counts: { bytes: 66 },
      details: { mediaType: 'image/png', kind: 'image' },
    },
  }),
  'Glob: Python files under src': () => ({
    texts: ['<system>Found 1 matches for pattern `src/**/*.py`.</system>', 'src/app.py'],
    display: { tool: 'Glob', paths: [dir], counts: { matches: 1, shown: 1 }, truncated: false },
  }),
  'Glob: Markdown files at the top level, files only': () => ({
    texts: ['<system>Found 1 matches for pattern `*.md`.</system>', 'README.md'],
    display: { tool: 'Glob', paths: [dir], counts: { matches: 1, shown: 1 }, truncated: false },
  }),
  'Grep: Which files mention a function': () => ({
    texts: ['src/app.py'],
    display: { tool: 'Grep', counts: { files: 1, matches: 1, matchLines: 1 }, truncated: false },
  }),
  'Grep: Matching lines with context in Python files': () => ({
    texts: [
      'src/app.py-4-print(old_name)\nsrc/app.py-5-run(1)\nsrc/app.py:6:# TODO tidy\nsrc/app.py-7-def parse_config():\nsrc/app.py-8-    pass',
    ],
    display: { tool: 'Grep', counts: { files: 1, matches: 1, matchLines: 1 }, truncated: false },
  }),
  'Grep: Count occurrences': () => ({
    texts: ['<system>Found 1 total occurrences across 1 files.</system>', 'src/app.py:1'],
    display: { tool: 'Grep', counts: { files: 1, matches: 1, matchLines: 1 }, truncated: false },
  }),
  'WriteFile: Create a notes file': () => ({
    texts: ['<system>File successfully overwritten. Current size: 8 bytes.</system>'],
    display: {
      tool: 'WriteFile',
      summary: 'Created NOTES.md',
      paths: [`${dir}/NOTES.md`],
      diff: '--- a/NOTES.md\n+++ b/NOTES.md\n@@ -1,0 +1,1 @@\n+# Notes\n',
      counts: { bytes: 8, added: 1, removed: 0 },
    },
  }),
  'WriteFile: Append a line': () => ({
    texts: ['<system>File successfully appended to. Current size: 19 bytes.</system>'],
    display: {
      tool: 'WriteFile',
      summary: 'Appended to NOTES.md',
      paths: [`${dir}/NOTES.md`],
      diff: '--- a/NOTES.md\n+++ b/NOTES.md\n@@ -1,1 +1,2 @@\n # Notes\n+- one more\n',
      counts: { bytes: 19, added: 1, removed: 0 },
    },
  }),
  'StrReplaceFile: Change one line': () => ({
    texts: ['<system>File successfully edited. Applied 1 edit(s) with 1 total replacement(s).</system>'],
    display: {
      tool: 'StrReplaceFile',
      summary: 'Edited src/app.py',
      paths: [`${dir}/src/app.py`],
      diff: '--- a/src/app.py\n+++ b/src/app.py\n@@ -1,5 +1,5 @@\n import os\n-DEBUG = True\n+DEBUG = False\n old_name = 1\n print(old_name)\n run(1)\n',
      counts: { edits: 1, replacements: 1, added: 1, removed: 1 },
    },
  }),
  'StrReplaceFile: Rename everywhere and fix a call': () => ({
    texts: ['<system>File successfully edited. Applied 2 edit(s) with 3 total replacement(s).</system>'],
    display: {
      tool: 'StrReplaceFile',
      summary: 'Edited src/app.py',
      paths: [`${dir}/src/app.py`],
      diff: '--- a/src/app.py\n+++ b/src/app.py\n@@ -1,8 +1,8 @@\n import os\n DEBUG = False\n-old_name = 1\n-print(old_name)\n-run(1)\n+new_name = 1\n+print(new_name)\n+run(2)\n # TODO tidy\n def parse_config():\n     pass\n',
      counts: { edits: 2, replacements: 3, added: 3, removed: 3 },
    },
  }),
  'SearchWeb: Look up a library release': () => ({
    texts: [
      [1, 2, 3]
        .map(
          (n) => `Title: Undici 7.${n}\nDate: 2025-0${n}-01\nURL: https://example.com/u7-${n}\nSummary: notes ${n}\n\n`,
        )
        .join('---\n\n'),
    ],
    display: {
      tool: 'SearchWeb',
      counts: { results: 3 },
      details: { provider: 'tavily', urls: [1, 2, 3].map((n) => `https://example.com/u7-${n}`) },
      truncated: false,
    },
  }),
  'FetchURL: Read a documentation page': () => ({
    texts: ['File system\n\nThe fs module reads files.'],
    display: {
      tool: 'FetchURL',
      details: {
        url: `${site.origin}/api/fs.html`,
        finalUrl: `${site.origin}/api/fs.html`,
        status: 200,
        mediaType: 'text/html',
      },
      counts: { bytes: PAGE.length },
      truncated: false,
    },
  }),
};

const TASK_PLACEHOLDER = 'a1b2c3d4';

test('kimi: every catalog example gives its exact result', async () => {
  const call = (name: string, args: Record<string, unknown>) =>
    callTool(t.client, name, args, { shape: 'kimi@1.49', session: 'examples', deadlineMs: 90_000 });
  const run: Run = { devId: '', stopId: '', devLog: '', stopLog: '' };
  const task = (res: CallToolResponse) =>
    (structured(res) as { display: { details: { task: { id: string; logPath: string } } } }).display.details.task;
  const seen: string[] = [];
  for (const tool of kimi149Tools({ config: t.config, engine: createEngine(t.config) })) {
    for (const ex of tool.examples) {
      const key = `${tool.name}: ${ex.description}`;
      const args = JSON.parse(JSON.stringify(ex.arguments).replaceAll('https://nodejs.org', site.origin)) as Record<
        string,
        unknown
      >;
      if (key === 'TaskOutput: Check a task without waiting') {
        // Wait until the server has printed its line, so the snapshot is fixed.
        for (
          let i = 0;
          i < 600 && !texts(await call('TaskOutput', { task_id: run.devId }))[0]!.endsWith('dev server ready\n');
          i++
        )
          await new Promise((r) => setTimeout(r, 50));
      }
      if (key === 'TaskOutput: Wait up to a minute for a task to finish') writeFileSync(path.join(dir, 'dev.stop'), '');
      if (key === 'TaskStop: Stop a dev server') {
        const second = task(
          await call('Shell', { command: 'sleep 60', run_in_background: true, description: 'second server' }),
        );
        run.stopId = second.id;
        run.stopLog = second.logPath;
      }
      if (args.task_id === TASK_PLACEHOLDER) args.task_id = tool.name === 'TaskStop' ? run.stopId : run.devId;
      const res = await call(tool.name, args);
      assert.equal(res.error, '', `${key}: ${res.error}`);
      if (key === 'Shell: Start a development server in the background') {
        ({ id: run.devId, logPath: run.devLog } = task(res));
        assert.match(run.devId, /^[0-9a-f]{8}$/);
      }
      const want = EXPECTED[key];
      assert.ok(want, `no expected result for the example ${key}`);
      assert.deepEqual({ texts: texts(res), display: display(res) }, want(run), key);
      seen.push(key);
    }
  }
  assert.deepEqual(seen, Object.keys(EXPECTED));
});
