// The core shape's search tools end to end over gRPC, on both grep backends.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { callTool, startTestServer, structured, texts, type TestServer } from '../helpers/server.js';
import { makeTree, type Tree } from './tree.js';

let tree: Tree;
let rgServer: TestServer;
let fbServer: TestServer;
before(async () => {
  tree = makeTree();
  rgServer = await startTestServer(['--root', tree.root, '--grep-backend', 'rg']);
  fbServer = await startTestServer(['--root', tree.root, '--grep-backend', 'fallback']);
});
after(async () => {
  await rgServer.close();
  await fbServer.close();
  tree.cleanup();
});

test('search.grep gives the same text and structure from both backends', async () => {
  const args = { pattern: 'foo', path: 'a.txt', context: 1 };
  const a = await callTool(rgServer.client, 'search.grep', args);
  const b = await callTool(fbServer.client, 'search.grep', args);
  assert.equal(a.error, '');
  const expected = [
    'a.txt:1:alpha foo',
    'a.txt-2-beta',
    '--',
    'a.txt-4-delta',
    'a.txt:5:epsilon foo foo',
    'a.txt-6-zeta',
    'a.txt-7-eta',
    'a.txt:8:theta foo',
  ].join('\n');
  assert.equal(texts(a)[0], expected);
  assert.equal(texts(b)[0], expected);
  assert.equal(structured(a)!.backend, 'rg');
  assert.equal(structured(b)!.backend, 'fallback');
  assert.deepEqual({ ...structured(a), backend: '' }, { ...structured(b), backend: '' });
  assert.deepEqual(
    { ...structured(a), backend: '' },
    {
      backend: '',
      mode: 'content',
      base: `${tree.root}/a.txt`,
      shown: 7,
      offset: 0,
      total: 7,
      totalFiles: 1,
      totalMatchLines: 3,
      totalMatches: 4,
      truncated: false,
      timedOut: false,
      files: [
        {
          path: 'a.txt',
          matchLines: 3,
          matches: 4,
          lines: [
            { line: 1, text: 'alpha foo', spans: [6, 9] },
            { line: 2, text: 'beta', context: true },
            { line: 4, text: 'delta', context: true },
            { line: 5, text: 'epsilon foo foo', spans: [8, 11, 12, 15] },
            { line: 6, text: 'zeta', context: true },
            { line: 7, text: 'eta', context: true },
            { line: 8, text: 'theta foo', spans: [6, 9] },
          ],
        },
      ],
    },
  );
});

test('search.grep structured lines: UTF-16 spans, cut lines, files in path order', async () => {
  const r = await callTool(rgServer.client, 'search.grep', {
    pattern: 'foo|Ωmega',
    paths: ['uni.txt', 'src'],
    max_line_length: 20,
    sort: 'path',
  });
  const s = structured(r)!;
  assert.equal(s.base, `${tree.root}/uni.txt`);
  assert.deepEqual(s.files, [
    {
      path: 'src/main.ts',
      matchLines: 2,
      matches: 2,
      lines: [
        { line: 1, text: 'import { foo } from ', spans: [9, 12], cut: true },
        { line: 2, text: 'export const bar = f', spans: [19, 22], cut: true },
      ],
    },
    { path: 'src/nested/deep.py', matchLines: 1, matches: 1, lines: [{ line: 1, text: 'def foo():', spans: [4, 7] }] },
    {
      path: 'src/util.ts',
      matchLines: 1,
      matches: 1,
      lines: [{ line: 1, text: 'export function foo(', spans: [16, 19], cut: true }],
    },
    {
      path: 'uni.txt',
      matchLines: 2,
      matches: 3,
      lines: [
        { line: 1, text: 'naïve Ωmega straße', spans: [6, 11] },
        { line: 4, text: 'foo_bar foo-bar', spans: [0, 3, 8, 11] },
      ],
    },
  ]);
});

test('search.grep output modes, paging note and no-match text', async () => {
  const files = await callTool(rgServer.client, 'search.grep', {
    pattern: 'foo',
    output: 'files',
    limit: 2,
    offset: 1,
  });
  assert.equal(texts(files)[0], 'crlf.txt\ngemini-secret.txt\n(showing 2 of 10 files; use offset=3 for more;)');
  const count = await callTool(fbServer.client, 'search.grep', { pattern: 'foo', output: 'count', type: ['ts'] });
  assert.equal(texts(count)[0], 'src/main.ts:2\nsrc/util.ts:1');
  const none = await callTool(rgServer.client, 'search.grep', { pattern: 'nothing-like-this' });
  assert.equal(texts(none)[0], 'No matches found.');
});

test('search.grep errors are in band with the right failure codes', async () => {
  const look = await callTool(fbServer.client, 'search.grep', { pattern: '(?<=a)b' });
  assert.equal(look.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
  assert.match(look.error, /lookaround/);
  const rgLook = await callTool(rgServer.client, 'search.grep', { pattern: '(?<=a)b' });
  assert.equal(rgLook.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
  const out = await callTool(rgServer.client, 'search.grep', { pattern: 'foo', path: 'link-out' });
  assert.equal(out.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
  const bad = await callTool(rgServer.client, 'search.grep', { pattern: 'foo', output: 'lines' });
  assert.equal(bad.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
  const narrowed = await callTool(
    rgServer.client,
    'search.grep',
    { pattern: 'foo', path: tree.root },
    { roots: [`${tree.root}/src`] },
  );
  assert.equal(narrowed.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
});

test('search.glob and fs.list over the wire', async () => {
  const g = await callTool(rgServer.client, 'search.glob', { pattern: '**/*.ts' });
  assert.equal(texts(g)[0], 'src/main.ts\nsrc/util.ts');
  assert.equal(structured(g)!.total, 2);
  assert.deepEqual(structured(g)!.paths, ['src/main.ts', 'src/util.ts']);
  const none = await callTool(rgServer.client, 'search.glob', { pattern: '*.nope' });
  assert.equal(texts(none)[0], 'No files matched.');
  const l = await callTool(rgServer.client, 'fs.list', { path: 'src', depth: 2, sort: 'name', include_hidden: false });
  assert.equal(texts(l)[0], 'generated.ts\nmain.ts\nnested/\n  deep.py\nutil.ts');
  const lim = await callTool(rgServer.client, 'fs.list', { path: '.', limit: 3, include_hidden: false });
  assert.equal(texts(lim)[0], 'build/\nsrc/\na.txt\n(11 more entries not shown; total 14)');
  const ign = await callTool(rgServer.client, 'fs.list', {
    path: '.',
    respect_ignore_files: true,
    ignore_files: ['.geminiignore'],
    include_hidden: false,
  });
  assert.deepEqual(structured(ign)!.ignored, { gitignore: 2, '.geminiignore': 1 });
});
