// Each search provider against a loopback server speaking its documented API: the request
// it sends, the results it makes of a realistic answer, its errors and timeouts, and the
// order in which providers serve and stand in for each other.
import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { SearchProviderError, WebEngine } from '../../src/engine/web/index.js';
import type { ProviderSettings } from '../../src/engine/web/search/index.js';
import { send, serve, type LoopbackServer, type SeenRequest } from './http-server.js';

/** What each stand-in answers next, switchable per test. */
type Mode = 'ok' | 'error' | 'hang' | 'garbage';
const mode: Record<string, Mode> = { tavily: 'ok', gemini: 'ok', brave: 'ok', searxng: 'ok' };
const servers: Record<string, LoopbackServer> = {};

function answer(name: string, res: http.ServerResponse, ok: () => void, error: () => void): void {
  const m = mode[name];
  if (m === 'hang') return; // never answers
  if (m === 'garbage') return send(res, 200, 'text/html', '<html>maintenance</html>');
  if (m === 'error') return error();
  ok();
}

const TAVILY_OK = {
  query: 'node undici',
  answer: 'undici is the HTTP client behind fetch in Node.js.',
  images: [],
  results: [
    {
      title: 'undici - npm',
      url: 'https://www.npmjs.com/package/undici',
      content: 'An HTTP/1.1 client, written from scratch for Node.js.',
      score: 0.91,
      raw_content: null,
    },
    {
      title: 'nodejs/undici',
      url: 'https://github.com/nodejs/undici',
      content: 'HTTP/1.1 client.',
      score: 0.85,
      raw_content: null,
      published_date: 'Mon, 03 Nov 2025 10:00:00 GMT',
    },
    { title: 'Spam', url: 'https://spam.example/undici', content: 'buy', score: 0.1, raw_content: null },
  ],
  response_time: 1.67,
};

// generateContent with google_search grounding; segment indices are UTF-8 byte offsets.
const GEMINI_ANSWER = 'Undici is Node’s HTTP client. It powers fetch.';
const GEMINI_OK = {
  candidates: [
    {
      content: { role: 'model', parts: [{ text: GEMINI_ANSWER }] },
      finishReason: 'STOP',
      groundingMetadata: {
        webSearchQueries: ['node undici'],
        searchEntryPoint: { renderedContent: '<div>…</div>' },
        groundingChunks: [
          { web: { uri: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AAA', title: 'nodejs.org' } },
          { web: { uri: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/BBB', title: 'github.com' } },
        ],
        groundingSupports: [
          {
            segment: { startIndex: 0, endIndex: 31, text: 'Undici is Node’s HTTP client.' },
            groundingChunkIndices: [0, 1],
            confidenceScores: [0.9, 0.8],
          },
          {
            segment: { startIndex: 32, endIndex: 48, text: 'It powers fetch.' },
            groundingChunkIndices: [0],
            confidenceScores: [0.7],
          },
        ],
      },
    },
  ],
  usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 12, totalTokenCount: 17 },
  modelVersion: 'gemini-2.5-flash',
};

const BRAVE_OK = {
  type: 'search',
  query: { original: 'node undici' },
  web: {
    type: 'search',
    results: [
      {
        type: 'search_result',
        title: 'GitHub - nodejs/<strong>undici</strong>',
        url: 'https://github.com/nodejs/undici',
        description: 'An HTTP/1.1 client, written from scratch for <strong>Node.js</strong> &amp; friends.',
        age: 'November 3, 2025',
        page_age: '2025-11-03T10:00:00',
        profile: { name: 'GitHub', url: 'https://github.com', long_name: 'github.com' },
        meta_url: { scheme: 'https', netloc: 'github.com', hostname: 'github.com', path: '› nodejs › undici' },
        extra_snippets: ['Undici means eleven in Italian.'],
      },
      {
        type: 'search_result',
        title: 'undici',
        url: 'https://www.npmjs.com/package/undici',
        description: 'npm package',
        meta_url: { hostname: 'www.npmjs.com' },
      },
    ],
  },
};

const SEARX_OK = {
  query: 'node undici',
  number_of_results: 0,
  results: [
    {
      url: 'https://undici.nodejs.org/',
      title: 'Undici',
      content: 'Documentation.',
      engine: 'duckduckgo',
      parsed_url: ['https', 'undici.nodejs.org', '/', '', '', ''],
      engines: ['duckduckgo', 'brave'],
      score: 2.5,
      category: 'general',
      publishedDate: null,
    },
    {
      url: 'https://github.com/nodejs/undici',
      title: 'nodejs/undici',
      content: 'HTTP client',
      engine: 'google',
      parsed_url: ['https', 'github.com', '/nodejs/undici', '', '', ''],
      score: 1.2,
      publishedDate: '2025-11-03T00:00:00',
    },
  ],
  answers: [{ answer: 'Undici is an HTTP client.', url: 'https://undici.nodejs.org/' }],
  corrections: [],
  infoboxes: [],
  suggestions: [],
  unresponsive_engines: [],
};

before(async () => {
  servers.tavily = await serve((req, res) =>
    answer(
      'tavily',
      res,
      () => send(res, 200, 'application/json', JSON.stringify(TAVILY_OK)),
      () =>
        send(
          res,
          401,
          'application/json',
          JSON.stringify({ detail: { error: 'Unauthorized: missing or invalid API key.' } }),
        ),
    ),
  );
  servers.gemini = await serve((req, res) =>
    answer(
      'gemini',
      res,
      () => send(res, 200, 'application/json', JSON.stringify(GEMINI_OK)),
      () =>
        send(
          res,
          429,
          'application/json',
          JSON.stringify({
            error: {
              code: 429,
              message: 'Resource has been exhausted (e.g. check quota).',
              status: 'RESOURCE_EXHAUSTED',
            },
          }),
        ),
    ),
  );
  servers.brave = await serve((req, res) =>
    answer(
      'brave',
      res,
      () => send(res, 200, 'application/json', JSON.stringify(BRAVE_OK)),
      () =>
        send(
          res,
          422,
          'application/json',
          JSON.stringify({
            type: 'ErrorResponse',
            error: {
              id: 'x',
              status: 422,
              code: 'SUBSCRIPTION_TOKEN_INVALID',
              detail: 'The provided subscription token is invalid.',
            },
          }),
        ),
    ),
  );
  servers.searxng = await serve((req, res) =>
    answer(
      'searxng',
      res,
      () => send(res, 200, 'application/json', JSON.stringify(SEARX_OK)),
      () => send(res, 403, 'text/html', '<html>403 Forbidden</html>'),
    ),
  );
});
after(async () => {
  for (const s of Object.values(servers)) await s.close();
});

function settings(over: Partial<ProviderSettings> = {}): ProviderSettings {
  return {
    providers: ['tavily', 'gemini', 'brave', 'searxng'],
    tavily: { apiKey: 'tvly-test', baseUrl: servers.tavily!.origin },
    gemini: { apiKey: 'gm-test', baseUrl: servers.gemini!.origin, model: 'gemini-2.5-flash' },
    brave: { apiKey: 'brave-test', baseUrl: servers.brave!.origin },
    searxng: { url: `${servers.searxng!.origin}/searx` },
    timeoutMs: 500,
    ...over,
  };
}

function last(name: string): SeenRequest {
  const seen = servers[name]!.seen;
  return seen[seen.length - 1]!;
}

function reset(): void {
  for (const k of Object.keys(mode)) mode[k] = 'ok';
}

async function failure(p: Promise<unknown>): Promise<EngineError> {
  const err = await p.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof EngineError, String(err));
  return err;
}

describe('Tavily', () => {
  let engine!: WebEngine;
  before(() => {
    engine = new WebEngine({ search: settings() });
  });
  test('POST /search with a Bearer key, advanced depth and an answer', async () => {
    reset();
    const r = await engine.search('node undici', { provider: 'tavily', limit: 3, blockedDomains: ['spam.example'] });
    const req = last('tavily');
    assert.equal(req.method, 'POST');
    assert.equal(req.url, '/search');
    assert.equal(req.headers.authorization, 'Bearer tvly-test');
    assert.equal(req.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(req.body), {
      query: 'node undici',
      search_depth: 'advanced',
      include_answer: true,
      max_results: 6,
      include_raw_content: false,
      exclude_domains: ['spam.example'],
    });
    assert.deepEqual(r, {
      provider: 'tavily',
      query: 'node undici',
      answer: 'undici is the HTTP client behind fetch in Node.js.',
      results: [
        {
          title: 'undici - npm',
          url: 'https://www.npmjs.com/package/undici',
          snippet: 'An HTTP/1.1 client, written from scratch for Node.js.',
          score: 0.91,
        },
        {
          title: 'nodejs/undici',
          url: 'https://github.com/nodejs/undici',
          snippet: 'HTTP/1.1 client.',
          date: 'Mon, 03 Nov 2025 10:00:00 GMT',
          score: 0.85,
        },
      ],
    });
  });
  test('an API error names the provider', async () => {
    mode.tavily = 'error';
    const err = await failure(engine.search('x', { provider: 'tavily' }));
    assert.ok(err instanceof SearchProviderError);
    assert.equal(err.message, '[Tavily] HTTP 401 Unauthorized: Unauthorized: missing or invalid API key.');
    assert.equal(err.kind, 'permission_denied');
    assert.deepEqual(err.facts, { provider: 'tavily', status: 401, condition: 'provider_denied' });
    reset();
  });
});

describe('Gemini (Google Search grounding)', () => {
  let engine!: WebEngine;
  before(() => {
    engine = new WebEngine({ search: settings() });
  });
  test('generateContent with the google_search tool; answer, results and raw grounding', async () => {
    reset();
    const r = await engine.search('node undici', { provider: 'gemini', limit: 5 });
    const req = last('gemini');
    assert.equal(req.method, 'POST');
    assert.equal(req.url, '/v1beta/models/gemini-2.5-flash:generateContent');
    assert.equal(req.headers['x-goog-api-key'], 'gm-test');
    assert.deepEqual(JSON.parse(req.body), {
      contents: [{ role: 'user', parts: [{ text: 'node undici' }] }],
      tools: [{ google_search: {} }],
    });
    assert.equal(r.provider, 'gemini');
    assert.equal(r.answer, GEMINI_ANSWER);
    assert.deepEqual(r.results, [
      {
        title: 'nodejs.org',
        url: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AAA',
        snippet: 'Undici is Node’s HTTP client. … It powers fetch.',
        site_name: 'nodejs.org',
      },
      {
        title: 'github.com',
        url: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/BBB',
        snippet: 'Undici is Node’s HTTP client.',
        site_name: 'github.com',
      },
    ]);
    const g = GEMINI_OK.candidates[0]!.groundingMetadata;
    assert.deepEqual(r.grounding, {
      chunks: g.groundingChunks,
      supports: g.groundingSupports,
      webSearchQueries: ['node undici'],
    });
    // Segment indices are UTF-8 byte offsets into the answer.
    assert.equal(Buffer.from(r.answer!).subarray(0, 31).toString(), 'Undici is Node’s HTTP client.');
  });
  test('domain lists match the grounding titles (the URLs are redirects)', async () => {
    const r = await engine.search('node undici', { provider: 'gemini', allowedDomains: ['github.com'] });
    assert.deepEqual(
      r.results.map((x) => x.site_name),
      ['github.com'],
    );
  });
  test('quota errors are rate_limited and name the provider', async () => {
    mode.gemini = 'error';
    const err = await failure(engine.search('x', { provider: 'gemini' }));
    assert.equal(err.message, '[Gemini] HTTP 429 Too Many Requests: Resource has been exhausted (e.g. check quota).');
    assert.equal(err.kind, 'rate_limited');
    reset();
  });
});

describe('Brave', () => {
  let engine!: WebEngine;
  before(() => {
    engine = new WebEngine({ search: settings() });
  });
  test('GET /res/v1/web/search with X-Subscription-Token; tags stripped', async () => {
    reset();
    const r = await engine.search('node undici', { provider: 'brave', limit: 2, includeContent: true });
    const req = last('brave');
    assert.equal(req.method, 'GET');
    assert.equal(req.url, '/res/v1/web/search?q=node+undici&count=2&extra_snippets=true');
    assert.equal(req.headers['x-subscription-token'], 'brave-test');
    assert.equal(req.headers.accept, 'application/json');
    assert.deepEqual(r, {
      provider: 'brave',
      query: 'node undici',
      results: [
        {
          title: 'GitHub - nodejs/undici',
          url: 'https://github.com/nodejs/undici',
          snippet: 'An HTTP/1.1 client, written from scratch for Node.js & friends.',
          content: 'Undici means eleven in Italian.',
          date: '2025-11-03T10:00:00',
          site_name: 'GitHub',
        },
        {
          title: 'undici',
          url: 'https://www.npmjs.com/package/undici',
          snippet: 'npm package',
          site_name: 'www.npmjs.com',
        },
      ],
    });
  });
  test('errors carry the API detail', async () => {
    mode.brave = 'error';
    const err = await failure(engine.search('x', { provider: 'brave' }));
    assert.equal(err.message, '[Brave] HTTP 422 Unprocessable Entity: The provided subscription token is invalid.');
    reset();
  });
  test('a provider that never answers times out', async () => {
    mode.brave = 'hang';
    const err = await failure(engine.search('x', { provider: 'brave' }));
    assert.equal(err.kind, 'timeout');
    assert.equal(err.message, '[Brave] no answer within 500 ms');
    reset();
  });
});

describe('SearXNG', () => {
  let engine!: WebEngine;
  before(() => {
    engine = new WebEngine({ search: settings() });
  });
  test('GET <url>/search?format=json; answers in the new object form', async () => {
    reset();
    const r = await engine.search('node undici', { provider: 'searxng', limit: 1 });
    const req = last('searxng');
    assert.equal(req.url, '/searx/search?q=node+undici&format=json');
    assert.deepEqual(r, {
      provider: 'searxng',
      query: 'node undici',
      answer: 'Undici is an HTTP client.',
      results: [
        {
          title: 'Undici',
          url: 'https://undici.nodejs.org/',
          snippet: 'Documentation.',
          site_name: 'undici.nodejs.org',
          score: 2.5,
        },
      ],
    });
  });
  test('an instance without the JSON format enabled', async () => {
    mode.searxng = 'error';
    const err = await failure(engine.search('x', { provider: 'searxng' }));
    assert.equal(err.message, '[SearXNG] HTTP 403 Forbidden: <html>403 Forbidden</html>');
    reset();
  });
  test('a non-JSON answer', async () => {
    mode.searxng = 'garbage';
    const err = await failure(engine.search('x', { provider: 'searxng' }));
    assert.equal(err.message, '[SearXNG] the answer was not JSON');
    assert.equal(err.kind, 'network_failed');
    reset();
  });
});

describe('provider order and fallback', () => {
  test('the first available provider serves', async () => {
    reset();
    const e = new WebEngine({ search: settings({ providers: ['brave', 'tavily'] }) });
    assert.equal((await e.search('q')).provider, 'brave');
    const unconfigured = new WebEngine({ search: settings({ brave: { apiKey: '', baseUrl: servers.brave!.origin } }) });
    assert.equal((await unconfigured.search('q')).provider, 'tavily');
    const onlySearx = new WebEngine({
      search: settings({
        tavily: { apiKey: '', baseUrl: 'x' },
        gemini: { apiKey: '', baseUrl: 'x', model: 'm' },
        brave: { apiKey: '', baseUrl: 'x' },
      }),
    });
    assert.equal((await onlySearx.search('q')).provider, 'searxng');
  });
  test('a failing provider hands over to the next, and the failure is reported', async () => {
    reset();
    mode.tavily = 'error';
    mode.gemini = 'hang';
    const e = new WebEngine({ search: settings() });
    const r = await e.search('node undici', { limit: 1 });
    assert.equal(r.provider, 'brave');
    assert.deepEqual(r.failedProviders, [
      {
        provider: 'tavily',
        kind: 'permission_denied',
        message: '[Tavily] HTTP 401 Unauthorized: Unauthorized: missing or invalid API key.',
      },
      { provider: 'gemini', kind: 'timeout', message: '[Gemini] no answer within 500 ms' },
    ]);
    reset();
  });
  test('when every provider fails, each is named', async () => {
    for (const k of Object.keys(mode)) mode[k] = 'error';
    const e = new WebEngine({ search: settings({ providers: ['brave', 'searxng'] }) });
    const err = await failure(e.search('q'));
    assert.equal(
      err.message,
      'every search provider failed: [Brave] HTTP 422 Unprocessable Entity: The provided subscription token is invalid.; [SearXNG] HTTP 403 Forbidden: <html>403 Forbidden</html>',
    );
    reset();
  });
  test('a named provider serves alone, and must be known and configured', async () => {
    const e = new WebEngine({ search: settings({ brave: { apiKey: '', baseUrl: 'x' } }) });
    assert.equal((await e.search('q', { provider: 'searxng' })).provider, 'searxng');
    const unknown = await failure(e.search('q', { provider: 'bing' }));
    assert.equal(unknown.kind, 'invalid_argument');
    assert.equal(unknown.field, 'provider');
    assert.equal((await failure(e.search('q', { provider: 'brave' }))).kind, 'unavailable');
  });
  test('no provider configured at all', async () => {
    const e = new WebEngine({ search: settings({ providers: ['brave'], brave: { apiKey: '', baseUrl: 'x' } }) });
    const err = await failure(e.search('q'));
    assert.equal(err.kind, 'unavailable');
    assert.equal(err.message, 'no web search provider is configured');
  });
  test('domain allow lists keep only matching results (subdomains included)', async () => {
    reset();
    const e = new WebEngine({ search: settings() });
    const r = await e.search('q', { provider: 'searxng', allowedDomains: ['nodejs.org'] });
    assert.deepEqual(
      r.results.map((x) => x.url),
      ['https://undici.nodejs.org/'],
    );
    const b = await e.search('q', { provider: 'searxng', blockedDomains: ['https://github.com/whatever'] });
    assert.deepEqual(
      b.results.map((x) => x.url),
      ['https://undici.nodejs.org/'],
    );
  });
});
