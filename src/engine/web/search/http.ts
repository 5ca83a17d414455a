// JSON over HTTP for search providers. Provider base URLs are operator configuration, not
// model input, so these calls do not pass through the SSRF guard (which is what lets a
// self-hosted SearXNG on a private network, or a loopback stand-in, work).
import type { Agent } from 'undici';
import { undici } from '../undici.js';
import { abortError, EngineError } from '../../errors.js';
import { SearchProviderError, type SearchProvider } from './types.js';
import { lazyModule } from '../../lazy-module.js';

/** node:http (its status texts), required at the first search, not at start-up (issue 38). */
const http = lazyModule<typeof import('node:http')>('node:http');

let agent: Agent | undefined;

/** The largest answer read from a provider; real ones are a few hundred KB at most. */
export const MAX_REPLY_BYTES = 10 * 1024 * 1024;

export interface JsonRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The error text a provider put in its JSON error body, if any. */
function errorText(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 300) || undefined;
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const candidates = [
    field(b.detail, 'error'),
    b.detail,
    field(b.error, 'message'),
    field(b.error, 'detail'),
    b.error,
    b.message,
  ];
  const hit = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
  return hit?.slice(0, 300);
}

/** `v[key]` when `v` is an object (as `v?.[key]` read it), else undefined. */
function field(v: unknown, key: string): unknown {
  return v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
}

/** The body as text, or a provider error once it passes MAX_REPLY_BYTES (the rest is not read). */
async function readReply(
  provider: SearchProvider,
  body: AsyncIterable<Buffer> & { destroy(): void },
  status: number,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_REPLY_BYTES) {
      body.destroy();
      throw SearchProviderError.of(
        provider,
        'provider_reply_too_large',
        `the answer was larger than ${MAX_REPLY_BYTES} bytes and was not read`,
        {
          status,
          maxBytes: MAX_REPLY_BYTES,
        },
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

function conditionForStatus(
  status: number,
): 'provider_rate_limited' | 'provider_denied' | 'provider_rejected_query' | 'provider_unavailable' {
  if (status === 429) return 'provider_rate_limited';
  if (status === 401 || status === 403) return 'provider_denied';
  if (status === 400 || status === 422) return 'provider_rejected_query';
  return 'provider_unavailable';
}

export async function providerJson(provider: SearchProvider, req: JsonRequest): Promise<unknown> {
  // Loaded (the first time) before the clock starts: the timeout is the provider's, not the load's.
  const { request, Agent } = undici();
  agent ??= new Agent({ connect: { timeout: 10_000 } });
  const timer = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timer]) : timer;
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await request(req.url, {
      dispatcher: agent,
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal,
    });
    const text = await readReply(provider, res.body, res.statusCode);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // kept as text: an error page, or a broken answer reported below
    }
    if (res.statusCode >= 400) {
      const detail = errorText(parsed);
      const status = `HTTP ${res.statusCode} ${http().STATUS_CODES[res.statusCode] ?? ''}`.trim();
      throw SearchProviderError.of(
        provider,
        conditionForStatus(res.statusCode),
        detail ? `${status}: ${detail}` : status,
        { status: res.statusCode },
      );
    }
    if (typeof parsed === 'string') {
      throw SearchProviderError.of(provider, 'provider_bad_reply', 'the answer was not JSON', {
        status: res.statusCode,
      });
    }
    return parsed;
  } catch (err) {
    if (err instanceof SearchProviderError) throw err;
    if (timer.aborted) {
      throw SearchProviderError.of(provider, 'provider_timeout', `no answer within ${req.timeoutMs} ms`, {
        timeoutMs: req.timeoutMs,
      });
    }
    if (req.signal?.aborted) throw abortError(req.signal, `the ${provider.label} search`);
    if (err instanceof EngineError) throw err;
    const e = err as { code?: string; message?: string };
    throw SearchProviderError.of(
      provider,
      'provider_request_failed',
      `request failed: ${e.message ?? String(err)}`,
      { code: e.code ?? '' },
      { cause: err },
    );
  }
}

/** `base` with `path` appended to its path (base URLs may carry a path prefix). */
export function joinUrl(base: string, path: string): URL {
  const u = new URL(base);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}${path}`;
  return u;
}
