// The gRPC server: Toolbox service, reflection (so grpcurl and buf curl need no proto
// files), grpc.health.v1, TCP and/or Unix socket listeners, auth, graceful shutdown.
import { chmodSync, lstatSync, readFileSync, unlinkSync } from 'node:fs';
import * as grpc from '@grpc/grpc-js';
import type { FacetConfig } from '../config.js';
import type { ToolboxSpec } from '../registry/types.js';
import { authInterceptor } from './auth.js';
import { createLogger, flushLogger, type Logger } from './logger.js';
import { LazyHealth } from './lazy-health.js';
import { addReflection } from './reflection.js';
import type { McpHttpEndpoint } from './mcp/http.js';
import type { SandboxdListeners } from './sandboxd/index.js';
import { ToolboxRouter } from './service.js';
import { STREAM_SERVICE, streamLimitsFor, toolboxStreamService } from './stream.js';
import { toolboxService } from './wire.js';

export const TOOLBOX_SERVICE = 'codefly.services.toolbox.v0.Toolbox';

export interface RunningServer {
  /** Bound addresses: "host:port" for TCP (the real port when 0 was asked), "unix:/path" for the socket. */
  addresses: string[];
  /** TCP port actually bound, when serving TCP. */
  port: number | undefined;
  /** The MCP endpoint's URL (--mcp-listen), when serving one. */
  mcpUrl?: string;
  /** The metrics URL (--metrics-listen, the real port when 0 was asked), when serving metrics. */
  metricsUrl?: string;
  /** The sandboxd listeners (--sandboxd*), host:port as bound, when serving them. */
  sandboxd?: { grpc?: string; rest?: string };
  logger: Logger;
  /** Drains: NOT_SERVING, stop accepting, wait up to the grace period, then cancel what is left. */
  shutdown(reason?: string): Promise<void>;
}

import { buildRuntime } from './runtime.js';
import { loadShapes } from '../shapes/build.js';

export type { Runtime } from './runtime.js';

export interface StartOptions {
  logger?: Logger;
  /** Extra toolboxes served beside the configured shapes, by shape name (tests, embedders). */
  extraSpecs?: ReadonlyMap<string, ToolboxSpec>;
  /** Identity name and version served by every shape instead of its own (codefly plugin mode). */
  identity?: { name?: string; version?: string };
  /** Interceptors run after the bearer-token check, in order (codefly plugin mode: its token and session). */
  interceptors?: grpc.ServerInterceptor[];
}

export async function startServer(config: FacetConfig, opts: StartOptions = {}): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  // The shapes' modules are imported by their first calls (ServedToolboxes.load), not here: nine by default.
  const runtime = buildRuntime(config, logger, opts.extraSpecs, opts.identity);
  const { toolboxes, sessions, scope, calls, callerFor } = runtime;
  const router = new ToolboxRouter(
    toolboxes,
    config.defaultShape,
    calls,
    logger,
    { maxBytes: config.maxMessageBytes, defaultBytes: config.responseBytes },
    callerFor,
    streamLimitsFor(config.maxMessageBytes),
    (code) => runtime.observability.transportError('grpc', grpc.status[code] ?? String(code)),
    runtime.engine.host,
    (key) => toolboxes.load(key),
  );

  const server = new grpc.Server({
    'grpc.max_receive_message_length': config.maxMessageBytes,
    'grpc.max_send_message_length': config.maxMessageBytes,
    // No channelz service is served, so its per-call bookkeeping buys nothing (about 2% of a small call's latency).
    'grpc.enable_channelz': 0,
    interceptors: [...(config.tokens.length > 0 ? [authInterceptor(config.tokens)] : []), ...(opts.interceptors ?? [])],
  });
  server.addService(toolboxService(), router.implementation());
  // Facet's extension (live output); hosts that do not know it keep calling Toolbox/CallTool.
  server.addService(toolboxStreamService(), router.streamImplementation());

  const health = new LazyHealth({
    '': 'NOT_SERVING',
    [TOOLBOX_SERVICE]: 'NOT_SERVING',
    [STREAM_SERVICE]: 'NOT_SERVING',
  });
  health.addToServer(server);

  addReflection(server, [TOOLBOX_SERVICE, STREAM_SERVICE, 'grpc.health.v1.Health']);

  const credentials = config.tls
    ? grpc.ServerCredentials.createSsl(
        null,
        [{ cert_chain: readFileSync(config.tls.certFile), private_key: readFileSync(config.tls.keyFile) }],
        false,
      )
    : grpc.ServerCredentials.createInsecure();

  const addresses: string[] = [];
  let port: number | undefined;
  let mcp: McpHttpEndpoint | undefined;
  let metricsAddress: string | undefined;
  let sandboxd: SandboxdListeners | undefined;
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
    metricsAddress = await runtime.observability.listen(logger);
    if (config.mcpListen) {
      // The MCP SDK is loaded only when MCP is served (lazy-module.ts says why).
      // MCP sessions read the toolboxes synchronously: every served shape's module is imported first.
      const [{ startMcpHttp }] = await Promise.all([import('./mcp/http.js'), loadShapes(config.shapes)]);
      mcp = await startMcpHttp(runtime, {
        host: config.mcpListen.host,
        port: config.mcpListen.port,
        tokens: config.tokens,
        allowOrigins: config.mcpAllowOrigins,
        allowHosts: config.mcpAllowHosts,
        maxBodyBytes: config.maxMessageBytes,
        maxSessions: config.sessionMax,
      });
    }
    if (config.sandboxd.grpc || config.sandboxd.rest) {
      const { startSandboxd } = await import('./sandboxd/index.js');
      sandboxd = await startSandboxd(runtime, config);
    }
  } catch (err) {
    // A listener bound before the failure (the TCP port when the socket fails) would keep the
    // process alive, serving nothing: release everything, then report.
    server.forceShutdown();
    await mcp?.close();
    await Promise.all([sessions.close(), runtime.engine.close()]);
    await runtime.observability.close();
    throw err;
  }

  health.setStatus('', 'SERVING');
  health.setStatus(TOOLBOX_SERVICE, 'SERVING');
  health.setStatus(STREAM_SERVICE, 'SERVING');
  const mcpUrl = mcp ? `http://${mcp.address}/mcp` : undefined;
  const metricsUrl = metricsAddress ? `http://${metricsAddress}/metrics` : undefined;
  const sandboxdAt = sandboxd ? { grpc: sandboxd.grpc, rest: sandboxd.rest } : undefined;
  logger.info(
    {
      addresses,
      ...(sandboxdAt ? { sandboxd: sandboxdAt } : {}),
      ...(mcpUrl ? { mcp: mcpUrl } : {}),
      ...(metricsUrl ? { metrics: metricsUrl } : {}),
      shapes: config.shapes,
      defaultShape: config.defaultShape,
      roots: scope.roots,
      readOnly: config.readOnly,
    },
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
      const until = (t: number) =>
        new Promise<'late'>((r) => setTimeout(() => r('late'), Math.max(0, t - Date.now())).unref());
      logger.info({ reason, inFlight: calls.inFlight, graceMs: config.graceMs }, 'draining');
      health.setStatus('', 'NOT_SERVING');
      health.setStatus(TOOLBOX_SERVICE, 'NOT_SERVING');
      health.setStatus(STREAM_SERVICE, 'NOT_SERVING');
      sandboxd?.drain();
      const closed = new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
      // Long-lived streams (health Watch, reflection) would hold tryShutdown open for the whole
      // grace: once the toolbox calls are done, give their responses a moment, then close the rest.
      const idle = () => calls.whenIdle().then(() => new Promise((r) => setTimeout(r, 100)));
      // sandboxd's processes are calls the gRPC server does not hold: wait for them too.
      const drained = Promise.race([closed, idle()]).then(() => (sandboxd ? idle() : undefined));
      if ((await Promise.race([drained, until(deadline - reserve)])) === 'late') {
        logger.warn({ inFlight: calls.inFlight }, 'grace period over: cancelling calls in flight');
        calls.abortAll();
        // Handlers that honour their signal answer promptly; then close whatever remains.
        await Promise.race([
          calls.whenIdle().then(() => new Promise((r) => setTimeout(r, 100))),
          until(deadline - reserve / 2),
        ]);
      }
      server.forceShutdown();
      await mcp?.close();
      await sandboxd?.close();
      // Sessions end their jobs (TERM, then KILL); what is not gone by the deadline is left to
      // the exit hook, which KILLs every command still enclosed.
      if ((await Promise.race([Promise.all([sessions.close(), runtime.engine.close()]), until(deadline)])) === 'late')
        logger.warn({}, 'grace period over: processes still ending are killed on exit');
      if (config.socket) removeStaleSocket(config.socket);
      // Spans still held are sent (within the exporter's own timeout) and the audit log closed.
      await Promise.race([runtime.observability.close(), until(deadline)]);
      logger.info({}, 'stopped');
      await flushLogger(logger);
    })();
    return closing;
  };

  return {
    addresses,
    port,
    logger,
    shutdown,
    ...(mcpUrl ? { mcpUrl } : {}),
    ...(metricsUrl ? { metricsUrl } : {}),
    ...(sandboxdAt ? { sandboxd: sandboxdAt } : {}),
  };
}

function bind(server: grpc.Server, address: string, creds: grpc.ServerCredentials): Promise<number> {
  return new Promise((resolve, reject) => {
    server.bindAsync(address, creds, (err, port) =>
      err ? reject(new Error(`cannot listen on ${address}: ${err.message}`)) : resolve(port),
    );
  });
}

function removeStaleSocket(p: string): void {
  try {
    if (lstatSync(p).isSocket()) unlinkSync(p);
  } catch {
    // absent: nothing to remove
  }
}
