// The one observer of tool calls (registry CallObserver): every call of every transport
// passes here once, on its way into the toolbox. It counts the call (metrics), spans it
// (traces) and writes its audit line, from the result and the engine's change record.
import type { Server } from 'node:http';
import type { FacetConfig } from '../../config.js';
import { ChangeRecord, recordChanges } from '../../engine/index.js';
import type { SessionStore } from '../../engine/session.js';
import { failureCodeName } from '../../registry/failure-codes.js';
import type { CallObserver, ObservedCall, RunOutcome } from '../../registry/toolbox.js';
import type { ToolResult } from '../../registry/types.js';
import type { Logger } from '../logger.js';
import { AuditLog } from './audit-log.js';
import { countLanguageServers, FacetMetrics } from './metrics.js';
import { CallTracer } from './tracing.js';

/** The label of a name the toolbox does not have (as the conventions name an unknown method). */
const OTHER = '_OTHER';

export class Observability implements CallObserver {
  readonly metrics?: FacetMetrics;
  readonly tracer?: CallTracer;
  readonly audit?: AuditLog;
  private http?: Server;
  private stopCountingServers?: () => void;

  /** Opens what the configuration asks for; throws (refusing start-up) when the audit log may not be opened. */
  constructor(private readonly config: FacetConfig) {
    if (config.metricsListen) this.metrics = new FacetMetrics();
    if (config.tracing) this.tracer = new CallTracer(config.tracing);
    if (config.auditLog) this.audit = new AuditLog(config.auditLog, config.roots, config.auditReads);
  }

  /** Anything to observe at all (else the toolboxes run without an observer). */
  get active(): boolean {
    return Boolean(this.metrics || this.tracer || this.audit);
  }

  watch(sessions: SessionStore): void {
    this.metrics?.watch(sessions);
  }

  /** Feeds facet_language_servers from the engine's pool (until close: another server in the process has its own). */
  watchLanguageServers(count: () => number): void {
    if (this.metrics && !this.stopCountingServers) this.stopCountingServers = countLanguageServers(count);
  }

  async around(call: ObservedCall, run: () => Promise<RunOutcome>): Promise<RunOutcome> {
    const { ctx } = call;
    const tool = call.tool ?? OTHER;
    const system = ctx.transport?.system ?? '';
    const audited = this.audit !== undefined && (call.destructive || this.audit.reads);
    // The engine's record of what the call changes: hashes only when the audit log wants them.
    const changes = this.metrics || audited ? new ChangeRecord(audited) : undefined;
    const span = this.tracer?.start({ transport: ctx.transport, shape: ctx.shape, session: ctx.session.id, tool });
    this.metrics?.started(system, ctx.shape);
    const started = performance.now();
    let out: RunOutcome | undefined;
    try {
      out = changes ? await recordChanges(changes, run) : await run();
      return out;
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const failure = out ? out.result.failure : undefined;
      // A run that threw (it never should: the toolbox answers every failure in band) counts as INTERNAL.
      const outcome = !out ? 'INTERNAL' : failure ? failureCodeName(failure.kind) : 'ok';
      this.metrics?.ended({
        system,
        method: ctx.transport?.method ?? '',
        shape: ctx.shape,
        tool,
        outcome,
        seconds,
        writtenBytes: changes?.bytesWritten ?? 0,
        resultBytes: out ? resultBytes(out.result) : 0,
      });
      if (span) this.tracer!.end(span, ctx.transport, outcome);
      if (audited) {
        const durationMs = Math.round(seconds * 1e6) / 1000;
        this.audit!.write({
          shape: ctx.shape,
          session: ctx.session.id,
          tool,
          transport: system,
          outcome,
          durationMs,
          changes,
        });
      }
    }
  }

  /** A call answered with a transport error (no in-band result). */
  transportError(transport: string, code: string): void {
    this.metrics?.transportError(transport, code);
  }

  /** Serves /metrics on --metrics-listen; resolves to the bound address (host:port). */
  async listen(logger: Logger): Promise<string | undefined> {
    const at = this.config.metricsListen;
    const metrics = this.metrics;
    if (!at || !metrics) return undefined;
    // node:http only when metrics are served (issue 38: `facet mcp` has no other use for it).
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: metrics are at /metrics\n');
        return;
      }
      metrics.text().then(
        (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (err: unknown) => {
          logger.error({ err: String(err) }, 'metrics collection failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err) => reject(new Error(`cannot serve metrics on ${at.host}:${at.port}: ${err.message}`)));
      server.listen(at.port, at.host, () => resolve());
    });
    this.http = server;
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : at.port;
    return `${at.host.includes(':') ? `[${at.host}]` : at.host}:${port}`;
  }

  /** Stops serving metrics, sends the spans still held and closes the audit log. */
  async close(): Promise<void> {
    this.stopCountingServers?.();
    this.stopCountingServers = undefined;
    this.audit?.close();
    const http = this.http;
    this.http = undefined;
    if (http) await new Promise<void>((resolve) => http.close(() => resolve()).closeAllConnections());
    await this.tracer?.shutdown();
  }
}

/** Bytes of a result's text, text parts and media. */
function resultBytes(r: ToolResult): number {
  let n = Buffer.byteLength(r.text);
  for (const p of r.parts ?? []) n += Buffer.byteLength(p);
  for (const b of r.blobs ?? []) n += b.data.byteLength;
  return n;
}
