// MCP over Streamable HTTP beside gRPC: one SDK transport and one MCP server per MCP
// session (Mcp-Session-Id), all on the process's runtime (same toolboxes, sessions and
// call bookkeeping as gRPC). `/mcp` serves the default shape, `/mcp/<shape>` (or `/mcp` with
// `?shape=<shape>` or a `facet-shape` header) any served one, `<shape>@<version>` one of its
// served releases.
// Security (DNS-rebinding protection, as the MCP specification and its SDK ask): the Host
// header must name this endpoint (a loopback name, the listen address, or a configured host),
// and the Origin header, when present, must be a loopback origin or a configured one; with
// --token every request needs `authorization: Bearer`.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { hostName, isLoopback } from '../../config.js';
import { unknownShapeText } from '../../shapes/release-table.js';
import { matchingToken } from '../tokens.js';
import type { Runtime } from '../runtime.js';
import { modernHttp } from './http-modern.js';
import { createMcpServer, facetSessionOf } from './server.js';

export interface McpHttpOptions {
  host: string;
  port: number;
  /** Bearer tokens admitted (none: no token needed; the config refuses that off loopback unless --insecure). */
  tokens: readonly string[];
  /** Origins admitted besides loopback ones. */
  allowOrigins: readonly string[];
  /** Host header names admitted besides loopback names and the listen address (as hostName() writes them). */
  allowHosts?: readonly string[];
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** MCP sessions kept open; past it the oldest is closed (a client that vanished never says goodbye). */
  maxSessions: number;
}

export interface McpHttpEndpoint {
  /** host:port actually bound. */
  address: string;
  port: number;
  close(): Promise<void>;
}

interface Entry {
  transport: StreamableHTTPServerTransport;
  shape: string;
}

/** Whether an Origin header may call: absent (not a browser), a loopback origin, or a configured one. */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined || origin === '') return true;
  if (allowed.includes(origin)) return true;
  try {
    const u = new URL(origin);
    const host = u.hostname.replace(/^\[|\]$/g, '');
    return (u.protocol === 'http:' || u.protocol === 'https:') && isLoopback(host);
  } catch {
    return false;
  }
}

/**
 * The names a Host header may give for an endpoint listening on `listenHost`: the listen
 * address, and for a wildcard address (0.0.0.0, ::) every address of this machine, plus
 * `extra`. Loopback names are always admitted (see hostAllowed). As the URL parser writes
 * them: lower case, IPv6 in brackets.
 */
export function allowedHostNames(listenHost: string, extra: readonly string[] = []): Set<string> {
  const names = new Set(extra);
  const own = hostName(listenHost);
  if (own === '0.0.0.0' || own === '[::]') {
    for (const list of Object.values(os.networkInterfaces())) {
      for (const a of list ?? []) {
        const n = hostName(a.address);
        if (n !== undefined) names.add(n); // a scoped IPv6 address (fe80::1%eth0) has no Host form
      }
    }
  } else if (own !== undefined) names.add(own);
  return names;
}

/**
 * Whether a Host header names this endpoint: a loopback name (localhost, 127.x.x.x, [::1]) or
 * one of `allowed`, on any port. A page on evil.example that a DNS-rebinding attack points at
 * 127.0.0.1 still sends "Host: evil.example", and is refused. No Host header: refused.
 */
export function hostAllowed(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (!host) return false;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return allowed.has(name) || name === '[::1]' || isLoopback(name);
}

export async function startMcpHttp(runtime: Runtime, opts: McpHttpOptions): Promise<McpHttpEndpoint> {
  const sessions = new Map<string, Entry>();
  const { logger } = runtime;
  const hosts = allowedHostNames(opts.host, opts.allowHosts);
  const modern = modernHttp(runtime, opts.maxBodyBytes);

  const refuse = (
    res: http.ServerResponse,
    status: number,
    message: string,
    headers: Record<string, string> = {},
    code = -32000,
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    // First: a page that reached this port by DNS rebinding learns nothing, not even the shapes.
    const host = req.headers.host;
    if (!hostAllowed(host, hosts)) {
      logger.warn({ mcp: 'http', host }, 'request refused: Host not allowed');
      return refuse(res, 403, host ? `Host ${host} is not allowed` : 'missing Host header');
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const m = /^\/mcp(?:\/([^/]+))?\/?$/.exec(url.pathname);
    if (!m) return refuse(res, 404, 'not found: MCP is served at /mcp and /mcp/<shape>');
    const named = namedShapes(m[1], url, req.headers['facet-shape']);
    if (named.size > 1)
      return refuse(
        res,
        400,
        `the request names more than one shape (${[...named].join(', ')}): name one, by path, ?shape= or facet-shape`,
      );
    const [asked] = named;
    const shape = asked ?? runtime.defaultShape;
    if (!runtime.toolboxes.has(shape)) return refuse(res, 404, unknownShapeText(shape, runtime.toolboxes.keys()));
    const origin = req.headers.origin;
    if (!originAllowed(origin, opts.allowOrigins)) {
      logger.warn({ mcp: 'http', origin }, 'request refused: Origin not allowed');
      return refuse(res, 403, `Origin ${origin} is not allowed`);
    }
    const authorization = req.headers.authorization;
    if (opts.tokens.length > 0 && matchingToken(opts.tokens, authorization) === -1) {
      return refuse(
        res,
        401,
        authorization ? 'the bearer token is not valid' : 'missing authorization: Bearer <token> header',
        {
          'www-authenticate': 'Bearer',
        },
      );
    }
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    // A session keeps the shape it was opened with; a request that names another is a client's mistake.
    if (existing && asked !== undefined && asked !== existing.shape) {
      return refuse(
        res,
        400,
        `MCP session ${String(sessionId)} serves the shape "${existing.shape}", not "${asked}"; initialize a new session for that shape`,
      );
    }
    if (req.method !== 'POST') {
      if (!existing) return refuse(res, typeof sessionId === 'string' ? 404 : 400, 'unknown or missing Mcp-Session-Id');
      return existing.transport.handleRequest(req, res);
    }
    let text: string;
    try {
      text = await readBody(req, opts.maxBodyBytes);
    } catch (err) {
      const message = (err as Error).message;
      const over = message.startsWith('larger than');
      return refuse(
        res,
        over ? 413 : 400,
        `the body could not be read: ${message}`,
        over ? { connection: 'close' } : {},
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (err) {
      // JSON-RPC's Parse error, as the SDK's transport answers one.
      return refuse(res, 400, `Parse error: the body is not JSON: ${(err as Error).message}`, {}, -32700);
    }
    if (existing) return existing.transport.handleRequest(req, res, body);
    // A request carrying the 2026-07-28 envelope (server/discover and every request after):
    // stateless, no Mcp-Session-Id.
    if (typeof sessionId !== 'string' && (await modern.isModern(req, url, body)))
      return modern.serve(req, res, url, body, shape);
    if (typeof sessionId === 'string')
      return refuse(res, 404, `no MCP session ${sessionId}: it ended or never was; initialize a new one`);
    if (!isInitializeRequest(body))
      return refuse(res, 400, 'no Mcp-Session-Id: the first request of a session is initialize');

    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, shape });
        for (const [oldest, entry] of sessions) {
          if (sessions.size <= opts.maxSessions) break;
          sessions.delete(oldest);
          logger.info(
            { mcp: 'http', session: oldest, maxSessions: opts.maxSessions },
            'MCP session closed: too many sessions',
          );
          void entry.transport.close();
        }
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const server = createMcpServer({
      runtime,
      shape,
      sessionId: (extra) => facetSessionOf(extra) ?? `mcp-${transport.sessionId ?? 'pending'}`,
      caller: runtime.callerFor(authorization),
      transport: 'http',
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const httpServer = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      logger.error({ mcp: 'http', err: String((err as Error)?.stack ?? err) }, 'MCP request failed');
      if (!res.headersSent) refuse(res, 500, 'internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', (err) =>
      reject(new Error(`cannot listen on ${opts.host}:${opts.port} for MCP: ${err.message}`)),
    );
    httpServer.listen(opts.port, opts.host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    address: `${host}:${port}`,
    port,
    async close() {
      await Promise.allSettled([...sessions.values()].map((e) => e.transport.close()));
      await modern.close();
      sessions.clear();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/**
 * The shapes a request names: by path (/mcp/<shape>), by query (?shape=) or by header
 * (facet-shape). Clients such as the MCP Inspector post every request to /mcp whatever path
 * their URL has, so the path alone could not reach a shape from them.
 */
function namedShapes(inPath: string | undefined, url: URL, header: string | string[] | undefined): Set<string> {
  const named = new Set<string>();
  if (inPath !== undefined) named.add(decodeURIComponent(inPath));
  for (const q of url.searchParams.getAll('shape')) named.add(q.trim());
  for (const h of [header ?? []].flat()) for (const v of h.split(',')) named.add(v.trim());
  return named;
}

/** How far past the limit a refused body is still read (and dropped) before the connection is cut. */
const LINGER_FACTOR = 4;

/**
 * The body as text, refused past `max` bytes. The rest of a refused body is read and dropped, so
 * the 413 reaches a client that is still sending (a socket closed under its upload loses the
 * answer to a reset); a client that sends on far past the limit is cut off.
 */
function readBody(req: http.IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (refused) {
        if (size > LINGER_FACTOR * max) req.destroy();
        return;
      }
      if (size <= max) return void chunks.push(c);
      refused = true;
      chunks.length = 0;
      reject(new Error(`larger than ${max} bytes`));
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
