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
  const expected = ['a.txt:1:alpha foo', 'a.txt-2-beta', '--', 'a.txt-4-delta', 'a.txt:5:epsilon foo foo', 'a.txt-6-zeta', 'a.txt-7-eta', 'a.txt:8:theta foo'].join('\n');
  assert.equal(texts(a)[0], expected);
  assert.equal(texts(b)[0], expected);
  assert.equal(structured(a)!.backend, 'rg');
  assert.equal(structured(b)!.backend, 'fallback');
  assert.deepEqual({ ...structured(a), backend: '' }, { ...structured(b), backend: '' });
});

test('search.grep output modes, paging note and no-match text', async () => {
  const files = await callTool(rgServer.client, 'search.grep', { pattern: 'foo', output: 'files', limit: 2, offset: 1 });
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
  const narrowed = await callTool(rgServer.client, 'search.grep', { pattern: 'foo', path: tree.root }, { roots: [`${tree.root}/src`] });
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
  const ign = await callTool(rgServer.client, 'fs.list', { path: '.', respect_ignore_files: true, ignore_files: ['.geminiignore'], include_hidden: false });
  assert.deepEqual(structured(ign)!.ignored, { gitignore: 2, '.geminiignore': 1 });
});
