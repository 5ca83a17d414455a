// `facet mcp`: one MCP connection over stdin/stdout (one Facet session for the connection,
// unless a request names its own). stdout carries only MCP messages: every log line goes to
// stderr. The connection's first message picks the revision: one carrying the 2026-07-28
// `_meta` envelope (server/discover, or any request) is served by the v2 SDK's serveStdio;
// anything else (initialize) by the v1 server, 2025-11-25 and older. Each SDK is imported once
// the first line has chosen it: a connection loads one, not both (issue 38, start-up).
import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { Server as ModernServer } from '@modelcontextprotocol/server';
import type { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { FacetConfig } from '../../config.js';
import type { Logger } from 'pino';
import { createLogger, flushLogger } from '../logger.js';
import { buildRuntime, type Runtime } from '../runtime.js';
import { loadShapes } from '../../shapes/build.js';
import { LineGuard, type Oversized } from './line-guard.js';
import { ListenWatches } from './listen-watches.js';
import { facetSessionOf } from './session-of.js';

/** The v2 SDK's PROTOCOL_VERSION_META_KEY (a test holds them equal): naming it here loads no SDK. */
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

/** Serves until stdin closes or SIGTERM/SIGINT; resolves when everything is stopped. */
export async function serveMcpStdio(config: FacetConfig): Promise<void> {
  const logger = createLogger(config.logLevel, undefined, 2);
  await loadShapes(config.shapes);
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
  const stdinEnded = () => finish('stdin closed');
  // Whole lines from here on, none over the message limit (line-guard.ts).
  const input = process.stdin.pipe(
    new LineGuard(config.maxMessageBytes, (o) => refuseOversized(o, config.maxMessageBytes, logger)),
  );
  input.once('end', stdinEnded);
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
  const opening = await Promise.race([firstLine(input), ended.then(() => undefined)]);
  let close: () => Promise<unknown> = () => Promise.resolve();
  if (opening) {
    // From here input has ended when the replayed stream has, once the transport has read what
    // it holds: the SDK is imported first, and a short input may end before that.
    input.off('end', stdinEnded);
    opening.stdin.once('end', stdinEnded);
    opening.flow();
    if (isModernOpening(opening.line)) {
      const [{ serveStdio, StdioServerTransport }, { createModernMcpServer }] = await Promise.all([
        import('@modelcontextprotocol/server/stdio'),
        import('./modern.js'),
        runtime.engine.shell.sandboxReady, // the instructions name the sandbox
      ]);
      const transport = new StdioServerTransport(opening.stdin, process.stdout, { maxBufferSize: sdkBuffer(config) });
      let pinned: ModernServer | undefined;
      const handle = serveStdio(() => (pinned = createModernMcpServer(session)), { legacy: 'reject', transport });
      const watches = watchListens(transport, runtime, (uri) => void pinned?.sendResourceUpdated({ uri }));
      close = () => {
        watches.close();
        return handle.close();
      };
    } else {
      const [{ createMcpServer }, { CoalescingStdioServerTransport }] = await Promise.all([
        import('./server.js'),
        import('./coalescing-stdio.js'),
        runtime.engine.shell.sandboxReady, // the instructions name the sandbox
      ]);
      const server = createMcpServer(session);
      const transport = new CoalescingStdioServerTransport(opening.stdin, process.stdout, sdkBuffer(config));
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
 * The SDK's own limit on what it holds: above the guard's, which hands it one line at a time, so
 * it never trips (tripping it closes the transport).
 */
function sdkBuffer(config: FacetConfig): number {
  return 2 * config.maxMessageBytes + 2;
}

/** Answers a message left unread for its size with a JSON-RPC error, as the HTTP transport's 413. */
function refuseOversized(o: Oversized, maxBytes: number, logger: Logger): void {
  logger.warn({ id: o.id, bytes: o.bytes, maxBytes }, 'an MCP message over the size limit was not read');
  const message = `the message is ${o.bytes} bytes, over the ${maxBytes}-byte limit (--max-message-bytes); it was not read`;
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: o.id, error: { code: -32000, message } })}\n`);
}

/**
 * Reads the (line-guarded) input's first line; the line, and a stream that yields everything
 * read (that line included) and then, once `flow` is called, the rest of the input, for the
 * transport to parse as usual.
 */
function firstLine(stdin: Readable): Promise<{ line: string; stdin: Readable; flow: () => void }> {
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      // The guard hands on whole lines: the first chunk holds the first line.
      stdin.off('data', onData);
      stdin.pause();
      const replay = new PassThrough();
      replay.write(chunk);
      const nl = chunk.indexOf(0x0a);
      resolve({
        line: chunk.subarray(0, nl === -1 ? chunk.length : nl).toString('utf8'),
        stdin: replay,
        flow: () => void stdin.pipe(replay),
      });
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
