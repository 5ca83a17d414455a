// The core shape's web tools over gRPC: web.find's failures and exact structured block,
// web.fetch's upgrade_http, cross_site_redirects and use_cache arguments, and how web.search
// reports a named provider's failure compared with falling back.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { callTool, startTestServer, structured, texts, type TestServer } from '../helpers/server.js';
import { send, serve, type LoopbackServer } from './http-server.js';

const DOC =
  '<html><head><title>Doc</title></head><body><h1>Setup</h1><p>Set the connect timeout first. Then the read timeout.</p></body></html>';

let site: LoopbackServer;
let tavily: LoopbackServer;
let searxng: LoopbackServer;
let t: TestServer;
/** A raw TCP listener that records the first bytes each connection sends, then hangs up. */
let raw: net.Server;
let rawPort = 0;
const firstBytes: Buffer[] = [];
let counted = 0;

before(async () => {
  site = await serve((req, res) => {
    switch (req.url) {
      case '/doc':
        return send(res, 200, 'text/html; charset=utf-8', DOC);
      case '/logo':
        return send(res, 200, 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
      case '/away':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      case '/to-localhost':
        res.writeHead(302, { location: `http://localhost:${site.port}/doc` });
        return res.end();
      case '/counted':
        counted++;
        return send(res, 200, 'text/plain', `visit ${counted}`);
      default:
        return send(res, 404, 'text/plain', 'no');
    }
  });
  tavily = await serve((_req, res, body) => {
    if (JSON.parse(body).query === 'make tavily fail') {
      return send(
        res,
        401,
        'application/json',
        JSON.stringify({ detail: { error: 'Unauthorized: missing or invalid API key.' } }),
      );
    }
    send(
      res,
      200,
      'application/json',
      JSON.stringify({ answer: null, results: [{ title: 'T', url: 'https://t.example/', content: 'from tavily' }] }),
    );
  });
  searxng = await serve((_req, res) =>
    send(
      res,
      200,
      'application/json',
      JSON.stringify({ results: [{ title: 'S', url: 'https://s.example/', content: 'from searxng' }] }),
    ),
  );
  raw = net.createServer((sock) => {
    sock.once('data', (d: Buffer) => {
      firstBytes.push(d);
      sock.destroy();
    });
    sock.on('error', () => {});
  });
  await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
  rawPort = (raw.address() as net.AddressInfo).port;
  t = await startTestServer([
    '--web-allow-hosts',
    '127.0.0.1,localhost',
    '--search-provider',
    'tavily,searxng',
    '--tavily-api-key',
    'tvly-e2e',
    '--tavily-base-url',
    tavily.origin,
    '--searxng-url',
    searxng.origin,
  ]);
});
after(async () => {
  await t.close();
  await site.close();
  await tavily.close();
  await searxng.close();
  await new Promise((r) => raw.close(r));
});

const core = { shape: 'core' };

describe('web.find', () => {
  test('returns the exact structured block', async () => {
    const res = await callTool(
      t.client,
      'web.find',
      { url: `${site.origin}/doc`, pattern: 'timeout', context_chars: 6, max_matches: 1 },
      core,
    );
    assert.equal(res.error, '');
    assert.deepEqual(texts(res), [
      `2 matches for "timeout" in ${site.origin}/doc (first 1 shown):\n[1] line 3, column 17: …nnect **timeout** first…`,
    ]);
    assert.deepEqual(structured(res), {
      url: `${site.origin}/doc`,
      final_url: `${site.origin}/doc`,
      title: 'Doc',
      pattern: 'timeout',
      total_matches: 2,
      matches: [{ index: 25, line: 3, column: 17, match: 'timeout', before: 'nnect ', after: ' first' }],
      truncated: false,
    });
  });

  test('an image page has no text to search', async () => {
    const res = await callTool(t.client, 'web.find', { url: `${site.origin}/logo`, pattern: 'x' }, core);
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_UNSUPPORTED_OPERATION);
    assert.equal(res.failure?.message, `${site.origin}/logo is an image (image/gif); there is no text to search`);
  });

  test('a page redirecting to the metadata service is refused by the guard', async () => {
    const res = await callTool(t.client, 'web.find', { url: `${site.origin}/away`, pattern: 'x' }, core);
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_SECURITY_POLICY_FAILED);
    assert.equal(res.failure?.message, '169.254.169.254 is a metadata address, which web fetches may not reach');
  });

  test('a pattern of only whitespace is an invalid argument', async () => {
    const seen = site.seen.length;
    const res = await callTool(t.client, 'web.find', { url: `${site.origin}/doc`, pattern: '   ' }, core);
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(res.failure?.message, 'the pattern to find is empty');
    assert.deepEqual(
      res.failure?.fieldViolations.map((v) => v.field),
      ['pattern'],
    );
    assert.equal(site.seen.length, seen, 'nothing was fetched');
  });
});

describe('web.fetch arguments', () => {
  test('upgrade_http speaks TLS to the same host and port', async () => {
    const url = `http://127.0.0.1:${rawPort}/page`;
    const plain = await callTool(t.client, 'web.fetch', { url, use_cache: false, timeout_ms: 2000 }, core);
    const upgraded = await callTool(
      t.client,
      'web.fetch',
      { url, upgrade_http: true, use_cache: false, timeout_ms: 2000 },
      core,
    );
    // Plain HTTP first: a request line. Upgraded: a TLS handshake record (0x16, version 3.x).
    assert.equal(firstBytes.length, 2);
    assert.equal(firstBytes[0]!.subarray(0, 10).toString('latin1'), 'GET /page ');
    assert.deepEqual([...firstBytes[1]!.subarray(0, 2)], [0x16, 0x03]);
    assert.equal(plain.failure?.code, FailureCode.FAILURE_CODE_NETWORK_FAILED);
    assert.equal(upgraded.failure?.code, FailureCode.FAILURE_CODE_NETWORK_FAILED);
    assert.ok(
      upgraded.failure?.message.startsWith(`fetching https://127.0.0.1:${rawPort}/page failed: `),
      upgraded.failure?.message,
    );
  });

  test('cross_site_redirects: report returns the target; follow (the default) fetches it', async () => {
    const url = `${site.origin}/to-localhost`;
    const target = `http://localhost:${site.port}/doc`;
    const reported = await callTool(t.client, 'web.fetch', { url, cross_site_redirects: 'report' }, core);
    assert.equal(reported.error, '');
    assert.deepEqual(texts(reported), [
      `${url} redirects to another site: ${target} (302 Found). Fetch that URL to follow it.`,
    ]);
    assert.deepEqual(structured(reported), { url, redirect_url: target, status: 302, redirects: [url] });
    const followed = await callTool(t.client, 'web.fetch', { url }, core);
    assert.deepEqual(texts(followed), ['# Setup\n\nSet the connect timeout first. Then the read timeout.']);
    assert.deepEqual(structured(followed), {
      url,
      final_url: target,
      redirects: [url],
      status: 200,
      content_type: 'text/html; charset=utf-8',
      media_type: 'text/html',
      charset: 'utf-8',
      format: 'markdown',
      title: 'Doc',
      bytes: Buffer.byteLength(DOC),
      truncated: false,
      total_chars: 62,
      chars_truncated: false,
      from_cache: false,
    });
    // The followed page is cached now, but a call asking for reports still gets the report.
    const again = await callTool(t.client, 'web.fetch', { url, cross_site_redirects: 'report' }, core);
    assert.deepEqual(structured(again), { url, redirect_url: target, status: 302, redirects: [url] });
  });

  test('use_cache: the cached copy serves by default; false fetches afresh', async () => {
    const url = `${site.origin}/counted`;
    const call = async (args: Record<string, unknown>) => {
      const res = await callTool(t.client, 'web.fetch', { url, ...args }, core);
      return [texts(res)[0], structured(res)!.from_cache];
    };
    assert.deepEqual(await call({}), ['visit 1', false]);
    assert.deepEqual(await call({}), ['visit 1', true]);
    assert.deepEqual(await call({ use_cache: true }), ['visit 1', true]);
    assert.deepEqual(await call({ use_cache: false }), ['visit 2', false]);
    // use_cache false neither reads nor writes the cache.
    assert.deepEqual(await call({}), ['visit 1', true]);
  });
});

describe('web.search failures', () => {
  test('without a provider, a failing one hands over to the next and is listed', async () => {
    const res = await callTool(t.client, 'web.search', { query: 'make tavily fail' }, core);
    assert.equal(res.error, '');
    assert.deepEqual(texts(res), ['1. S\n   https://s.example/\n   from searxng']);
    assert.deepEqual(structured(res), {
      provider: 'searxng',
      query: 'make tavily fail',
      results: [{ title: 'S', url: 'https://s.example/', snippet: 'from searxng' }],
      failed_providers: [
        {
          provider: 'tavily',
          kind: 'permission_denied',
          message: '[Tavily] HTTP 401 Unauthorized: Unauthorized: missing or invalid API key.',
        },
      ],
    });
  });

  test("with a provider named, that provider's failure comes back although another would answer", async () => {
    const res = await callTool(t.client, 'web.search', { query: 'make tavily fail', provider: 'tavily' }, core);
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
    assert.equal(res.failure?.message, '[Tavily] HTTP 401 Unauthorized: Unauthorized: missing or invalid API key.');
  });
});
