// Search providers when things go wrong or need care, against loopback stand-ins: servers
// that hang (Tavily, SearXNG), a closed port, Gemini's blocked prompts and thought parts,
// a search cancelled while falling back, SearXNG's exact request, and oversized answers.
import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { SearchProviderError, WebEngine } from '../../src/engine/web/index.js';
import type { ProviderSettings } from '../../src/engine/web/search/index.js';
import { MAX_REPLY_BYTES } from '../../src/engine/web/search/http.js';
import { send, serve, type LoopbackServer } from './http-server.js';

type Reply = (res: http.ServerResponse) => void;
const HANG: Reply = () => {};
const NAMES = ['tavily', 'gemini', 'brave', 'searxng'] as const;
const reply: Record<string, Reply> = {};
const servers: Record<string, LoopbackServer> = {};
let closedPort = 0;

const json =
  (body: unknown): Reply =>
  (res) =>
    send(res, 200, 'application/json', JSON.stringify(body));

before(async () => {
  for (const name of NAMES) servers[name] = await serve((_req, res) => (reply[name] ?? HANG)(res));
  // A port that nothing listens on any more: connections to it are refused.
  const gone = await serve(() => {});
  closedPort = gone.port;
  await gone.close();
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
    searxng: { url: servers.searxng!.origin },
    timeoutMs: 300,
    ...over,
  };
}

async function failure(p: Promise<unknown>): Promise<EngineError> {
  const err = await p.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof EngineError, String(err));
  return err;
}

describe('timeouts', () => {
  for (const [name, label] of [
    ['tavily', 'Tavily'],
    ['searxng', 'SearXNG'],
  ] as const) {
    test(`${label}: a server that never answers times out`, async () => {
      reply[name] = HANG;
      const seen = servers[name]!.seen.length;
      const started = Date.now();
      const err = await failure(new WebEngine({ search: settings() }).search('q', { provider: name }));
      assert.ok(err instanceof SearchProviderError);
      assert.equal(err.kind, 'timeout');
      assert.equal(err.message, `[${label}] no answer within 300 ms`);
      assert.deepEqual(err.facts, { provider: name, timeoutMs: 300, condition: 'provider_timeout' });
      assert.equal(servers[name]!.seen.length, seen + 1, 'the request reached the server');
      assert.ok(Date.now() - started < 3000);
    });
  }
});

describe('connection refused', () => {
  for (const [name, label] of [
    ['tavily', 'Tavily'],
    ['searxng', 'SearXNG'],
  ] as const) {
    test(`${label}: a closed port is network_failed`, async () => {
      const base = `http://127.0.0.1:${closedPort}`;
      const s = settings({ tavily: { apiKey: 'tvly-test', baseUrl: base }, searxng: { url: base } });
      const err = await failure(new WebEngine({ search: s }).search('q', { provider: name }));
      assert.ok(err instanceof SearchProviderError);
      assert.equal(err.kind, 'network_failed');
      assert.equal(err.message, `[${label}] request failed: connect ECONNREFUSED 127.0.0.1:${closedPort}`);
      assert.deepEqual(err.facts, { provider: name, code: 'ECONNREFUSED', condition: 'provider_request_failed' });
    });
  }
  test('a refused provider hands over to the next one', async () => {
    reply.searxng = json({ results: [{ url: 'https://a.example/', title: 'A', content: 'a' }] });
    const s = settings({
      providers: ['tavily', 'searxng'],
      tavily: { apiKey: 'k', baseUrl: `http://127.0.0.1:${closedPort}` },
    });
    const r = await new WebEngine({ search: s }).search('q');
    assert.deepEqual(r, {
      provider: 'searxng',
      query: 'q',
      results: [{ title: 'A', url: 'https://a.example/', snippet: 'a' }],
      failedProviders: [
        {
          provider: 'tavily',
          kind: 'network_failed',
          message: `[Tavily] request failed: connect ECONNREFUSED 127.0.0.1:${closedPort}`,
        },
      ],
    });
  });
});

describe('Gemini answers', () => {
  test('a blocked prompt is refused with its reason', async () => {
    reply.gemini = json({
      promptFeedback: { blockReason: 'SAFETY', safetyRatings: [] },
      usageMetadata: { promptTokenCount: 4, totalTokenCount: 4 },
    });
    const err = await failure(new WebEngine({ search: settings() }).search('q', { provider: 'gemini' }));
    assert.ok(err instanceof SearchProviderError);
    assert.equal(err.kind, 'invalid_argument');
    assert.equal(err.message, '[Gemini] the query was blocked (SAFETY)');
    assert.deepEqual(err.facts, { provider: 'gemini', blockReason: 'SAFETY', condition: 'query_blocked' });
  });

  test('thought parts are left out of the answer; the other parts are joined', async () => {
    reply.gemini = json({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'The user wants the release date; I should search.', thought: true },
              { text: 'Node 22 was released in April 2024. ' },
              { text: 'Let me double-check the month.', thought: true },
              { text: 'It became LTS in October.' },
              { functionCall: { name: 'ignored', args: {} } },
            ],
          },
          finishReason: 'STOP',
          groundingMetadata: {
            webSearchQueries: ['node 22 release date'],
            groundingChunks: [
              {
                web: { uri: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/N22', title: 'nodejs.org' },
              },
            ],
            groundingSupports: [
              {
                segment: { startIndex: 0, endIndex: 35, text: 'Node 22 was released in April 2024.' },
                groundingChunkIndices: [0],
              },
            ],
          },
        },
      ],
    });
    const r = await new WebEngine({ search: settings() }).search('node 22 release date', { provider: 'gemini' });
    assert.deepEqual(
      { answer: r.answer, results: r.results },
      {
        answer: 'Node 22 was released in April 2024. It became LTS in October.',
        results: [
          {
            title: 'nodejs.org',
            url: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/N22',
            snippet: 'Node 22 was released in April 2024.',
            site_name: 'nodejs.org',
          },
        ],
      },
    );
  });

  test('an answer made only of thoughts has no answer text', async () => {
    reply.gemini = json({
      candidates: [{ content: { parts: [{ text: 'thinking', thought: true }] }, finishReason: 'STOP' }],
    });
    const r = await new WebEngine({ search: settings() }).search('q', { provider: 'gemini' });
    assert.deepEqual(r, {
      provider: 'gemini',
      query: 'q',
      results: [],
      grounding: { chunks: [], supports: [], webSearchQueries: [] },
    });
  });
});

describe('cancelling during fallback', () => {
  test('stops the search at the provider in flight; later providers are never asked', async () => {
    reply.tavily = (res) => send(res, 500, 'application/json', JSON.stringify({ detail: { error: 'internal' } }));
    reply.gemini = HANG;
    reply.brave = json({ web: { results: [] } });
    const engine = new WebEngine({ search: settings({ timeoutMs: 10_000 }) });
    const seen = {
      tavily: servers.tavily!.seen.length,
      gemini: servers.gemini!.seen.length,
      brave: servers.brave!.seen.length,
    };
    const ac = new AbortController();
    const pending = engine.search('q', { signal: ac.signal });
    // Abort once Gemini (the second provider) has the request.
    while (servers.gemini!.seen.length === seen.gemini) await new Promise((r) => setTimeout(r, 10));
    ac.abort();
    const err = await failure(pending);
    assert.equal(err.kind, 'cancelled');
    assert.equal(err.message, 'the Gemini search was cancelled');
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(
      [
        servers.tavily!.seen.length - seen.tavily,
        servers.gemini!.seen.length - seen.gemini,
        servers.brave!.seen.length - seen.brave,
      ],
      [1, 1, 0],
    );
  });
});

describe('SearXNG request', () => {
  test('is a GET with no body, accepting JSON, with no credentials', async () => {
    reply.searxng = json({ results: [] });
    await new WebEngine({ search: settings() }).search('node "undici" & más', { provider: 'searxng' });
    const req = servers.searxng!.seen[servers.searxng!.seen.length - 1]!;
    assert.equal(req.method, 'GET');
    assert.equal(req.url, '/search?q=node+%22undici%22+%26+m%C3%A1s&format=json');
    assert.equal(req.body, '');
    assert.equal(req.headers.accept, 'application/json');
    assert.deepEqual(
      ['content-type', 'content-length', 'authorization', 'x-subscription-token', 'x-goog-api-key'].map(
        (h) => req.headers[h],
      ),
      [undefined, undefined, undefined, undefined, undefined],
    );
  });
});

describe('oversized answers', () => {
  test('an answer past the cap is refused without reading it all', async () => {
    let written = 0;
    let finished = false;
    reply.tavily = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, ' ');
      const pump = (): void => {
        while (written < 5 * MAX_REPLY_BYTES) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        finished = true;
        res.end();
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    };
    const err = await failure(
      new WebEngine({ search: settings({ timeoutMs: 20_000 }) }).search('q', { provider: 'tavily' }),
    );
    assert.ok(err instanceof SearchProviderError);
    assert.equal(err.kind, 'resource_exhausted');
    assert.equal(err.message, `[Tavily] the answer was larger than ${MAX_REPLY_BYTES} bytes and was not read`);
    assert.deepEqual(err.facts, {
      provider: 'tavily',
      status: 200,
      maxBytes: MAX_REPLY_BYTES,
      condition: 'provider_reply_too_large',
    });
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(finished, false);
    assert.ok(written < 2 * MAX_REPLY_BYTES, `server wrote ${written} bytes`);
  });
});
