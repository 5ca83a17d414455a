// The 2026-07-28 leg of the HTTP endpoint: the v2 SDK's createMcpHandler (strict: 2025-era
// traffic stays with http.ts's sessionful transport) behind the same Host, Origin and token
// checks. Each request gets a fresh server (modern.ts) over the shared runtime; the Facet
// session is the one the request names (`_meta["facet/session"]` or the `facet-session`
// header), else the caller's default session. subscriptions/listen streams are the SDK's;
// the files they name (resourceSubscriptions, file:// URIs under the roots) are watched here
// while the stream is open, and a change is published on the handler's bus.
import type http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createMcpHandler, isLegacyRequest, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { Runtime } from '../runtime.js';
import { ListenWatches } from './listen-watches.js';
import { createModernMcpServer } from './modern.js';
import { facetSessionOf } from './server.js';

export interface ModernHttp {
  /** Whether a POST (its parsed body) is a 2026-07-28 request, by the SDK's own classification. */
  isModern(req: http.IncomingMessage, url: URL, body: unknown): Promise<boolean>;
  serve(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: unknown, shape: string): Promise<void>;
  close(): Promise<void>;
}

export function modernHttp(runtime: Runtime, maxBodyBytes: number): ModernHttp {
  const handlers = new Map<string, { handler: McpHttpHandler; watches: ListenWatches }>();
  const handlerFor = (shape: string): { handler: McpHttpHandler; watches: ListenWatches } => {
    let h = handlers.get(shape);
    if (!h) {
      const handler = createMcpHandler(
        ({ requestInfo }) =>
          createModernMcpServer({
            runtime,
            shape,
            caller: runtime.callerFor(requestInfo?.headers.get('authorization') ?? undefined),
            // No session named: the caller's default session ('' is the store's default id).
            sessionId: (extra) => facetSessionOf(extra) ?? '',
            transport: 'http',
          }),
        {
          legacy: 'reject',
          maxRequestBodySize: maxBodyBytes,
          onerror: (err) => runtime.logger.debug({ mcp: 'http', err: err.message }, 'MCP 2026-07-28 request refused'),
        },
      );
      const watches = new ListenWatches(
        (uri) => handler.notify.resourceUpdated(uri),
        runtime.calls.scope,
        runtime.logger,
      );
      h = { handler, watches };
      handlers.set(shape, h);
    }
    return h;
  };

  return {
    async isModern(req, url, body) {
      return !(await isLegacyRequest(webRequest(req, url), body));
    },
    async serve(req, res, url, body, shape) {
      const { handler, watches } = handlerFor(shape);
      const aborted = new AbortController();
      res.once('close', () => aborted.abort());
      const release =
        (body as { method?: unknown } | null)?.method === 'subscriptions/listen' ? await watches.open(body) : undefined;
      try {
        const response = await handler.fetch(webRequest(req, url, aborted.signal), { parsedBody: body });
        const headers: Record<string, string> = {};
        response.headers.forEach((v, k) => (headers[k] = v));
        res.writeHead(response.status, headers);
        if (!response.body) res.end();
        else await pipeline(Readable.fromWeb(response.body as never), res).catch(() => undefined);
      } finally {
        release?.();
      }
    },
    async close() {
      await Promise.allSettled([...handlers.values()].map((h) => h.handler.close()));
      for (const h of handlers.values()) h.watches.close();
      handlers.clear();
    },
  };
}

/** The request as the SDK reads it: method, URL and headers (the body is passed parsed). */
function webRequest(req: http.IncomingMessage, url: URL, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const one of [v].flat()) headers.append(k, one);
  }
  return new Request(new URL(url.pathname + url.search, `http://${req.headers.host ?? 'localhost'}`), {
    method: req.method,
    headers,
    signal,
  });
}
