// Fetching real pages served on loopback: conversions, charsets, the size cap, timeouts,
// redirects, content types, status errors, the cache and the per-host rate limit.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import iconv from 'iconv-lite';
import { EngineError } from '../../src/engine/errors.js';
import { convertHtml } from '../../src/engine/web/convert.js';
import {
  WebEngine,
  extractUrls,
  githubRawUrl,
  isCrossSiteRedirect,
  type CrossSiteRedirect,
  type FetchedPage,
  type FetchOptions,
} from '../../src/engine/web/index.js';
import { send, serve, type LoopbackServer } from './http-server.js';

const ARTICLE = `<!doctype html><html><head><title>Release notes &amp; more</title>
<style>body { color: red }</style><script>alert(1)</script></head>
<body><h1>Facet 1.0</h1><p>The <b>first</b> release. See <a href="/docs/intro">the intro</a>.</p>
<ul><li>gRPC</li><li>Shapes</li></ul><img src="logo.png" alt="logo"><pre><code>npm i facet</code></pre></body></html>`;

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const BIG = 50 * 1024 * 1024;
let bigWritten = 0;
let bigFinished = false;
let slowClosed = false;
let counted = 0;

let site: LoopbackServer;
before(async () => {
  site = await serve((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    switch (path) {
      case '/article':
        return send(res, 200, 'text/html; charset=utf-8', ARTICLE);
      case '/cp1252':
        // "café “quoted” 5€" in windows-1252, declared in the header.
        return send(res, 200, 'text/plain; charset=windows-1252', iconv.encode('café “quoted” 5€', 'windows-1252'));
      case '/latin1-meta':
        // Declared only in a <meta> tag, as ISO-8859-1 (which browsers read as windows-1252).
        return send(
          res,
          200,
          'text/html',
          Buffer.concat([
            Buffer.from('<html><head><meta charset="iso-8859-1"></head><body><p>na'),
            Buffer.from([0xef, 0x76, 0x65, 0x20, 0x93, 0x6f, 0x6b, 0x94]),
            Buffer.from('</p></body></html>'),
          ]),
        );
      case '/undeclared':
        return send(
          res,
          200,
          'text/plain',
          iconv.encode('Ça coûte 12 € — déjà vu, très élevé, façade.', 'windows-1252'),
        );
      case '/big': {
        // 50 MB of text written with backpressure: it is never produced whole unless read whole.
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': BIG });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        const pump = () => {
          while (bigWritten < BIG) {
            bigWritten += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          bigFinished = true;
          res.end();
        };
        return pump();
      }
      case '/cut':
        // A tenth of the promised body, then the connection drops.
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
        res.write('x'.repeat(100), () => res.socket?.destroy());
        return;
      case '/slow':
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first bytes...');
        res.on('close', () => (slowClosed = true));
        return; // never ends
      case '/r1':
      case '/r2':
      case '/r3': {
        res.writeHead(path === '/r2' ? 301 : 302, { location: `/r${Number(path[2]) + 1}`.replace('/r4', '/final') });
        return res.end();
      }
      case '/final':
        return send(res, 200, 'text/plain', 'end of the chain');
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        return res.end();
      case '/elsewhere':
        res.writeHead(307, { location: `http://localhost:${site.port}/final` });
        return res.end();
      case '/json':
        return send(res, 200, 'application/json', '{"ok":true,"n":[1,2]}');
      case '/markdown':
        return send(res, 200, 'text/markdown; charset=utf-8', '# Title\n\nbody');
      case '/png':
        return send(res, 200, 'image/png', PNG);
      case '/pdf':
        return send(res, 200, 'application/pdf', Buffer.from('%PDF-1.7\n\x00\x01\x02binary'));
      case '/octet-text':
        return send(res, 200, 'application/octet-stream', 'plain words served as octets');
      case '/no-type-html':
        res.writeHead(200);
        return res.end('<!DOCTYPE html><html><body><p>sniffed</p></body></html>');
      case '/gzip': {
        const body = zlib.gzipSync(Buffer.from('<html><body><h2>Zipped</h2></body></html>'));
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': body.length });
        return res.end(body);
      }
      case '/bomb': {
        // 20 MB of text compressed to a few KB: the cap applies to what it inflates to.
        const body = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 'z'));
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip', 'content-length': body.length });
        return res.end(body);
      }
      case '/large-html':
        return send(
          res,
          200,
          'text/html',
          `<html><body>${'<p>Row <b>bold</b> text.</p>'.repeat(20_000)}</body></html>`,
        );
      case '/missing':
        return send(res, 404, 'text/html', '<h1>Not here</h1>');
      case '/broken':
        return send(res, 503, 'text/plain', 'down');
      case '/too-many':
        res.writeHead(429, { 'retry-after': '7' });
        return res.end();
      case '/counted':
        counted++;
        return send(res, 200, 'text/plain', `visit ${counted}`);
      default:
        return send(res, 200, 'text/plain', 'ok');
    }
  });
});
after(() => site.close());

const engine = new WebEngine({ allowHosts: ['127.0.0.1'], rateLimit: { requests: 0, windowMs: 1 } });

async function page(path: string, opts: FetchOptions = {}): Promise<FetchedPage> {
  const p = await engine.fetch(`${site.origin}${path}`, { cache: false, ...opts });
  assert.ok(!isCrossSiteRedirect(p), 'unexpected redirect notice');
  return p as FetchedPage;
}

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const err = await promise.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof EngineError, String(err));
  return err;
}

describe('HTML pages', () => {
  test('become Markdown with absolute links, without scripts or styles', async () => {
    const p = await page('/article');
    assert.equal(p.format, 'markdown');
    assert.equal(p.title, 'Release notes & more');
    assert.equal(
      p.content,
      [
        '# Facet 1.0',
        '',
        `The **first** release. See [the intro](${site.origin}/docs/intro).`,
        '',
        '-   gRPC',
        '-   Shapes',
        '',
        `![logo](${site.origin}/logo.png)`,
        '',
        '```',
        'npm i facet',
        '```',
      ].join('\n'),
    );
    assert.equal(p.mediaType, 'text/html');
    assert.equal(p.charset, 'utf-8');
    assert.equal(p.status, 200);
    assert.equal(p.truncated, false);
  });

  test("become plain text on request, headings in the page's own case", async () => {
    const p = await page('/article', { format: 'text' });
    assert.equal(p.format, 'text');
    assert.equal(p.content, 'Facet 1.0\n\nThe first release. See the intro.\n\n * gRPC\n * Shapes\n\nnpm i facet');
  });

  test('come back raw on request', async () => {
    const p = await page('/article', { format: 'html' });
    assert.equal(p.content, ARTICLE);
  });

  test('are sniffed when the content type is missing', async () => {
    const p = await page('/no-type-html');
    assert.equal(p.mediaType, 'text/html');
    assert.equal(p.content, 'sniffed');
  });

  test('are decompressed (gzip)', async () => {
    const p = await page('/gzip');
    assert.equal(p.content, '## Zipped');
  });

  test('a large page is converted (off the main thread) to the same Markdown', async () => {
    const p = await page('/large-html');
    assert.equal(p.content, Array(20_000).fill('Row **bold** text.').join('\n\n'));
  });

  test('cancelling during the conversion of a large page stops the worker', async () => {
    const ac = new AbortController();
    const html = `<html><body>${'<p>x</p>'.repeat(100_000)}</body></html>`;
    const pending = convertHtml(html, 'http://e.example/', 'markdown', ac.signal);
    ac.abort(new Error('stop'));
    await assert.rejects(pending, /stop/);
  });

  test('maxChars cuts the content and reports the full length', async () => {
    const p = await page('/article', { maxChars: 11 });
    assert.equal(p.content, '# Facet 1.0');
    assert.equal(p.charsTruncated, true);
    assert.ok(p.totalChars > 11);
  });
});

describe('charsets', () => {
  test('windows-1252 declared in the header', async () => {
    const p = await page('/cp1252');
    assert.equal(p.content, 'café “quoted” 5€');
    assert.equal(p.charset, 'windows-1252');
  });
  test('ISO-8859-1 declared in a meta tag is read as windows-1252', async () => {
    const p = await page('/latin1-meta');
    assert.equal(p.content, 'naïve “ok”');
    assert.equal(p.charset, 'windows-1252');
  });
  test('an undeclared legacy charset is detected', async () => {
    const p = await page('/undeclared');
    assert.equal(p.content, 'Ça coûte 12 € — déjà vu, très élevé, façade.');
  });
});

describe('content types', () => {
  test('JSON comes back as it is', async () => {
    const p = await page('/json');
    assert.equal(p.format, 'json');
    assert.equal(p.content, '{"ok":true,"n":[1,2]}');
  });
  test('Markdown comes back as it is', async () => {
    const p = await page('/markdown');
    assert.equal(p.format, 'markdown');
    assert.equal(p.content, '# Title\n\nbody');
  });
  test('images come back as bytes', async () => {
    const p = await page('/png');
    assert.equal(p.format, 'image');
    assert.equal(p.content, '');
    assert.deepEqual(p.blob, { mediaType: 'image/png', data: new Uint8Array(PNG) });
  });
  test('an image larger than the cap is refused', async () => {
    const err = await failure(page('/png', { maxBytes: 8 }));
    assert.equal(err.kind, 'resource_exhausted');
  });
  test('other binary is refused with its type', async () => {
    const err = await failure(page('/pdf'));
    assert.equal(err.kind, 'unsupported');
    assert.equal(err.facts.mediaType, 'application/pdf');
  });
  test('text served as octet-stream is sniffed as text', async () => {
    const p = await page('/octet-text');
    assert.equal(p.content, 'plain words served as octets');
  });
});

describe('limits', () => {
  test('a 50 MB body is cut at the cap while streaming, never downloaded whole', async () => {
    const cap = 1024 * 1024;
    // Sample this process's buffer memory (client and server both live here) while fetching.
    const base = process.memoryUsage().arrayBuffers;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 1);
    let p: FetchedPage;
    try {
      p = await page('/big', { maxBytes: cap });
    } finally {
      clearInterval(sampler);
    }
    // The body read is still referenced here, so a whole read shows up even between samples.
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    assert.equal(p.truncated, true);
    assert.equal(p.bytes, cap);
    assert.equal(p.content.length, cap);
    assert.equal(p.content, 'a'.repeat(cap));
    // The connection was dropped: the server could not finish writing. What it did write is
    // the cap plus what the socket buffers on both sides hold (a few MB), far from 50 MB.
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(bigFinished, false);
    assert.ok(bigWritten < 8 * 1024 * 1024, `server wrote ${bigWritten} bytes`);
    // Reading the body whole would have held 50 MB of buffers at once (measured: 50 MB, against
    // about 2 MB when streaming).
    const growth = peak - base;
    assert.ok(growth < 16 * 1024 * 1024, `buffer memory grew by ${growth} bytes`);
  });

  test('a compressed body is capped on its inflated size', async () => {
    const p = await page('/bomb', { maxBytes: 1024 * 1024 });
    assert.equal(p.truncated, true);
    assert.equal(p.bytes, 1024 * 1024);
    assert.equal(p.content, 'z'.repeat(1024 * 1024));
  });

  test('a slow server hits the timeout', async () => {
    const err = await failure(page('/slow', { timeoutMs: 300 }));
    assert.equal(err.kind, 'timeout');
    assert.equal(err.facts.timeoutMs, 300);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(slowClosed, true);
  });

  test('a connection dropped mid-body fails the fetch, naming the URL', async () => {
    const err = await failure(page('/cut'));
    assert.equal(err.kind, 'network_failed');
    assert.match(err.message, /^fetching http:\/\/127\.0\.0\.1:\d+\/cut failed: /);
  });

  test('the caller cancelling stops the fetch as cancelled', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const err = await failure(page('/slow', { timeoutMs: 10_000, signal: ac.signal }));
    assert.equal(err.kind, 'cancelled');
  });
});

describe('redirects', () => {
  test('a chain is followed and recorded', async () => {
    const p = await page('/r1');
    assert.equal(p.content, 'end of the chain');
    assert.equal(p.finalUrl, `${site.origin}/final`);
    assert.deepEqual(p.redirects, [`${site.origin}/r1`, `${site.origin}/r2`, `${site.origin}/r3`]);
  });
  test('the redirect limit applies', async () => {
    const err = await failure(page('/r1', { maxRedirects: 2 }));
    assert.equal(err.kind, 'network_failed');
    assert.equal(err.facts.maxRedirects, 2);
    const loop = await failure(page('/loop'));
    assert.deepEqual((loop.facts.redirects as string[]).length, 11);
  });
  test('a redirect to another site can be reported instead of followed', async () => {
    const r = (await engine.fetch(`${site.origin}/elsewhere`, {
      crossSiteRedirects: 'report',
      cache: false,
    })) as CrossSiteRedirect;
    assert.ok(isCrossSiteRedirect(r));
    assert.deepEqual(r, {
      url: `${site.origin}/elsewhere`,
      redirectUrl: `http://localhost:${site.port}/final`,
      status: 307,
      statusText: 'Temporary Redirect',
      redirects: [`${site.origin}/elsewhere`],
    });
  });
});

describe('status errors', () => {
  test('404 is not_found', async () => {
    const err = await failure(page('/missing'));
    assert.equal(err.kind, 'not_found');
    assert.deepEqual(err.facts, {
      url: `${site.origin}/missing`,
      status: 404,
      statusText: 'Not Found',
      condition: 'http_not_found',
    });
  });
  test('503 is unavailable', async () => assert.equal((await failure(page('/broken'))).kind, 'unavailable'));
  test('429 is rate_limited with the server retry-after', async () => {
    const err = await failure(page('/too-many'));
    assert.equal(err.kind, 'rate_limited');
    assert.equal(err.retryAfterMs, 7000);
  });
});

describe('cache and rate limit', () => {
  test('a second fetch of a URL is served from the cache', async () => {
    const e = new WebEngine({ allowHosts: ['127.0.0.1'] });
    const a = (await e.fetch(`${site.origin}/counted`)) as FetchedPage;
    const b = (await e.fetch(`${site.origin}/counted`)) as FetchedPage;
    assert.equal(a.content, b.content);
    assert.equal([a.fromCache, b.fromCache].join(), 'false,true');
    const c = (await e.fetch(`${site.origin}/counted`, { cache: false })) as FetchedPage;
    assert.notEqual(c.content, a.content);
  });
  test('the per-host rate limit refuses the request over the limit', async () => {
    const e = new WebEngine({ allowHosts: ['127.0.0.1'], rateLimit: { requests: 2, windowMs: 60_000 } });
    await e.fetch(`${site.origin}/a`, { cache: false });
    await e.fetch(`${site.origin}/b`, { cache: false });
    const err = await failure(e.fetch(`${site.origin}/c`, { cache: false }));
    assert.equal(err.kind, 'rate_limited');
    assert.equal(err.facts.host, '127.0.0.1');
    assert.ok(err.retryAfterMs! > 0 && err.retryAfterMs! <= 60_000);
  });
});

describe('URLs', () => {
  test('bad URLs and schemes are invalid arguments', async () => {
    for (const [url, re] of [
      ['not a url', /not a valid URL/],
      ['ftp://example.com/x', /only http and https/],
      ['file:///etc/passwd', /only http and https/],
      ['http://user:pw@example.com/', /credentials/],
    ] as const) {
      const err = await failure(engine.fetch(url));
      assert.equal(err.kind, 'invalid_argument', url);
      assert.equal(err.field, 'url');
      assert.match(err.message, re);
    }
  });
  test('http is upgraded to https when asked', async () => {
    assert.equal(engine.targetUrl('http://example.com/a?b=1', { upgradeHttp: true }).href, 'https://example.com/a?b=1');
    assert.equal(engine.targetUrl('http://example.com:8080/', { upgradeHttp: true }).href, 'https://example.com:8080/');
    // The loopback server speaks plain HTTP, so the upgraded fetch fails in the TLS handshake.
    const err = await failure(engine.fetch(`${site.origin}/json`, { upgradeHttp: true, cache: false }));
    assert.equal(err.kind, 'network_failed');
    assert.equal(err.facts.url, `https://127.0.0.1:${site.port}/json`);
  });
  test('GitHub blob URLs map to raw content', () => {
    assert.equal(
      githubRawUrl(new URL('https://github.com/o/r/blob/main/src/a.ts')).href,
      'https://raw.githubusercontent.com/o/r/main/src/a.ts',
    );
    assert.equal(githubRawUrl(new URL('https://github.com/o/r/tree/main')).href, 'https://github.com/o/r/tree/main');
  });
  test('URLs are extracted from free text', () => {
    assert.deepEqual(
      extractUrls(
        'Summarize https://a.example/x, and (http://b.example/y?q=1) plus ftp://c.example/z or https://a.example/x. Also www.d.example',
      ),
      {
        urls: ['https://a.example/x', 'http://b.example/y?q=1'],
        invalid: ['ftp://c.example/z'],
      },
    );
    assert.deepEqual(extractUrls('no links here'), { urls: [], invalid: [] });
  });
});
