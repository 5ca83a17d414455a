// The gRPC server: Toolbox service, reflection (so grpcurl and buf curl need no proto
// files), grpc.health.v1, TCP and/or Unix socket listeners, auth, graceful shutdown.
import { chmodSync, lstatSync, readFileSync, unlinkSync } from 'node:fs';
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import type { FacetConfig } from '../config.js';
import { createEngine } from '../engine/index.js';
import { Scope } from '../engine/scope.js';
import { SessionStore } from '../engine/session.js';
import { Toolbox } from '../registry/toolbox.js';
import type { ToolboxSpec } from '../registry/types.js';
import { buildShapes } from '../shapes/index.js';
import { authInterceptor, callerOf } from './auth.js';
import { createLogger, flushLogger, type Logger } from './logger.js';
import { addReflection } from './reflection.js';
import { startMcpHttp, type McpHttpEndpoint } from '../mcp/http.js';
import { CallContexts } from './call-context.js';
import { ToolboxRouter } from './service.js';
import { toolboxService } from './wire.js';
import { servedReadOnly } from '../shapes/tags.js';

export const TOOLBOX_SERVICE = 'codefly.services.toolbox.v0.Toolbox';

export interface RunningServer {
  /** Bound addresses: "host:port" for TCP (the real port when 0 was asked), "unix:/path" for the socket. */
  addresses: string[];
  /** TCP port actually bound, when serving TCP. */
  port: number | undefined;
  /** The MCP endpoint's URL (--mcp-listen), when serving one. */
  mcpUrl?: string;
  logger: Logger;
  /** Drains: NOT_SERVING, stop accepting, wait up to the grace period, then cancel what is left. */
  shutdown(reason?: string): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** Extra toolboxes served beside the configured shapes, by shape name (tests, embedders). */
  extraSpecs?: ReadonlyMap<string, ToolboxSpec>;
  /** Identity name and version served by every shape instead of its own (codefly plugin mode). */
  identity?: { name?: string; version?: string };
  /** Interceptors run after the bearer-token check, in order (codefly plugin mode: its token and session). */
  interceptors?: grpc.ServerInterceptor[];
}

/** What every transport of one server shares: the toolboxes of its shapes, its sessions and its calls. */
export interface Runtime {
  toolboxes: ReadonlyMap<string, Toolbox>;
  defaultShape: string;
  calls: CallContexts;
  sessions: SessionStore;
  scope: Scope;
  logger: Logger;
  /** The caller an authorization header names, for sessions scoped to callers ('' for one shared set). */
  callerFor: (authorization: string | undefined) => string;
}

/** Builds the one engine, the shapes' toolboxes, the session store and the call bookkeeping of a server. */
export function buildRuntime(config: FacetConfig, logger: Logger, extraSpecs?: ReadonlyMap<string, ToolboxSpec>, identity?: StartOptions['identity']): Runtime {
  const scope = Scope.fromRoots(config.roots);
  // The one engine of this server, shared by every shape it serves.
  const specs = buildShapes(config, createEngine(config));
  const toolboxes = new Map<string, Toolbox>();
  for (const name of config.shapes) {
    const spec = specs.get(name);
    if (!spec) throw new Error(`shape "${name}" is not available in this build`);
    // --read-only hides every destructive tool from the catalog and from CallTool alike.
    const tools = config.readOnly ? spec.tools.filter(servedReadOnly) : spec.tools;
    const { name: servedName = spec.name, version = spec.version } = identity ?? {};
    toolboxes.set(name, new Toolbox({ ...spec, name: servedName, version, tools }));
  }
  for (const [name, spec] of extraSpecs ?? []) toolboxes.set(name, new Toolbox(spec));
  // With one token or none, every call is the same caller and 'caller' scope changes nothing.
  const perCaller = config.sessionScope === 'caller' && config.tokens.length > 1;
  const sessions = new SessionStore({
    maxSessions: config.sessionMax,
    idleMs: config.sessionIdleMs,
    perCaller,
    onEvict: (e) =>
      logger[e.reason === 'capacity' ? 'warn' : 'info'](
        {
          session: e.session,
          ...(e.caller ? { caller: e.caller } : {}),
          reason: e.reason,
          jobsStopped: e.hadRunningWork,
          sessions: e.sessions,
          maxSessions: e.maxSessions,
          evictedTotal: sessions.evictions,
        },
        e.reason === 'capacity' ? 'session evicted: too many sessions' : 'session expired: idle',
      ),
  });
  const callerFor = perCaller ? (header: string | undefined) => callerOf(config.tokens, header) : () => '';
  return { toolboxes, defaultShape: config.defaultShape, calls: new CallContexts(sessions, scope, logger), sessions, scope, logger, callerFor };
}

export async function startServer(config: FacetConfig, opts: StartOptions = {}): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const runtime = buildRuntime(config, logger, opts.extraSpecs, opts.identity);
  const { toolboxes, sessions, scope, calls, callerFor } = runtime;
  const router = new ToolboxRouter(
    toolboxes,
    config.defaultShape,
    calls,
    logger,
    { maxBytes: config.maxMessageBytes, defaultBytes: config.responseBytes },
    callerFor,
  );

  const server = new grpc.Server({
    'grpc.max_receive_message_length': config.maxMessageBytes,
    'grpc.max_send_message_length': config.maxMessageBytes,
    // No channelz service is served, so its per-call bookkeeping buys nothing (about 2% of a small call's latency).
    'grpc.enable_channelz': 0,
    interceptors: [...(config.tokens.length > 0 ? [authInterceptor(config.tokens)] : []), ...(opts.interceptors ?? [])],
  });
  server.addService(toolboxService(), router.implementation());

  const health = new HealthImplementation({ '': 'NOT_SERVING', [TOOLBOX_SERVICE]: 'NOT_SERVING' });
  health.addToServer(server);

  addReflection(server, [TOOLBOX_SERVICE, 'grpc.health.v1.Health']);

  const credentials = config.tls
    ? grpc.ServerCredentials.createSsl(null, [{ cert_chain: readFileSync(config.tls.certFile), private_key: readFileSync(config.tls.keyFile) }], false)
    : grpc.ServerCredentials.createInsecure();

  const addresses: string[] = [];
  let port: number | undefined;
  let mcp: McpHttpEndpoint | undefined;
  try {
    if (config.listen) {
      const host = config.listen.host.includes(':') ? `[${config.listen.host}]` : config.listen.host;
      port = await bind(server, `${host}:${config.listen.port}`, credentials);
      addresses.push(`${config.listen.host}:${port}`);
    }
    if (config.socket) {
      removeStaleSocket(config.socket);
      // umask so the socket is never, even for an instant, reachable by other users.
      const old = process.umask(0o177);
      try {
        await bind(server, `unix:${config.socket}`, credentials);
      } finally {
        process.umask(old);
      }
      chmodSync(config.socket, 0o600);
      addresses.push(`unix:${config.socket}`);
    }
    if (config.mcpListen) {
      mcp = await startMcpHttp(runtime, {
        host: config.mcpListen.host,
        port: config.mcpListen.port,
        tokens: config.tokens,
        allowOrigins: config.mcpAllowOrigins,
        maxBodyBytes: config.maxMessageBytes,
        maxSessions: config.sessionMax,
      });
    }
  } catch (err) {
    // A listener bound before the failure (the TCP port when the socket fails) would keep the
    // process alive, serving nothing: release everything, then report.
    server.forceShutdown();
    await sessions.close();
    throw err;
  }

  health.setStatus('', 'SERVING');
  health.setStatus(TOOLBOX_SERVICE, 'SERVING');
  const mcpUrl = mcp ? `http://${mcp.address}/mcp` : undefined;
  logger.info(
    { addresses, ...(mcpUrl ? { mcp: mcpUrl } : {}), shapes: config.shapes, defaultShape: config.defaultShape, roots: scope.roots, readOnly: config.readOnly },
    'serving',
  );
  logger.flush(); // supervisors and scripts wait for this line: out now, not with the next batch

  let closing: Promise<void> | undefined;
  const shutdown = (reason = 'shutdown requested'): Promise<void> => {
    closing ??= (async () => {
      // Everything, cancelling and clean-up included, fits in the grace period: a supervisor
      // that waits --grace-ms after SIGTERM never has to reach for SIGKILL.
      const deadline = Date.now() + config.graceMs;
      const reserve = Math.min(1000, Math.floor(config.graceMs / 3));
      const until = (t: number) => new Promise<'late'>((r) => setTimeout(() => r('late'), Math.max(0, t - Date.now())).unref());
      logger.info({ reason, inFlight: calls.inFlight, graceMs: config.graceMs }, 'draining');
      health.setStatus('', 'NOT_SERVING');
      health.setStatus(TOOLBOX_SERVICE, 'NOT_SERVING');
      const closed = new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
      // Long-lived streams (health Watch, reflection) would hold tryShutdown open for the whole
      // grace: once the toolbox calls are done, give their responses a moment, then close the rest.
      const drained = Promise.race([closed, calls.whenIdle().then(() => new Promise((r) => setTimeout(r, 100)))]);
      if ((await Promise.race([drained, until(deadline - reserve)])) === 'late') {
        logger.warn({ inFlight: calls.inFlight }, 'grace period over: cancelling calls in flight');
        calls.abortAll();
        // Handlers that honour their signal answer promptly; then close whatever remains.
        await Promise.race([calls.whenIdle().then(() => new Promise((r) => setTimeout(r, 100))), until(deadline - reserve / 2)]);
      }
      server.forceShutdown();
      await mcp?.close();
      // Sessions end their jobs (TERM, then KILL); what is not gone by the deadline is left to
      // the exit hook, which KILLs every command still enclosed.
      if ((await Promise.race([sessions.close(), until(deadline)])) === 'late') logger.warn({}, 'grace period over: processes still ending are killed on exit');
      if (config.socket) removeStaleSocket(config.socket);
      logger.info({}, 'stopped');
      await flushLogger(logger);
    })();
    return closing;
  };

  return { addresses, port, logger, shutdown, ...(mcpUrl ? { mcpUrl } : {}) };
}

function bind(server: grpc.Server, address: string, creds: grpc.ServerCredentials): Promise<number> {
  return new Promise((resolve, reject) => {
    server.bindAsync(address, creds, (err, port) => (err ? reject(new Error(`cannot listen on ${address}: ${err.message}`)) : resolve(port)));
  });
}

function removeStaleSocket(p: string): void {
  try {
    if (lstatSync(p).isSocket()) unlinkSync(p);
  } catch {
    // absent: nothing to remove
  }
}
