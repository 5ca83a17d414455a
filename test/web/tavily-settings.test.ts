// Tavily's search_depth and include_answer come from configuration (FACET_TAVILY_* or flags)
// and reach the request Tavily receives.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ConfigError, parseConfig } from '../../src/config.js';
import { callTool, startTestServer, type TestServer } from '../helpers/server.js';
import { send, serve, type LoopbackServer } from './http-server.js';

describe('Tavily settings in the configuration', () => {
  test('default to advanced depth with an answer', () => {
    const c = parseConfig([], {});
    assert.deepEqual(c.web.tavily, {
      apiKey: '',
      baseUrl: 'https://api.tavily.com',
      searchDepth: 'advanced',
      includeAnswer: true,
    });
  });
  test('come from the environment, and flags win', () => {
    const env = { FACET_TAVILY_SEARCH_DEPTH: 'basic', FACET_TAVILY_INCLUDE_ANSWER: 'false' };
    assert.deepEqual(
      [parseConfig([], env).web.tavily.searchDepth, parseConfig([], env).web.tavily.includeAnswer],
      ['basic', false],
    );
    const flags = parseConfig(['--tavily-search-depth', 'advanced', '--tavily-include-answer'], env);
    assert.deepEqual([flags.web.tavily.searchDepth, flags.web.tavily.includeAnswer], ['advanced', true]);
  });
  test('an unknown depth stops start-up', () => {
    assert.throws(
      () => parseConfig(['--tavily-search-depth', 'deep'], {}),
      (e: unknown) => {
        assert.ok(e instanceof ConfigError);
        assert.equal(e.message, '--tavily-search-depth must be basic or advanced, got "deep"');
        return true;
      },
    );
    assert.throws(() => parseConfig([], { FACET_TAVILY_INCLUDE_ANSWER: 'maybe' }), {
      message: 'FACET_TAVILY_INCLUDE_ANSWER must be true or false, got "maybe"',
    });
  });
});

describe('Tavily settings over gRPC', () => {
  let tavily: LoopbackServer;
  let t: TestServer;
  before(async () => {
    tavily = await serve((_req, res) => send(res, 200, 'application/json', JSON.stringify({ results: [] })));
    t = await startTestServer(
      ['--search-provider', 'tavily', '--tavily-api-key', 'k', '--tavily-base-url', tavily.origin],
      {
        FACET_TAVILY_SEARCH_DEPTH: 'basic',
        FACET_TAVILY_INCLUDE_ANSWER: 'false',
      },
    );
  });
  after(async () => {
    await t.close();
    await tavily.close();
  });

  test('web.search sends the configured depth and answer choice', async () => {
    const res = await callTool(t.client, 'web.search', { query: 'node undici', limit: 2 }, { shape: 'core' });
    assert.equal(res.error, '');
    assert.deepEqual(JSON.parse(tavily.seen[0]!.body), {
      query: 'node undici',
      search_depth: 'basic',
      include_answer: false,
      max_results: 2,
      include_raw_content: false,
    });
  });
});
