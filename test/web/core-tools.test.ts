// The core shape's web.* tools end to end over gRPC against loopback sites and a
// loopback Tavily stand-in.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { callTool, startTestServer, structured, texts, unary, type TestServer } from '../helpers/server.js';
import { send, serve, type LoopbackServer } from './http-server.js';

let site: LoopbackServer;
let tavily: LoopbackServer;
let t: TestServer;

before(async () => {
  site = await serve((req, res) => {
    if (req.url === '/doc')
      return send(
        res,
        200,
        'text/html; charset=utf-8',
        '<html><head><title>Doc</title></head><body><h1>Setup</h1><p>Set the connect timeout first.</p></body></html>',
      );
    if (req.url === '/logo') return send(res, 200, 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    if (req.url === '/away') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    send(res, 404, 'text/plain', 'no');
  });
  tavily = await serve((req, res, body) => {
    const q = JSON.parse(body).query as string;
    send(
      res,
      200,
      'application/json',
      JSON.stringify({
        query: q,
        answer: 'Use connect.timeout.',
        results: [{ title: 'Agent', url: 'https://undici.nodejs.org/agent', content: 'connect options', score: 0.9 }],
      }),
    );
  });
  t = await startTestServer([
    '--web-allow-hosts',
    '127.0.0.1',
    '--search-provider',
    'tavily',
    '--tavily-api-key',
    'tvly-e2e',
    '--tavily-base-url',
    tavily.origin,
  ]);
});
after(async () => {
  await t.close();
  await site.close();
  await tavily.close();
});

describe('core web tools over gRPC', () => {
  test('are listed with the network tag', async () => {
    const res = await unary(t.client.listToolSummaries, t.client, { tagsFilter: ['network'] }, { shape: 'core' });
    assert.deepEqual(res.tools.map((x) => x.name).sort(), ['web.fetch', 'web.find', 'web.search']);
    assert.ok(res.tools.every((x) => x.tags.includes('read-only') && !x.destructive));
  });

  test('web.fetch returns Markdown and the page facts', async () => {
    const res = await callTool(t.client, 'web.fetch', { url: `${site.origin}/doc` }, { shape: 'core' });
    assert.equal(res.error, '');
    assert.deepEqual(texts(res), ['# Setup\n\nSet the connect timeout first.']);
    const s = structured(res)!;
    assert.equal(s.title, 'Doc');
    assert.equal(s.final_url, `${site.origin}/doc`);
    assert.equal(s.format, 'markdown');
    assert.equal(s.status, 200);
  });

  test('web.fetch returns images as a blob', async () => {
    const res = await callTool(t.client, 'web.fetch', { url: `${site.origin}/logo` }, { shape: 'core' });
    const blob = res.content.find((c) => c.body?.$case === 'blob');
    assert.ok(blob && blob.body?.$case === 'blob');
    assert.equal(blob.body.value.mediaType, 'image/gif');
    assert.equal(Buffer.from(blob.body.value.data).toString('latin1'), 'GIF89a\x01\x00\x01\x00');
  });

  test('web.fetch refuses a redirect to the metadata service in band', async () => {
    const res = await callTool(t.client, 'web.fetch', { url: `${site.origin}/away` }, { shape: 'core' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED);
    assert.match(res.error, /169\.254\.169\.254 is a metadata address/);
  });

  test('web.fetch reports a 404', async () => {
    const res = await callTool(t.client, 'web.fetch', { url: `${site.origin}/nope` }, { shape: 'core' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
  });

  test('web.fetch validates its arguments', async () => {
    const res = await callTool(t.client, 'web.fetch', { url: `${site.origin}/doc`, format: 'pdf' }, { shape: 'core' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
  });

  test('web.search answers through the configured provider', async () => {
    const res = await callTool(
      t.client,
      'web.search',
      { query: 'undici connect timeout', limit: 3 },
      { shape: 'core' },
    );
    assert.equal(res.error, '');
    assert.deepEqual(texts(res), [
      'Answer: Use connect.timeout.\n\n1. Agent\n   https://undici.nodejs.org/agent\n   connect options',
    ]);
    assert.deepEqual(structured(res), {
      provider: 'tavily',
      query: 'undici connect timeout',
      answer: 'Use connect.timeout.',
      results: [{ title: 'Agent', url: 'https://undici.nodejs.org/agent', snippet: 'connect options', score: 0.9 }],
    });
    const sent = tavily.seen[tavily.seen.length - 1]!;
    assert.equal(sent.headers.authorization, 'Bearer tvly-e2e');
    assert.equal(JSON.parse(sent.body).max_results, 3);
  });

  test('web.search with an unconfigured provider fails in band', async () => {
    const res = await callTool(t.client, 'web.search', { query: 'x y', provider: 'brave' }, { shape: 'core' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_DEPENDENCY_UNAVAILABLE);
    assert.match(res.error, /brave search provider is not enabled/);
  });

  test('web.find returns the passages', async () => {
    const res = await callTool(
      t.client,
      'web.find',
      { url: `${site.origin}/doc`, pattern: 'connect timeout', context_chars: 8 },
      { shape: 'core' },
    );
    assert.equal(res.error, '');
    assert.deepEqual(texts(res), [
      `1 match for "connect timeout" in ${site.origin}/doc:\n[1] line 3, column 9: …Set the **connect timeout** first.…`,
    ]);
    assert.equal((structured(res)!.matches as unknown[]).length, 1);
  });
});
