// `facet mcp`: one MCP session over stdin/stdout (one Facet session for the connection).
// stdout carries only MCP messages: every log line goes to stderr.
import { randomUUID } from 'node:crypto';
import type { FacetConfig } from '../../config.js';
import { createLogger, flushLogger } from '../logger.js';
import { buildRuntime } from '../runtime.js';
import { CoalescingStdioServerTransport } from './coalescing-stdio.js';
import { createMcpServer, facetSessionOf } from './server.js';

/** Serves until stdin closes or SIGTERM/SIGINT; resolves when everything is stopped. */
export async function serveMcpStdio(config: FacetConfig): Promise<void> {
  const logger = createLogger(config.logLevel, undefined, 2);
  const runtime = buildRuntime(config, logger);
  const sessionId = `mcp-stdio-${randomUUID()}`;
  const server = createMcpServer({
    runtime,
    shape: config.defaultShape,
    sessionId: (extra) => facetSessionOf(extra) ?? sessionId,
    transport: 'stdio',
  });
  const transport = new CoalescingStdioServerTransport();
  let finish!: (reason: string) => void;
  const ended = new Promise<string>((resolve) => (finish = resolve));
  transport.onclose = () => finish('stdin closed');
  process.stdin.once('end', () => finish('stdin closed'));
  process.once('SIGTERM', () => finish('received SIGTERM'));
  process.once('SIGINT', () => finish('received SIGINT'));
  await server.connect(transport);
  const metrics = await runtime.observability.listen(logger);
  logger.info(
    {
      mcp: 'stdio',
      shape: config.defaultShape,
      roots: runtime.scope.roots,
      session: sessionId,
      ...(metrics ? { metrics: `http://${metrics}/metrics` } : {}),
    },
    'serving MCP on stdio',
  );
  const reason = await ended;
  logger.info({ reason, inFlight: runtime.calls.inFlight }, 'stopping');
  // Nobody is left to answer: cancel what runs, end the session's jobs, then go.
  runtime.calls.abortAll('the MCP client went away');
  const grace = new Promise((r) => setTimeout(r, config.graceMs).unref());
  await Promise.race([runtime.calls.whenIdle(), grace]);
  await Promise.race([Promise.all([runtime.sessions.close(), runtime.engine.close()]), grace]);
  await server.close().catch(() => undefined);
  await Promise.race([runtime.observability.close(), grace]);
  logger.info({}, 'stopped');
  await flushLogger(logger);
}
