// `facet mcp`: one MCP connection over stdin/stdout (one Facet session for the connection,
// unless a request names its own). stdout carries only MCP messages: every log line goes to
// stderr. The connection's first message picks the revision: one carrying the 2026-07-28
// `_meta` envelope (server/discover, or any request) is served by the v2 SDK's serveStdio;
// anything else (initialize) by the v1 server, 2025-11-25 and older.
import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { PROTOCOL_VERSION_META_KEY, type Server as ModernServer } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { FacetConfig } from '../../config.js';
import { createLogger, flushLogger } from '../logger.js';
import { buildRuntime, type Runtime } from '../runtime.js';
import { CoalescingStdioServerTransport } from './coalescing-stdio.js';
import { ListenWatches } from './listen-watches.js';
import { createModernMcpServer } from './modern.js';
import { createMcpServer, facetSessionOf } from './server.js';

/** Serves until stdin closes or SIGTERM/SIGINT; resolves when everything is stopped. */
export async function serveMcpStdio(config: FacetConfig): Promise<void> {
  const logger = createLogger(config.logLevel, undefined, 2);
  const runtime = buildRuntime(config, logger);
  const sessionId = `mcp-stdio-${randomUUID()}`;
  const session = {
    runtime,
    shape: config.defaultShape,
    sessionId: (extra: Parameters<typeof facetSessionOf>[0]) => facetSessionOf(extra) ?? sessionId,
    transport: 'stdio',
  };
  let finish!: (reason: string) => void;
  const ended = new Promise<string>((resolve) => (finish = resolve));
  process.stdin.once('end', () => finish('stdin closed'));
  process.once('SIGTERM', () => finish('received SIGTERM'));
  process.once('SIGINT', () => finish('received SIGINT'));
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
  const opening = await Promise.race([firstLine(process.stdin), ended.then(() => undefined)]);
  let close: () => Promise<unknown> = () => Promise.resolve();
  if (opening) {
    if (isModernOpening(opening.line)) {
      const transport = new StdioServerTransport(opening.stdin, process.stdout);
      let pinned: ModernServer | undefined;
      const handle = serveStdio(() => (pinned = createModernMcpServer(session)), { legacy: 'reject', transport });
      const watches = watchListens(transport, runtime, (uri) => void pinned?.sendResourceUpdated({ uri }));
      close = () => {
        watches.close();
        return handle.close();
      };
    } else {
      const server = createMcpServer(session);
      const transport = new CoalescingStdioServerTransport(opening.stdin);
      transport.onclose = () => finish('stdin closed');
      await server.connect(transport);
      close = () => server.close();
    }
  }
  const reason = await ended;
  logger.info({ reason, inFlight: runtime.calls.inFlight }, 'stopping');
  // Nobody is left to answer: cancel what runs, end the session's jobs, then go.
  runtime.calls.abortAll('the MCP client went away');
  const grace = new Promise((r) => setTimeout(r, config.graceMs).unref());
  await Promise.race([runtime.calls.whenIdle(), grace]);
  await Promise.race([Promise.all([runtime.sessions.close(), runtime.engine.close()]), grace]);
  await close().catch(() => undefined);
  await Promise.race([runtime.observability.close(), grace]);
  logger.info({}, 'stopped');
  await flushLogger(logger);
}

/**
 * Reads stdin up to its first newline; the line, and a stream that yields everything read
 * (that line included) and then the rest of stdin, for the transport to parse as usual.
 */
function firstLine(stdin: Readable): Promise<{ line: string; stdin: Readable }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      const nl = all.indexOf(0x0a);
      if (nl === -1) return;
      stdin.off('data', onData);
      stdin.pause();
      const replay = new PassThrough();
      replay.write(all);
      stdin.pipe(replay);
      resolve({ line: all.subarray(0, nl).toString('utf8'), stdin: replay });
    };
    stdin.on('data', onData);
  });
}

/** Whether the opening message carries the 2026-07-28 envelope claim (the protocol version in its _meta). */
function isModernOpening(line: string): boolean {
  try {
    const msg = JSON.parse(line) as { params?: { _meta?: Record<string, unknown> } };
    return typeof msg?.params?._meta?.[PROTOCOL_VERSION_META_KEY] === 'string';
  } catch {
    return false;
  }
}

/**
 * Watches the files of each subscriptions/listen on the connection until it is cancelled (the
 * SDK's listen router stamps and delivers what `notify` makes the server send). Reads the
 * messages the SDK receives; changes none.
 */
function watchListens(transport: StdioServerTransport, runtime: Runtime, notify: (uri: string) => void): ListenWatches {
  const watches = new ListenWatches(notify, runtime.calls.scope, runtime.logger);
  const open = new Map<unknown, Promise<() => void>>();
  const sdk = transport.onmessage;
  // In order, and a listen only once its files are watched: the SDK acknowledges it at once,
  // and a change made right after the acknowledgement must not be missed.
  let ready = Promise.resolve();
  transport.onmessage = (message) => {
    const m = message as { id?: unknown; method?: string; params?: { requestId?: unknown } };
    if (m.method === 'subscriptions/listen' && m.id !== undefined) {
      const watched = watches.open(m);
      open.set(m.id, watched);
      ready = ready
        .then(() => watched)
        .then(
          () => undefined,
          () => undefined,
        );
    }
    if (m.method === 'notifications/cancelled') {
      void open.get(m.params?.requestId)?.then((release) => release());
      open.delete(m.params?.requestId);
    }
    ready = ready.then(() => sdk?.(message)).catch(() => undefined);
  };
  return watches;
}
