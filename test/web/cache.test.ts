// The fetch cache: what it serves and to whom (cross-site redirects, truncated copies),
// how long it keeps pages, and its entry and byte bounds; over real loopback HTTP, plus the
// TtlCache itself with an explicit clock.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TtlCache, type CacheOptions } from '../../src/engine/web/cache.js';
import {
  WebEngine,
  isCrossSiteRedirect,
  type CrossSiteRedirect,
  type FetchedPage,
  type FetchOptions,
} from '../../src/engine/web/index.js';
import { send, serve, type LoopbackServer } from './http-server.js';

let site: LoopbackServer;
const visits = new Map<string, number>();

before(async () => {
  site = await serve((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const n = (visits.get(path) ?? 0) + 1;
    visits.set(path, n);
    if (path.startsWith('/away')) {
      // 127.0.0.1 → localhost: another site, same server.
      res.writeHead(302, { location: `http://localhost:${site.port}/landing` });
      return res.end();
    }
    if (path.startsWith('/here')) {
      res.writeHead(302, { location: `/landing` });
      return res.end();
    }
    if (path === '/landing') return send(res, 200, 'text/plain', `landing ${n}`);
    if (path.startsWith('/sized')) {
      // 4000 bytes: "visit N" then padding, so a cut copy still says which visit it was.
      const head = `visit ${n} `;
      return send(res, 200, 'text/plain', head + 'x'.repeat(4000 - head.length));
    }
    send(res, 200, 'text/plain', `${path} visit ${n}`);
  });
});
after(() => site.close());

function engine(cache: Partial<CacheOptions> = {}): WebEngine {
  return new WebEngine({ allowHosts: ['127.0.0.1', 'localhost'], rateLimit: { requests: 0, windowMs: 1 }, cache });
}

async function page(e: WebEngine, path: string, opts: FetchOptions = {}): Promise<FetchedPage> {
  const p = await e.fetch(`${site.origin}${path}`, opts);
  assert.ok(!isCrossSiteRedirect(p), `unexpected redirect notice for ${path}`);
  return p;
}

const summary = (p: FetchedPage) => ({
  content: p.content.slice(0, 12).trimEnd(),
  bytes: p.bytes,
  truncated: p.truncated,
  fromCache: p.fromCache,
});

describe('the cache and cross-site redirects', () => {
  test('report, follow, report: the third call is told about the redirect again', async () => {
    const e = engine();
    const url = `${site.origin}/away`;
    const notice: CrossSiteRedirect = {
      url,
      redirectUrl: `http://localhost:${site.port}/landing`,
      status: 302,
      statusText: 'Found',
      redirects: [url],
    };
    assert.deepEqual(await e.fetch(url, { crossSiteRedirects: 'report' }), notice);
    const followed = (await e.fetch(url, { crossSiteRedirects: 'follow' })) as FetchedPage;
    assert.deepEqual(
      [followed.content, followed.finalUrl, followed.fromCache],
      ['landing 1', `http://localhost:${site.port}/landing`, false],
    );
    assert.deepEqual(await e.fetch(url, { crossSiteRedirects: 'report' }), notice);
    // A caller that follows redirects is still served the cached copy.
    const again = (await e.fetch(url)) as FetchedPage;
    assert.deepEqual([again.content, again.fromCache], ['landing 1', true]);
    assert.equal(visits.get('/away'), 3);
  });

  test('a copy reached through a same-site redirect serves a call asking for reports', async () => {
    const e = engine();
    const first = await page(e, '/here', { crossSiteRedirects: 'follow' });
    const second = await page(e, '/here', { crossSiteRedirects: 'report' });
    assert.deepEqual(
      [first.content, first.fromCache, second.content, second.fromCache],
      [first.content, false, first.content, true],
    );
    assert.deepEqual(second.redirects, [`${site.origin}/here`]);
  });
});

describe('the cache lifetime', () => {
  test('a copy expires after the TTL and the page is fetched again', async () => {
    const e = engine({ ttlMs: 150 });
    const path = '/ttl';
    assert.deepEqual([(await page(e, path)).content, (await page(e, path)).fromCache], ['/ttl visit 1', true]);
    await new Promise((r) => setTimeout(r, 200));
    const late = await page(e, path);
    assert.deepEqual([late.content, late.fromCache], ['/ttl visit 2', false]);
  });

  test('a TTL of 0 turns the cache off', async () => {
    const e = engine({ ttlMs: 0 });
    await page(e, '/ttl0');
    const second = await page(e, '/ttl0');
    assert.deepEqual([second.content, second.fromCache], ['/ttl0 visit 2', false]);
  });
});

describe('the cache bounds', () => {
  test('past maxEntries the least recently used page is dropped', async () => {
    const e = engine({ maxEntries: 2 });
    await page(e, '/e1');
    await page(e, '/e2');
    assert.equal((await page(e, '/e1')).fromCache, true); // /e1 is now the most recent
    await page(e, '/e3'); // evicts /e2
    assert.deepEqual(
      [(await page(e, '/e1')).fromCache, (await page(e, '/e3')).fromCache, (await page(e, '/e2')).content],
      [true, true, '/e2 visit 2'],
    );
  });

  test('past maxBytes the oldest pages go, and a page larger than the whole cache is not kept', async () => {
    const e = engine({ maxBytes: 8000 });
    await page(e, '/sized-a'); // 4000 bytes
    await page(e, '/sized-b'); // 8000 in all: still fits
    assert.equal((await page(e, '/sized-a')).fromCache, true);
    await page(e, '/sized-c'); // 12000: the least recent (/sized-b) goes
    assert.deepEqual(
      [
        (await page(e, '/sized-a')).fromCache,
        (await page(e, '/sized-c')).fromCache,
        (await page(e, '/sized-b')).fromCache,
      ],
      [true, true, false],
    );
    const small = engine({ maxBytes: 3999 });
    await page(small, '/sized-d');
    assert.deepEqual(summary(await page(small, '/sized-d')), {
      content: 'visit 2 xxxx',
      bytes: 4000,
      truncated: false,
      fromCache: false,
    });
  });
});

describe('truncated copies', () => {
  test('serve only calls that read no more than they hold; a whole copy serves any cap', async () => {
    const e = engine();
    const path = '/sized-t';
    assert.deepEqual(summary(await page(e, path, { maxBytes: 2000 })), {
      content: 'visit 1 xxxx',
      bytes: 2000,
      truncated: true,
      fromCache: false,
    });
    // A smaller cap is served from the cut copy, cut further.
    assert.deepEqual(summary(await page(e, path, { maxBytes: 1000 })), {
      content: 'visit 1 xxxx',
      bytes: 1000,
      truncated: true,
      fromCache: true,
    });
    // The same cap too.
    assert.deepEqual(summary(await page(e, path, { maxBytes: 2000 })), {
      content: 'visit 1 xxxx',
      bytes: 2000,
      truncated: true,
      fromCache: true,
    });
    // A larger cap needs bytes the copy does not have: fetched again.
    assert.deepEqual(summary(await page(e, path, { maxBytes: 3000 })), {
      content: 'visit 2 xxxx',
      bytes: 3000,
      truncated: true,
      fromCache: false,
    });
    // The whole page (default cap), then a cut of the whole copy.
    assert.deepEqual(summary(await page(e, path)), {
      content: 'visit 3 xxxx',
      bytes: 4000,
      truncated: false,
      fromCache: false,
    });
    assert.deepEqual(summary(await page(e, path, { maxBytes: 3999 })), {
      content: 'visit 3 xxxx',
      bytes: 3999,
      truncated: true,
      fromCache: true,
    });
    assert.deepEqual(summary(await page(e, path)), {
      content: 'visit 3 xxxx',
      bytes: 4000,
      truncated: false,
      fromCache: true,
    });
  });
});

describe('TtlCache', () => {
  test('expires entries at their TTL', () => {
    const c = new TtlCache<string>({ ttlMs: 100, maxEntries: 10, maxBytes: 100 });
    c.set('a', 'A', 1, 1000);
    assert.equal(c.get('a', 1099), 'A');
    assert.equal(c.get('a', 1100), undefined);
    assert.equal(c.get('a', 1000), undefined); // dropped at expiry, not just hidden
  });

  test('evicts by entries and bytes, least recently used first', () => {
    const c = new TtlCache<string>({ ttlMs: 1000, maxEntries: 3, maxBytes: 10 });
    c.set('a', 'A', 3, 0);
    c.set('b', 'B', 3, 0);
    c.set('c', 'C', 3, 0);
    assert.equal(c.get('a', 1), 'A');
    c.set('d', 'D', 1, 1); // 4 entries: b (least recent) goes
    assert.deepEqual(
      ['a', 'b', 'c', 'd'].map((k) => c.get(k, 2)),
      ['A', undefined, 'C', 'D'],
    );
    c.set('e', 'E', 5, 3); // 3+3+1+5 = 12 bytes > 10: a (least recent after the gets) goes
    assert.deepEqual(
      ['a', 'c', 'd', 'e'].map((k) => c.get(k, 4)),
      [undefined, 'C', 'D', 'E'],
    );
    c.set('big', 'X', 11, 5); // larger than the whole cache: not kept, nothing evicted
    assert.deepEqual(
      ['big', 'c', 'd', 'e'].map((k) => c.get(k, 6)),
      [undefined, 'C', 'D', 'E'],
    );
  });

  test('replacing a key frees its old size', () => {
    const c = new TtlCache<string>({ ttlMs: 1000, maxEntries: 10, maxBytes: 10 });
    c.set('a', 'A1', 6, 0);
    c.set('a', 'A2', 6, 0);
    c.set('b', 'B', 4, 0);
    assert.deepEqual([c.get('a', 1), c.get('b', 1)], ['A2', 'B']);
  });
});
