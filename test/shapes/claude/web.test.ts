// Golden tests of the claude shape's WebFetch and WebSearch against loopback HTTP servers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';
import { claudeCaller } from './harness.js';

const SEARX = {
  query: 'node undici',
  results: [
    {
      title: 'undici - npm',
      url: 'https://www.npmjs.com/package/undici',
      content: 'An HTTP/1.1 client,\n written for Node.js.',
    },
    { title: 'Node.js docs', url: 'https://nodejs.org/api/fetch.html', content: '' },
  ],
  answers: [],
};

describe('claude shape: WebFetch and WebSearch', () => {
  let t: TestServer;
  let site: LoopbackServer;
  let searx: LoopbackServer;
  const call = claudeCaller(() => t, 'web');

  before(async () => {
    site = await serve((req, res) => {
      if (req.url === '/page')
        return send(
          res,
          200,
          'text/html; charset=utf-8',
          '<html><head><title>Doc</title></head><body><h1>Hello</h1><p>Some <b>bold</b> text.</p></body></html>',
        );
      if (req.url === '/same') {
        res.writeHead(302, { location: '/page' });
        return res.end();
      }
      if (req.url === '/away') {
        res.writeHead(302, { location: `http://localhost:${site.port}/page` });
        return res.end();
      }
      if (req.url === '/long') return send(res, 200, 'text/plain', 'w'.repeat(100_050));
      send(res, 404, 'text/plain', 'missing');
    });
    searx = await serve((_req, res) => send(res, 200, 'application/json', JSON.stringify(SEARX)));
    t = await startTestServer([
      '--web-allow-hosts',
      '127.0.0.1',
      '--search-provider',
      'searxng',
      '--searxng-url',
      searx.origin,
      '--shape',
      'claude',
    ]);
  });
  after(async () => {
    await t.close();
    await site.close();
    await searx.close();
  });

  test('WebFetch returns the page as Markdown with the prompt, then from the cache', async () => {
    const r = await call('WebFetch', { url: `${site.origin}/page`, prompt: 'What does it say?' });
    assert.equal(
      r.text,
      'Web page content:\n---\n# Hello\n\nSome **bold** text.\n---\n\nPrompt: What does it say?\n\n(No summarising model runs on this server: answer the prompt from the content above, quoting sparingly.)',
    );
    assert.equal((r.display.details as Record<string, unknown>).fromCache, false);
    const again = await call('WebFetch', { url: `${site.origin}/page`, prompt: 'Again?' });
    assert.equal((again.display.details as Record<string, unknown>).fromCache, true);
    assert.equal(site.seen.filter((s) => s.url === '/page').length, 1);
  });

  test('WebFetch follows same-host redirects and reports cross-host ones', async () => {
    assert.match(
      (await call('WebFetch', { url: `${site.origin}/same`, prompt: 'p' })).text,
      /^Web page content:\n---\n# Hello/,
    );
    const away = await call('WebFetch', { url: `${site.origin}/away`, prompt: 'Summarise "it"' });
    assert.equal(
      away.text,
      [
        'REDIRECT DETECTED: The URL redirects to a different host.',
        '',
        `Original URL: ${site.origin}/away`,
        `Redirect URL: http://localhost:${site.port}/page`,
        'Status: 302 Found',
        '',
        'The redirect was not followed. To fetch the new location, call WebFetch again with:',
        `- url: "http://localhost:${site.port}/page"`,
        '- prompt: "Summarise "it""',
      ].join('\n'),
    );
  });

  test('WebFetch cuts content at 100000 characters', async () => {
    const r = await call('WebFetch', { url: `${site.origin}/long`, prompt: 'p' });
    assert.ok(r.text.includes(`${'w'.repeat(100)}\n\n[Content truncated due to length...]\n---\n`));
    assert.equal(r.display.truncated, true);
  });

  test('WebFetch upgrades http to https for hosts not allowed as private, and refuses private addresses', async () => {
    const r = await call('WebFetch', { url: `http://localhost:${site.port}/page`, prompt: 'p' });
    assert.equal(r.code, 'SECURITY_POLICY_FAILED');
    assert.equal(
      r.error,
      `<tool_use_error>Refused to fetch https://localhost:${site.port}/page: localhost names a loopback host, which web fetches may not reach. Loopback, private, link-local and metadata addresses are never fetched; do not retry another spelling of the same address.</tool_use_error>`,
    );
    const bad = await call('WebFetch', { url: 'not a url', prompt: 'p' });
    assert.equal(
      bad.error,
      '<tool_use_error>InputValidationError: the arguments of WebFetch are not valid:\n- url: must match format "uri"</tool_use_error>',
    );
  });

  test('WebSearch formats provider results as links with snippets and the reminder', async () => {
    const r = await call('WebSearch', { query: 'node undici' });
    assert.equal(
      r.text,
      [
        'Web search results for query: "node undici"',
        '',
        `Links: ${JSON.stringify([
          { title: 'undici - npm', url: 'https://www.npmjs.com/package/undici' },
          { title: 'Node.js docs', url: 'https://nodejs.org/api/fetch.html' },
        ])}`,
        '',
        '- [undici - npm](https://www.npmjs.com/package/undici): An HTTP/1.1 client, written for Node.js.',
        '',
        '',
        'REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.',
      ].join('\n'),
    );
    const only = await call('WebSearch', { query: 'node undici', allowed_domains: ['nodejs.org'] });
    assert.ok(
      only.text.includes(
        `Links: ${JSON.stringify([{ title: 'Node.js docs', url: 'https://nodejs.org/api/fetch.html' }])}`,
      ),
      only.text,
    );
    const both = await call('WebSearch', {
      query: 'node undici',
      allowed_domains: ['a.com'],
      blocked_domains: ['b.com'],
    });
    assert.equal(
      both.error,
      '<tool_use_error>Give allowed_domains or blocked_domains, not both in the same search.</tool_use_error>',
    );
    const short = await call('WebSearch', { query: 'x' });
    assert.equal(
      short.error,
      '<tool_use_error>InputValidationError: the arguments of WebSearch are not valid:\n- query: must NOT have fewer than 2 characters</tool_use_error>',
    );
  });
});
