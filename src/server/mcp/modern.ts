// The 2026-07-28 revision (stateless): one v2 SDK Server per request (HTTP) or per connection
// (stdio), carrying the same handlers as the 2025-11-25 server (server.ts). The v1 SDK cannot
// serve this revision, and the v2 one owns its wire: the per-request `_meta` envelope,
// server/discover, ttlMs/cacheScope on cacheable results, subscriptions/listen. The handlers
// are registered through a facade that gives them the request context they are written
// against, so both revisions run the same code. What differs here is the revision's own:
// - no server-to-client requests: the client's roots are not asked for, the server's apply;
// - resources/subscribe, resources/unsubscribe and logging/setLevel are not part of it
//   (subscriptions/listen, served by the SDK, replaces the first two);
// - log messages follow the request's own `_meta` log level, none when it names none.
// Questions a call waits on (engine.host) are, on this revision, input_required results and
// their resumption (input-required.ts), the same pending-question model as 2025-11-25's
// elicitation/create and gRPC's input_required events.
import {
  Server as ModernServer,
  type CacheHint,
  type LoggingLevel,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { RequestExtra } from './server.js';
import { CLIENT_CAPABILITIES_META_KEY } from '@modelcontextprotocol/server';
import { elicitsForms } from './elicit.js';
import type { RoundTrip } from './input-required.js';
import {
  CAPABILITIES,
  registerMcpHandlers,
  serverIdentity,
  type McpRegistrar,
  type McpSessionOptions,
} from './server.js';

/** Methods the 2025-11-25 handlers answer that the 2026-07-28 revision does not have. */
const NOT_IN_REVISION = new Set(['resources/subscribe', 'resources/unsubscribe', 'logging/setLevel']);

// The catalogs (tools, prompts, templates, the discover answer) do not change while a server
// runs and are the same for every caller: cacheable for five minutes, by shared caches too.
// Resources are the session's files: never cached (the SDK's default, stated here).
const CATALOG: CacheHint = { ttlMs: 300_000, cacheScope: 'public' };
const CACHE_HINTS = {
  'tools/list': CATALOG,
  'prompts/list': CATALOG,
  'resources/templates/list': CATALOG,
  'server/discover': CATALOG,
  'resources/list': { ttlMs: 0, cacheScope: 'private' },
  'resources/read': { ttlMs: 0, cacheScope: 'private' },
} satisfies Record<string, CacheHint>;

/** A server for 2026-07-28 requests with the session's handlers. */
export function createModernMcpServer(opts: McpSessionOptions): ModernServer {
  const { info, instructions } = serverIdentity(opts);
  const server = new ModernServer(info, { capabilities: CAPABILITIES, instructions, cacheHints: CACHE_HINTS });
  // Every message reaches the facade, which applies the request's own level.
  registerMcpHandlers(facade(server), { ...opts, clientLogLevel: 'debug' });
  return server;
}

type Handler = (req: unknown, extra: RequestExtra) => Promise<unknown>;

/** The v2 server seen as the registration surface the handlers are written against. */
function facade(server: ModernServer): McpRegistrar {
  const register = (schema: unknown, handler: Handler): void => {
    const method = (schema as { shape: { method: { value: string } } }).shape.method.value;
    if (NOT_IN_REVISION.has(method)) return;
    (server.setRequestHandler as (m: string, h: (req: unknown, ctx: ServerContext) => Promise<unknown>) => void)(
      method,
      (req, ctx) => handler(req, requestExtra(ctx)),
    );
  };
  return {
    setRequestHandler: register as unknown as McpRegistrar['setRequestHandler'],
    // notifications/roots/list_changed: no roots are asked on this revision.
    setNotificationHandler: () => undefined,
    // No roots capability is acted on: the server's roots apply.
    getClientCapabilities: () => undefined,
    // Changes reach clients through subscriptions/listen (see http-modern.ts), not from a handler.
    sendResourceUpdated: () => Promise.resolve(),
    onclose: undefined,
  };
}

/** What a request carries for multi-round-trip calls (input-required.ts). */
function roundTripOf(ctx: ServerContext): RoundTrip {
  const envelope = ctx.mcpReq.envelope as Record<string, { elicitation?: object } | undefined> | undefined;
  const state = ctx.mcpReq.requestState();
  return {
    inputResponses: ctx.mcpReq.inputResponses,
    requestState: typeof state === 'string' ? state : undefined,
    elicits: elicitsForms(envelope?.[CLIENT_CAPABILITIES_META_KEY]),
  };
}

/** The context a 2025-era handler reads, from a 2026-07-28 request's. */
function requestExtra(ctx: ServerContext): RequestExtra {
  const headers: Record<string, string> = {};
  ctx.http?.req?.headers.forEach((value, key) => (headers[key] = value));
  const extra = {
    signal: ctx.mcpReq.signal,
    requestId: ctx.mcpReq.id,
    _meta: ctx.mcpReq._meta,
    authInfo: ctx.http?.authInfo,
    requestInfo: { headers },
    sendNotification: (n: { method: string; params?: Record<string, unknown> }) => {
      if (n.method !== 'notifications/message') return ctx.mcpReq.notify(n as never);
      const p = n.params as { level: LoggingLevel; data: unknown; logger?: string };
      return ctx.mcpReq.log(p.level, p.data, p.logger);
    },
    sendRequest: () => Promise.reject(new Error('the 2026-07-28 revision has no server-to-client requests')),
    // Multi-round-trip calls: the retry's answers and state, and whether this request's client elicits.
    roundTrip: roundTripOf(ctx),
  };
  return extra as unknown as RequestExtra;
}
