// Prometheus metrics (prom-client), served as text at /metrics on --metrics-listen. Calls are
// counted at the registry boundary (observer.ts), once for every transport. Names follow the
// OpenTelemetry semantic conventions where they exist, with dots turned into underscores and
// the unit appended as Prometheus does: rpc.server.call.duration (gRPC, labels rpc.system.name,
// rpc.method, rpc.response.status_code) and mcp.server.operation.duration (MCP, labels
// mcp.method.name, gen_ai.tool.name, gen_ai.operation.name, error.type). The rest are Facet's own.
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { runningJobs } from '../../engine/index.js';
import type { SessionStore } from '../../engine/session.js';
import { lazyModule } from '../../engine/lazy-module.js';

// Loaded only by a server that serves metrics (lazy-module.ts says why).
const prom = lazyModule<typeof import('prom-client')>('prom-client');

/** Seconds: from a fraction of a millisecond (a small read) to minutes (a build). */
const DURATION_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300,
];

/** What one call reports, once it ended. */
export interface CallSample {
  /** grpc or mcp (empty: a call made in process). */
  system: string;
  /** The RPC or MCP method. */
  method: string;
  shape: string;
  /** The tool, or _OTHER for a name the toolbox does not have (names sent by callers are unbounded). */
  tool: string;
  /** ok, or the failure code of an in-band failure (NOT_FOUND, PROCESS_FAILED...). */
  outcome: string;
  seconds: number;
  /** File bytes the engine wrote for the call. */
  writtenBytes: number;
  /** Bytes of the result returned (text, parts and media). */
  resultBytes: number;
}

type LanguageServerCount = () => number;

/** Language servers running now: each runtime registers its engine pool's count here (observer.ts) while it is open. */
const languageServerCounts = new Set<LanguageServerCount>();

/** Registers a source of the language-server gauge (returns its removal). */
export function countLanguageServers(count: LanguageServerCount): () => void {
  languageServerCounts.add(count);
  return () => languageServerCounts.delete(count);
}

export class FacetMetrics {
  readonly registry: Registry;
  private readonly calls: Counter<'transport' | 'shape' | 'tool' | 'outcome'>;
  private readonly duration: Histogram<'shape' | 'tool'>;
  private readonly rpcDuration: Histogram<'rpc_system_name' | 'rpc_method' | 'rpc_response_status_code'>;
  private readonly mcpDuration: Histogram<
    'mcp_method_name' | 'gen_ai_tool_name' | 'gen_ai_operation_name' | 'error_type'
  >;
  private readonly inFlight: Gauge<'transport' | 'shape'>;
  private readonly written: Counter<'shape'>;
  private readonly returned: Counter<'shape'>;
  private readonly transportErrors: Counter<'transport' | 'code'>;
  private sessions?: SessionStore;

  constructor() {
    const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = prom();
    this.registry = new Registry();
    const registers = [this.registry];
    this.calls = new Counter({
      name: 'facet_tool_calls_total',
      help: 'Tool calls that ended, by transport, shape, tool and outcome (ok, or the failure code of an in-band failure)',
      labelNames: ['transport', 'shape', 'tool', 'outcome'],
      registers,
    });
    this.duration = new Histogram({
      name: 'facet_tool_call_duration_seconds',
      help: 'Time a tool call took in the toolbox (validation, the tool, its result), by shape and tool',
      labelNames: ['shape', 'tool'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.rpcDuration = new Histogram({
      name: 'rpc_server_call_duration_seconds',
      help: 'gRPC tool calls (CallTool, CallToolStream), measured at the toolbox: OpenTelemetry rpc.server.call.duration',
      labelNames: ['rpc_system_name', 'rpc_method', 'rpc_response_status_code'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.mcpDuration = new Histogram({
      name: 'mcp_server_operation_duration_seconds',
      help: 'MCP tools/call requests, measured at the toolbox: OpenTelemetry mcp.server.operation.duration',
      labelNames: ['mcp_method_name', 'gen_ai_tool_name', 'gen_ai_operation_name', 'error_type'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.inFlight = new Gauge({
      name: 'facet_tool_calls_in_flight',
      help: 'Tool calls running now',
      labelNames: ['transport', 'shape'],
      registers,
    });
    this.written = new Counter({
      name: 'facet_file_written_bytes_total',
      help: "Bytes tools wrote to files (the engine's own record of its writes; not what commands write)",
      labelNames: ['shape'],
      registers,
    });
    this.returned = new Counter({
      name: 'facet_tool_result_bytes_total',
      help: 'Bytes of tool results returned to callers (text and media): what the tools read out',
      labelNames: ['shape'],
      registers,
    });
    this.transportErrors = new Counter({
      name: 'facet_transport_errors_total',
      help: 'Calls answered with a transport error (a gRPC status other than OK) rather than an in-band result',
      labelNames: ['transport', 'code'],
      registers,
    });
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- prom-client calls collect() with the gauge as `this`
    const metrics = this;
    new Gauge({
      name: 'facet_sessions',
      help: 'Sessions held in memory',
      registers,
      collect() {
        this.set(metrics.sessions?.size ?? 0);
      },
    });
    new Gauge({
      name: 'facet_background_jobs',
      help: 'Background jobs and interactive sessions still running, over every session',
      registers,
      collect() {
        let n = 0;
        for (const s of metrics.sessions?.all() ?? []) n += runningJobs(s);
        this.set(n);
      },
    });
    new Gauge({
      name: 'facet_language_servers',
      help: 'Language servers running',
      registers,
      collect() {
        let n = 0;
        for (const count of languageServerCounts) n += count();
        this.set(n);
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  /** The session store whose sessions and jobs the gauges report. */
  watch(sessions: SessionStore): void {
    this.sessions = sessions;
  }

  started(transport: string, shape: string): void {
    this.inFlight.inc({ transport, shape });
  }

  ended(s: CallSample): void {
    this.inFlight.dec({ transport: s.system, shape: s.shape });
    this.calls.inc({ transport: s.system, shape: s.shape, tool: s.tool, outcome: s.outcome });
    this.duration.observe({ shape: s.shape, tool: s.tool }, s.seconds);
    if (s.system === 'grpc')
      this.rpcDuration.observe(
        { rpc_system_name: 'grpc', rpc_method: s.method, rpc_response_status_code: 'OK' },
        s.seconds,
      );
    if (s.system === 'mcp') {
      const labels = { mcp_method_name: s.method, gen_ai_tool_name: s.tool, gen_ai_operation_name: 'execute_tool' };
      this.mcpDuration.observe(s.outcome === 'ok' ? labels : { ...labels, error_type: 'tool_error' }, s.seconds);
    }
    if (s.writtenBytes > 0) this.written.inc({ shape: s.shape }, s.writtenBytes);
    this.returned.inc({ shape: s.shape }, s.resultBytes);
  }

  transportError(transport: string, code: string): void {
    this.transportErrors.inc({ transport, code });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
