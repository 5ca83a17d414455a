// Kimi Code 2.1.0 through the kimi shape, beyond its own tests: WebSearch served only with a
// search provider (and kimi@1.49 unchanged beside it), the fetch note, and bad input (paths
// outside the roots, a symlink out of them, wrong types, huge values) answered in band with
// nothing written.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { callTool, startTestServer, tempDir, texts, unary, type TestServer } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';

const WALL = /^Wall time: \d+\.\d{3} seconds\n/;
const FAILED = '<system>ERROR: Tool execution failed.</system>\n';

let t: TestServer;
let dir: string;
let outside: string;
let cleanup: () => void;
let cleanupOutside: () => void;
let tavily: LoopbackServer;
let site: LoopbackServer;

const call = async (name: string, args: Record<string, unknown>, shape = 'kimi') => {
  const res = await callTool(t.client, name, args, { shape, session: 'edges' });
  return {
    text: (texts(res)[0] ?? '').replace(WALL, ''),
    code: res.failure ? FailureCode[res.failure.code]!.replace('FAILURE_CODE_', '') : '',
  };
};

before(async () => {
  ({ dir, cleanup } = tempDir());
  ({ dir: outside, cleanup: cleanupOutside } = tempDir());
  writeFileSync(path.join(outside, 'secret.txt'), 'outside\n');
  symlinkSync(outside, path.join(dir, 'out'));
  tavily = await serve((_req, res) =>
    send(
      res,
      200,
      'application/json',
      JSON.stringify({
        results: [
          { title: 'First', url: 'https://one.example/a', content: 'first snippet', score: 0.9 },
          { title: 'Second', url: 'https://two.example/b', content: 'second snippet', score: 0.5 },
        ],
      }),
    ),
  );
  site = await serve((req, res) =>
    req.url === '/data.json'
      ? send(res, 200, 'application/json', '{"a":1}')
      : send(
          res,
          200,
          'text/html',
          '<html><head><title>T</title></head><body><p>Hello from the page.</p></body></html>',
        ),
  );
  t = await startTestServer([
    '--root',
    dir,
    '--shape',
    'kimi',
    '--web-allow-hosts',
    '127.0.0.1',
    '--search-provider',
    'tavily',
    '--tavily-api-key',
    'tvly-test',
    '--tavily-base-url',
    tavily.origin,
  ]);
});
after(async () => {
  await t.close();
  await tavily.close();
  await site.close();
  cleanup();
  cleanupOutside();
});

describe('kimi 2.1.0 with a search provider', () => {
  test('WebSearch is served in its alphabetical place, with the captured schema; kimi@1.49 keeps SearchWeb', async () => {
    const names = async (shape: string) =>
      (await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { shape })).tools.map((x) => x.name);
    const code = await names('kimi');
    assert.deepEqual(code.slice(code.indexOf('WaitFor')), ['WaitFor', 'WebSearch', 'Write']);
    const old = await names('kimi@1.49');
    assert.equal(old.length, 13);
    assert.ok(old.includes('SearchWeb') && !old.includes('WebSearch'));
    const facts = JSON.parse(readFileSync(path.resolve('vendors/kimi/2.1.0.json'), 'utf8')) as {
      tools: Array<{ name: string; parameters: unknown }>;
    };
    const described = await unary(t.client.describeTool, t.client, { name: 'WebSearch' }, { shape: 'kimi' });
    assert.deepEqual(described.tool?.inputSchema, facts.tools.find((x) => x.name === 'WebSearch')!.parameters);
  });

  test('WebSearch results as Kimi Code words them', async () => {
    assert.equal(
      (await call('WebSearch', { query: 'facet' })).text,
      'Title: First\nURL: https://one.example/a\nSnippet: first snippet\n\n---\n\nTitle: Second\nURL: https://two.example/b\nSnippet: second snippet\n\nWhen you rely on a result in your answer, cite it inline as a markdown link, e.g. [title](url).',
    );
  });

  test('FetchURL: extracted page text or a verbatim body, after the note', async () => {
    const cite = 'If you use it in your answer, cite this page as a markdown link, e.g. [title](url).';
    assert.equal(
      (await call('FetchURL', { url: `${site.origin}/page` })).text,
      `The returned content is the main text extracted from the page. ${cite}\n\n# T\n\nHello from the page.`,
    );
    assert.equal(
      (await call('FetchURL', { url: `${site.origin}/data.json` })).text,
      `The returned content is the full response body, returned verbatim. ${cite}\n\n{"a":1}`,
    );
  });
});

describe('kimi 2.1.0 bad input', () => {
  test('paths outside the roots, directly or through a symlink, are refused and nothing is written', async () => {
    const secret = path.join(outside, 'secret.txt');
    for (const [tool, args] of [
      ['Read', { path: secret }],
      ['Read', { path: 'out/secret.txt' }],
      ['Write', { path: 'out/new.txt', content: 'x' }],
      ['Edit', { path: 'out/secret.txt', old_string: 'outside', new_string: 'inside' }],
    ] as const) {
      const got = await call(tool, args);
      assert.equal(got.code, 'PERMISSION_DENIED', `${tool} ${JSON.stringify(args)}: ${got.text}`);
      assert.ok(got.text.startsWith(FAILED), got.text);
      assert.match(got.text, /is outside the workspace \(.*\); this server works inside it only\.$/);
    }
    assert.equal(existsSync(path.join(outside, 'new.txt')), false);
    assert.equal(readFileSync(secret, 'utf8'), 'outside\n');
  });

  test('wrong types and huge values get the validator words; a huge max_chars is capped', async () => {
    assert.equal(
      (await call('Write', { path: 'a.txt', content: 5 })).text,
      `${FAILED}Invalid args for tool "Write": /content must be string`,
    );
    assert.equal(existsSync(path.join(dir, 'a.txt')), false);
    assert.equal(
      (await call('WaitFor', { timeout: 601 })).text,
      `${FAILED}Invalid args for tool "WaitFor": /timeout must be <= 600`,
    );
    assert.equal(
      (await call('Glob', { pattern: '*', head_limit: -1 })).text,
      `${FAILED}Invalid args for tool "Glob": /head_limit must be >= 0`,
    );
    writeFileSync(path.join(dir, 'one.txt'), 'one\n');
    assert.match(
      (await call('Read', { path: 'one.txt', max_chars: 9007199254740991 })).text,
      /Effective max_chars: 500000\. Requested max_chars=9007199254740991 was capped at the configured maximum 500000\./,
    );
  });
});
