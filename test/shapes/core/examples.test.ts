// Every example of the core catalog (DescribeTool) is run over gRPC against a fixture tree
// built for it (example-fixture.ts), and its outcome pinned: status and exact text, plus the
// structured content or bytes where the text alone does not show the outcome. Examples that
// name a background job use the id of a job started for them in the same session (job ids are
// random). Web examples are hermetic: each URL keeps its path but goes to a loopback site,
// and web.search asks a loopback Tavily. A new example without an expectation fails the test.
import assert from 'node:assert/strict';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, startTestServer, structured, tempDir, texts, unary, type TestServer } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';
import { buildTree, FILES, PDF, screenPng } from './example-fixture.js';
import { items } from './fixtures.js';

interface Example {
  tool: string;
  description: string;
  arguments: Record<string, unknown>;
}

type Call = (tool: string, args: Record<string, unknown>) => Promise<CallToolResponse>;
interface Expectation {
  /** Runs before the example in its session; returns the job id the example's "1f2e3d4c" stands for. */
  setup?: (call: Call) => Promise<string>;
  check: (r: CallToolResponse, ctx: { dir: string; call: Call; jobId?: string }) => Promise<void> | void;
}

const PAGE =
  '<html><head><title>File system</title></head><body><h1>fs</h1><p>The fs module reads and writes files.</p><p>Set the connect timeout of the Agent first.</p></body></html>';
const AGENT =
  '<html><head><title>Agent</title></head><body><h1>Class: Agent</h1><p>connect: options of each connection.</p><p>Set the connect timeout in milliseconds; the default is 10 seconds.</p></body></html>';
const EXAMPLE_COM =
  '<html><head><title>Example Domain</title></head><body><h1>Example Domain</h1><p>This domain is for use in examples.</p></body></html>';

let t: TestServer;
let site: LoopbackServer;
let tavily: LoopbackServer;
let dir: string;
const cleanups: Array<() => void> = [];
const examples: Example[] = [];

before(async () => {
  const tree = tempDir('facet-core-examples-');
  const env = tempDir('facet-core-examples-env-');
  cleanups.push(tree.cleanup, env.cleanup);
  dir = tree.dir;
  // The machine's ~/.npmrc may hold settings npm warns about; the npm examples read an empty one.
  writeFileSync(path.join(env.dir, 'npmrc'), 'update-notifier=false\n');
  site = await serve((req, res) => {
    if (req.url === '/nodejs.org/api/fs.html') return send(res, 200, 'text/html; charset=utf-8', PAGE);
    if (req.url === '/example.com/') return send(res, 200, 'text/html; charset=utf-8', EXAMPLE_COM);
    if (req.url === '/undici.nodejs.org/') return send(res, 200, 'text/html; charset=utf-8', AGENT);
    return send(res, 404, 'text/plain', 'no');
  });
  tavily = await serve((_req, res, body) => {
    const q = JSON.parse(body) as { query: string };
    const results =
      q.query === 'AbortSignal.any'
        ? [
            {
              title: 'AbortSignal.any()',
              url: 'https://nodejs.org/api/globals.html#abortsignalanysignals',
              content: 'Returns a signal that aborts when any of the given signals aborts.',
            },
            { title: 'A blog post', url: 'https://blog.example/abortsignal-any', content: 'Not from nodejs.org.' },
          ]
        : [
            {
              title: 'Class: Agent',
              url: 'https://undici.nodejs.org/#/docs/api/Agent',
              content: 'connect options of an Agent.',
            },
            { title: 'undici on npm', url: 'https://www.npmjs.com/package/undici', content: 'An HTTP/1.1 client.' },
          ];
    send(res, 200, 'application/json', JSON.stringify({ answer: null, results }));
  });
  t = await startTestServer([
    '--root',
    dir,
    '--shape',
    'core',
    '--state-dir',
    path.join(env.dir, 'state'),
    '--shell-env',
    `NPM_CONFIG_USERCONFIG=${path.join(env.dir, 'npmrc')},PYTHON_BASIC_REPL=1`,
    '--web-allow-hosts',
    '127.0.0.1',
    '--search-provider',
    'tavily',
    '--tavily-api-key',
    'tvly-examples',
    '--tavily-base-url',
    tavily.origin,
  ]);
  const list = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { shape: 'core' });
  for (const s of list.tools) {
    const d = await unary(t.client.describeTool, t.client, { name: s.name }, { shape: 'core' });
    for (const e of d.tool!.examples)
      examples.push({ tool: s.name, description: e.description, arguments: e.arguments as Record<string, unknown> });
  }
});
after(async () => {
  await t.close();
  await site.close();
  await tavily.close();
  for (const c of cleanups) c();
});

/** The example's URL served by the loopback site, under a folder named after the original host. */
function hermetic(args: Record<string, unknown>): Record<string, unknown> {
  if (typeof args.url !== 'string') return args;
  const u = new URL(args.url);
  return { ...args, url: `${site.origin}/${u.host}${u.pathname}${u.search}${u.hash}` };
}

const ok = (r: CallToolResponse) => assert.equal(r.error, '', r.error);
const text = (r: CallToolResponse) => texts(r)[0];
const jobOf = (r: CallToolResponse) => structured(r)!.job as Record<string, unknown>;
async function startJob(call: Call, args: Record<string, unknown>): Promise<string> {
  const r = await call('shell.start', args);
  ok(r);
  return jobOf(r).id as string;
}
const lines = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix} ${from + i}`).join('\n');

const EXPECT: Record<string, Expectation> = {
  'fs.read|Read the first 20 lines of the README': {
    check(r, { dir }) {
      ok(r);
      assert.equal(text(r), lines('readme line', 1, 20));
      assert.deepEqual(structured(r), {
        path: path.join(dir, 'README.md'),
        kind: 'text',
        size: Buffer.byteLength(FILES['README.md']!),
        startLine: 1,
        endLine: 20,
        hasMore: true,
        encoding: 'utf8',
        lineEnding: 'lf',
      });
    },
  },
  'fs.read|Read the last 50 lines of a log': {
    check(r) {
      ok(r);
      assert.equal(text(r), lines('log line', 11, 60));
      assert.deepEqual([structured(r)!.startLine, structured(r)!.endLine], [11, 60]);
    },
  },
  'fs.read|Read a notebook as cells': {
    check(r) {
      ok(r);
      assert.equal(
        text(r),
        'Notebook analysis.ipynb: 2 cells, python, nbformat 4.5\n--- cell m0 (markdown) ---\n# Analysis\n--- cell a1b2c3d4 (code, run 1) ---\nprint(1)\n--- output of a1b2c3d4 (stream) ---\n1',
      );
    },
  },
  'fs.read|Look at a screenshot at most 1000 px wide': {
    async check(r) {
      ok(r);
      const [, blob] = items(r) as [unknown, { blob: string; data: Buffer }];
      assert.equal(blob.blob, 'image/png');
      const meta = await sharp(blob.data).metadata();
      assert.deepEqual([meta.width, meta.height], [1000, 500]);
      assert.equal(
        text(r),
        `image/png, ${blob.data.length} bytes, 1000x500 px (scaled from image/png, ${screenPng().length} bytes, 1200x600 px)`,
      );
    },
  },
  'fs.read|The text of pages 1-2 of a PDF': {
    check(r) {
      ok(r);
      assert.deepEqual(texts(r), [
        `application/pdf, ${PDF.length} bytes, 3 pages; text of pages 1-2:\n--- page 1 ---\nPage 1\n--- page 2 ---\nPage 2`,
      ]);
    },
  },
  'fs.read_many|Read all TypeScript sources under src': {
    check(r) {
      ok(r);
      assert.equal(
        text(r),
        [
          '--- src/app.ts ---\nlet a = 1\nlet b = 2\noldName(a)\noldName(b)\n// TODO tidy up\n',
          '--- src/config.ts ---\nexport function parseConfig(argv: string[]) {\n  return argv;\n}\n',
          '--- src/lib/strings.ts ---\nexport const greeting = "hello";\n',
          '--- src/util.ts ---\n// before 2\n// before 1\nconst x = a.b(c);\n// after 1\n// after 2',
        ].join('\n'),
      );
    },
  },
  'fs.write|Create a small config file': {
    check(r) {
      ok(r);
      assert.equal(
        text(r),
        'Created config/app.json (17 bytes).\n--- a/config/app.json\n+++ b/config/app.json\n@@ -1,0 +1,1 @@\n+{"debug": false}\n',
      );
    },
  },
  'fs.edit|Rename a function call': {
    check(r) {
      ok(r);
      assert.equal(
        text(r),
        'Edited src/app.ts: 2 replacement(s).\n--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,5 +1,5 @@\n let a = 1\n let b = 2\n-oldName(a)\n-oldName(b)\n+newName(a)\n+newName(b)\n // TODO tidy up\n',
      );
    },
  },
  'fs.edit|Two edits at once': {
    check(r) {
      ok(r);
      assert.equal(
        text(r),
        'Edited src/app.ts: 2 replacement(s).\n--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,5 +1,5 @@\n-let a = 1\n-let b = 2\n+const a = 1\n+const b = 2\n oldName(a)\n oldName(b)\n // TODO tidy up\n',
      );
    },
  },
  'fs.apply_patch|Change one line and add a file': {
    check(r) {
      ok(r);
      assert.equal(
        text(r),
        'Applied the patch:\nA NOTES.md\nM src/a.py\n--- a/src/a.py\n+++ b/src/a.py\n@@ -1,2 +1,2 @@\n def main():\n-    print("hi")\n+    print("hello")\n\n--- a/NOTES.md\n+++ b/NOTES.md\n@@ -1,0 +1,1 @@\n+notes\n',
      );
    },
  },
  'fs.notebook_edit|Replace a code cell': {
    async check(r, { call }) {
      ok(r);
      assert.ok(
        text(r)!.startsWith(
          'Replaced cell a1b2c3d4 in analysis.ipynb (2 cells now).\n--- a/analysis.ipynb\n+++ b/analysis.ipynb\n',
        ),
        text(r),
      );
      const after = await call('fs.read', { path: 'analysis.ipynb' });
      assert.equal(
        text(after),
        'Notebook analysis.ipynb: 2 cells, python, nbformat 4.5\n--- cell m0 (markdown) ---\n# Analysis\n--- cell a1b2c3d4 (code) ---\nprint(42)\n',
      );
    },
  },
  'fs.stat|Is there a lock file': {
    check(r, { dir }) {
      ok(r);
      assert.equal(
        text(r),
        `${path.join(dir, 'package-lock.json')} is a file of 67 bytes, modified 2023-11-14T22:18:20.000Z`,
      );
    },
  },
  'fs.list|List the root directory': {
    check(r) {
      ok(r);
      assert.equal(text(r), 'app/\ndocs/\nlogs/\nsrc/\nanalysis.ipynb\npackage-lock.json\npackage.json\nREADME.md');
    },
  },
  'fs.list|Two levels of src, largest first': {
    check(r, { dir }) {
      ok(r);
      // Largest first; a directory's own size (which depends on the file system) places lib/.
      const entries = readdirSync(path.join(dir, 'src')).map((name) => ({
        name,
        st: statSync(path.join(dir, 'src', name)),
      }));
      entries.sort((a, b) => b.st.size - a.st.size);
      const expected = entries.flatMap((e) => (e.st.isDirectory() ? [`${e.name}/`, '  strings.ts'] : [e.name]));
      assert.equal(text(r), expected.join('\n'));
    },
  },
  'search.glob|All TypeScript files under src': {
    check(r) {
      ok(r);
      assert.equal(text(r), 'src/app.ts\nsrc/config.ts\nsrc/lib/strings.ts\nsrc/util.ts');
    },
  },
  'search.glob|Recently changed Markdown anywhere': {
    check(r) {
      ok(r);
      assert.equal(text(r), 'docs/guide.md\nREADME.md');
    },
  },
  'search.grep|Where is a function defined': {
    check(r) {
      ok(r);
      assert.equal(text(r), 'src/config.ts:1:export function parseConfig(argv: string[]) {');
    },
  },
  'search.grep|Files mentioning TODO, newest first': {
    check(r) {
      ok(r);
      assert.equal(text(r), 'docs/guide.md\nsrc/app.ts');
    },
  },
  'search.grep|Literal text with two lines of context': {
    check(r) {
      ok(r);
      assert.equal(
        text(r),
        'src/util.ts-1-// before 2\nsrc/util.ts-2-// before 1\nsrc/util.ts:3:const x = a.b(c);\nsrc/util.ts-4-// after 1\nsrc/util.ts-5-// after 2',
      );
    },
  },
  'shell.run|Run the test suite': {
    check(r) {
      ok(r);
      assert.equal(text(r), '\n> demo@1.0.0 test\n> echo tests passed\n\ntests passed\n');
      assert.equal(structured(r)!.exitCode, 0);
    },
  },
  'shell.run|Show the status of a repository in a subdirectory': {
    check(r, { dir }) {
      ok(r);
      assert.equal(text(r), '?? new.txt\n');
      assert.equal(structured(r)!.cwd, path.join(dir, 'app'));
    },
  },
  'shell.start|Start a development server': {
    async check(r, { call }) {
      ok(r);
      const job = jobOf(r);
      assert.deepEqual([job.status, job.description, job.command], ['running', 'dev server', 'npm run dev']);
      assert.ok(text(r)!.startsWith(`Started job ${job.id} (pid ${job.pid}).\n`), text(r));
      let seen = text(r)!;
      for (let i = 0; i < 50 && !seen.includes('dev server ready\n'); i++)
        seen += text(await call('shell.output', { id: job.id, wait_ms: 200 }));
      assert.ok(seen.includes('\n> demo@1.0.0 dev\n> echo dev server ready && sleep 30\n'), seen);
      assert.ok(seen.includes('dev server ready\n'), seen);
      assert.equal(text(await call('shell.stop', { id: job.id })), `Job ${job.id} is killed.`);
    },
  },
  'shell.start|Open an interactive Python prompt': {
    async check(r, { call }) {
      ok(r);
      const job = jobOf(r);
      assert.equal(text(r), `Started job ${job.id} (pid ${job.pid}).`);
      assert.deepEqual([job.status, job.tty, job.interactive], ['running', true, true]);
      await call('shell.stop', { id: job.id });
    },
  },
  'shell.jobs|List every job': {
    check(r) {
      ok(r);
      assert.deepEqual(texts(r), ['no jobs']);
      assert.deepEqual(structured(r), { jobs: [] });
    },
  },
  'shell.output|Wait up to 30 s for a build job to finish': {
    setup: (call) => startJob(call, { command: 'echo compiling; echo build done' }),
    check(r, { jobId }) {
      ok(r);
      assert.equal(text(r), `compiling\nbuild done\n\n[job ${jobId}: completed, exit code 0]`);
    },
  },
  'shell.stop|Stop the dev server': {
    setup: (call) => startJob(call, { command: 'sleep 30', description: 'dev server' }),
    check(r, { jobId }) {
      ok(r);
      assert.equal(text(r), `Job ${jobId} is killed.`);
      assert.equal(jobOf(r).status, 'killed');
    },
  },
  'shell.write|Evaluate an expression in a Python prompt': {
    async setup(call) {
      const id = await startJob(call, { command: 'python3 -i', tty: true, wait_ms: 5000 });
      // Read the banner and the first prompt, so the example's reply is all that is left.
      let out = '';
      for (let i = 0; i < 50 && !out.includes('>>> '); i++)
        out += text(await call('shell.output', { id, wait_ms: 200 }));
      return id;
    },
    async check(r, { call, jobId }) {
      ok(r);
      assert.equal(text(r), `1+1\r\n2\r\n>>> \n[job ${jobId}: running]`);
      await call('shell.stop', { id: jobId });
    },
  },
  'web.fetch|Read a documentation page as Markdown': {
    check(r) {
      ok(r);
      assert.equal(
        text(r),
        '# fs\n\nThe fs module reads and writes files.\n\nSet the connect timeout of the Agent first.',
      );
      assert.equal(structured(r)!.title, 'File system');
    },
  },
  'web.fetch|Get the first 5000 characters as plain text': {
    check(r) {
      ok(r);
      assert.equal(text(r), 'Example Domain\n\nThis domain is for use in examples.');
    },
  },
  'web.search|Find the undici documentation': {
    check(r) {
      ok(r);
      assert.equal(
        text(r),
        '1. Class: Agent\n   https://undici.nodejs.org/#/docs/api/Agent\n   connect options of an Agent.\n\n2. undici on npm\n   https://www.npmjs.com/package/undici\n   An HTTP/1.1 client.',
      );
    },
  },
  'web.search|Search only the Node.js site': {
    check(r) {
      ok(r);
      assert.equal(
        text(r),
        '1. AbortSignal.any()\n   https://nodejs.org/api/globals.html#abortsignalanysignals\n   Returns a signal that aborts when any of the given signals aborts.',
      );
    },
  },
  'web.find|Locate the timeout option in a documentation page': {
    check(r) {
      ok(r);
      assert.equal(
        text(r),
        `1 match for "connect timeout" in ${site.origin}/undici.nodejs.org/:\n[1] line 5, column 9: …# Class: Agent connect: options of each connection. Set the **connect timeout** in milliseconds; the default is 10 seconds.…`,
      );
    },
  },
  'plan.todos|Plan a fix': {
    check(r) {
      ok(r);
      assert.equal(text(r), '1. [in_progress] Reproduce the bug\n2. [pending] Write the fix');
    },
  },
  'plan.todos|Read the plan back': {
    check(r) {
      ok(r);
      assert.equal(text(r), '1. [in_progress] Reproduce the bug\n2. [pending] Write the fix');
    },
  },
  'plan.todos|Mark the first item done and start the second': {
    check(r) {
      ok(r);
      assert.equal(text(r), '1. [completed] Reproduce the bug\n2. [in_progress] Write the fix');
    },
  },
  // This server runs with --lsp off (language servers are exercised in test/engine/lsp/): the code
  // examples answer in band that code intelligence is off.
  ...Object.fromEntries(
    [
      'code.diagnostics|Check one file',
      'code.definition|Where is the called function defined',
      'code.references|Who calls this function',
      'code.hover|What type is this variable',
      "code.symbols|A file's outline",
      'code.symbols|Find a class by name',
      'code.rename|Preview a rename',
      'code.rename|Apply it',
    ].map((key): [string, Expectation] => [
      key,
      {
        check(r) {
          assert.equal(r.error, 'code intelligence is off (--lsp off)');
        },
      },
    ]),
  ),
};

test('every core example has a pinned expectation, and no expectation is left without its example', () => {
  assert.deepEqual(examples.map((e) => `${e.tool}|${e.description}`).sort(), Object.keys(EXPECT).sort());
});

test('every core example runs with its pinned outcome', async (s) => {
  let n = 0;
  for (const e of examples) {
    const key = `${e.tool}|${e.description}`;
    await s.test(key, async () => {
      const exp = EXPECT[key]!;
      // The plan examples build on each other: one session, catalog order, no rebuild.
      const session = e.tool === 'plan.todos' ? 'ex-plan' : `ex-${n++}`;
      if (e.tool !== 'plan.todos') await buildTree(dir);
      const call: Call = (tool, args) => callTool(t.client, tool, args, { shape: 'core', session, deadlineMs: 60_000 });
      const jobId = exp.setup ? await exp.setup(call) : undefined;
      let args = hermetic(e.arguments);
      if (jobId !== undefined) {
        assert.equal(args.id, '1f2e3d4c', 'job examples use the placeholder id');
        args = { ...args, id: jobId };
      }
      await exp.check(await call(e.tool, args), { dir, call, jobId });
    });
  }
});
