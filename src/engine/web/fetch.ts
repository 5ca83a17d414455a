// One guarded HTTP GET with manual redirects: every hop is pre-checked, rate limited and
// connected through the SSRF guard; the body is decompressed and read only up to the size
// cap (the rest is never downloaded); the whole exchange runs under one timeout.
// node:http and node:zlib are required at the first fetch: a server that fetches nothing does
// without their code and memory (issue 38).
import { finished, type Readable, type Transform } from 'node:stream';
import type { Dispatcher } from 'undici';
import { abortError, EngineError, engineFailure } from '../errors.js';
import { BlockedDestinationError, precheckHost, type GuardPolicy } from './guard.js';
import type { HostRateLimiter } from './rate-limit.js';
import { sameSite } from './urls.js';
import { undici } from './undici.js';
import { lazyModule } from '../lazy-module.js';

const http = lazyModule<typeof import('node:http')>('node:http');
const zlib = lazyModule<typeof import('node:zlib')>('node:zlib');

export interface HttpGetOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** 'report' stops at a redirect to another site and returns it instead of following. */
  crossSiteRedirects: 'follow' | 'report';
  headers: Record<string, string>;
  signal?: AbortSignal;
}

/** A response read up to the cap. */
export interface RawResponse {
  url: string;
  finalUrl: string;
  status: number;
  statusText: string;
  contentType: string;
  body: Buffer;
  /** The body went on past maxBytes and was cut there. */
  truncated: boolean;
  /** URLs that answered with a redirect, in order, before finalUrl. */
  redirects: string[];
  /** The cap this response was read with (a cached copy serves only requests with a cap no larger). */
  maxBytes: number;
}

/** A redirect to another site that the caller asked to see rather than follow. */
export interface CrossSiteRedirect {
  url: string;
  redirectUrl: string;
  status: number;
  statusText: string;
  redirects: string[];
}

export interface HttpDeps {
  dispatcher: Dispatcher;
  policy: GuardPolicy;
  limiter: HostRateLimiter;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const v = headers[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}

function statusText(status: number): string {
  return http().STATUS_CODES[status] ?? '';
}

/** The EngineError for an HTTP error status. */
function statusError(status: number, url: string, retryAfter: string): EngineError {
  const facts = { url, status, statusText: statusText(status) };
  const msg = `${url} answered ${status} ${statusText(status)}`.trim();
  if (status === 404 || status === 410) return engineFailure('http_not_found', msg, facts);
  if (status === 401 || status === 403) return engineFailure('http_denied', msg, facts);
  if (status === 429) {
    const secs = Number(retryAfter);
    return engineFailure('http_rate_limited', msg, facts, {
      retryAfterMs: Number.isFinite(secs) && secs > 0 ? secs * 1000 : undefined,
    });
  }
  if (status >= 500) return engineFailure('http_server_error', msg, facts);
  return engineFailure('http_error', msg, facts);
}

/** Drops a response body without reading it; its abort error has nobody to reach. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

function decompressor(encoding: string): Transform | null {
  switch (encoding.trim().toLowerCase()) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib().createGunzip();
    case 'deflate':
      return zlib().createInflate();
    case 'br':
      return zlib().createBrotliDecompress();
    default:
      throw engineFailure(
        'unsupported_encoding',
        `the server sent a body in an unsupported content encoding "${encoding}"`,
        { encoding },
      );
  }
}

/**
 * Reads a body (decompressed) until its end or `cap` bytes, then drops the connection. By its
 * events rather than an async iterator, whose promise per chunk cost a small page ~6 µs; the
 * stream's end, error or early close is node:stream's `finished`, as the iterator's was.
 */
function readCapped(body: Readable, encoding: string, cap: number): Promise<{ body: Buffer; truncated: boolean }> {
  const dec = decompressor(encoding);
  if (dec) {
    body.pipe(dec);
    body.once('error', (err) => dec.destroy(err));
  }
  const stream = dec ?? body;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (truncated: boolean, err?: Error | null) => {
      stream.off('data', onData);
      stopWatching();
      discard(body);
      if (dec) discard(dec);
      if (err) reject(err);
      else resolve({ body: Buffer.concat(chunks, size), truncated });
    };
    const onData = (chunk: Buffer) => {
      const room = cap - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size = cap;
        return settle(true);
      }
      chunks.push(chunk);
      size += chunk.length;
    };
    const stopWatching = finished(stream, (err) => settle(false, err));
    stream.on('data', onData);
  });
}

/** Finds our own refusal inside whatever undici wrapped around it. */
function engineCause(err: unknown): EngineError | undefined {
  for (let e = err as { cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof EngineError) return e;
  }
  return undefined;
}

function networkError(err: unknown, url: string): EngineError {
  const inner = engineCause(err);
  if (inner) return inner;
  const e = err as { code?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  const facts = { url, code };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return engineFailure('dns_failed', `the host of ${url} could not be resolved`, facts, { cause: err });
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return engineFailure('no_answer_in_time', `${url} did not answer in time`, facts, { cause: err });
  }
  return engineFailure('fetch_failed', `fetching ${url} failed: ${e.message ?? String(err)}`, facts, { cause: err });
}

/** GET `url`, following redirects by hand so that each hop is checked again. */
export async function guardedGet(
  start: URL,
  opts: HttpGetOptions,
  deps: HttpDeps,
): Promise<RawResponse | CrossSiteRedirect> {
  // Loaded (the first time) before the clock starts: the timeout is the exchange's, not the load's.
  const { request } = undici();
  const dispatcher = deps.dispatcher;
  const timer = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timer]) : timer;
  const redirects: string[] = [];
  let current = start;
  try {
    for (;;) {
      precheckHost(current.hostname, deps.policy);
      deps.limiter.take(current.hostname);
      const res = await request(current, { dispatcher, method: 'GET', headers: opts.headers, signal });
      const status = res.statusCode;
      const location = header(res.headers, 'location');
      if (REDIRECTS.has(status) && location) {
        discard(res.body as unknown as Readable);
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          throw engineFailure('bad_redirect', `${current.href} redirected to an invalid URL`, {
            url: current.href,
            location,
          });
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw engineFailure(
            'redirect_scheme',
            `${current.href} redirected to a ${next.protocol} URL, which is not fetched`,
            {
              url: current.href,
              location: next.href,
            },
          );
        }
        next.hash = '';
        if (opts.crossSiteRedirects === 'report' && !sameSite(current, next)) {
          return {
            url: start.href,
            redirectUrl: next.href,
            status,
            statusText: statusText(status),
            redirects: [...redirects, current.href],
          };
        }
        redirects.push(current.href);
        if (redirects.length > opts.maxRedirects) {
          throw engineFailure('too_many_redirects', `${start.href} redirected more than ${opts.maxRedirects} times`, {
            url: start.href,
            maxRedirects: opts.maxRedirects,
            redirects,
          });
        }
        current = next;
        continue;
      }
      if (status >= 400) {
        discard(res.body as unknown as Readable);
        throw statusError(status, current.href, header(res.headers, 'retry-after'));
      }
      const { body, truncated } = await readCapped(
        res.body as unknown as Readable,
        header(res.headers, 'content-encoding'),
        opts.maxBytes,
      );
      return {
        url: start.href,
        finalUrl: current.href,
        status,
        statusText: statusText(status),
        contentType: header(res.headers, 'content-type'),
        body,
        truncated,
        redirects,
        maxBytes: opts.maxBytes,
      };
    }
  } catch (err) {
    if (timer.aborted) {
      throw engineFailure(
        'fetch_timeout',
        `fetching ${current.href} took longer than ${opts.timeoutMs} ms`,
        { url: current.href, timeoutMs: opts.timeoutMs },
        { cause: err },
      );
    }
    if (opts.signal?.aborted) throw abortError(opts.signal, `fetching ${current.href}`);
    if (err instanceof BlockedDestinationError) {
      // Say which hop was refused when a redirect led there.
      if (redirects.length > 0) err.facts.redirects = [...redirects];
      throw err;
    }
    if (err instanceof EngineError) throw err;
    const mapped = networkError(err, current.href);
    if (mapped instanceof BlockedDestinationError && redirects.length > 0) mapped.facts.redirects = [...redirects];
    throw mapped;
  }
}

export function isCrossSiteRedirect<T extends object>(r: T | CrossSiteRedirect): r is CrossSiteRedirect {
  return 'redirectUrl' in r;
}

/** True when some hop from the first URL to the final one went to another site. */
export function crossedSites(r: Pick<RawResponse, 'redirects' | 'finalUrl'>): boolean {
  const hops = [...r.redirects, r.finalUrl].map((u) => new URL(u));
  return hops.some((u, i) => i > 0 && !sameSite(hops[i - 1]!, u));
}
