// The per-host rate limit: spellings of one host share a budget, and the window slides.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { WebEngine, type LookupFn } from '../../src/engine/web/index.js';
import { HostRateLimiter } from '../../src/engine/web/rate-limit.js';
import { send, serve, type LoopbackServer } from './http-server.js';

let site: LoopbackServer;
before(async () => {
  site = await serve((_req, res) => send(res, 200, 'text/plain', 'ok'));
});
after(() => site.close());

// A resolver that, like a real one, ignores a trailing dot.
const lookup: LookupFn = async (host) => {
  if (host.toLowerCase().replace(/\.$/, '') !== 'site.test')
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return [{ address: '127.0.0.1', family: 4 }];
};

function refusal(fn: () => void): EngineError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof EngineError);
    return err;
  }
  return assert.fail('expected a refusal');
}

describe('HostRateLimiter', () => {
  test('one budget for a host whatever its case or trailing dots', () => {
    const l = new HostRateLimiter({ requests: 2, windowMs: 1000 });
    l.take('example.com', 0);
    l.take('Example.COM.', 10);
    const err = refusal(() => l.take('example.com..', 20));
    assert.equal(err.kind, 'rate_limited');
    assert.equal(err.message, 'too many requests to example.com: at most 2 per 1 s');
    assert.deepEqual(err.facts, { host: 'example.com', limit: 2, windowMs: 1000, condition: 'host_rate_limited' });
    assert.equal(err.retryAfterMs, 980);
    l.take('other.example', 20); // another host has its own budget
  });
  test('the window slides: a request is allowed again once the oldest leaves it', () => {
    const l = new HostRateLimiter({ requests: 1, windowMs: 1000 });
    l.take('a.example', 0);
    assert.equal(refusal(() => l.take('a.example', 999)).retryAfterMs, 1);
    l.take('a.example', 1000);
  });
});

describe('the engine rate limit', () => {
  test('a host spelled with a trailing dot counts against the same budget', async () => {
    const e = new WebEngine({ lookup, allowHosts: ['127.0.0.1'], rateLimit: { requests: 2, windowMs: 60_000 } });
    await e.fetch(`http://site.test:${site.port}/a`, { cache: false });
    await e.fetch(`http://SITE.test.:${site.port}/b`, { cache: false });
    const err = await e.fetch(`http://site.test:${site.port}/c`, { cache: false }).then(
      () => assert.fail('the third request was sent'),
      (x: unknown) => x,
    );
    assert.ok(err instanceof EngineError);
    assert.equal(err.kind, 'rate_limited');
    assert.deepEqual(err.facts, { host: 'site.test', limit: 2, windowMs: 60_000, condition: 'host_rate_limited' });
    assert.equal(site.seen.length, 2);
  });
});
