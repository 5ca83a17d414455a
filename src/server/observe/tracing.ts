// Traces: one span per tool call, exported with the OpenTelemetry SDK over OTLP/HTTP when
// OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT) is set. The standard OTEL_* variables
// configure the rest (protocol http/protobuf or http/json, headers, sampler, batch sizes,
// service name and resource attributes). A span carries what names the call (tool, shape,
// session, outcome, failure code), never argument values, and continues the caller's trace
// when the call carried a W3C traceparent (gRPC metadata, MCP HTTP header or params._meta).
import type { Span, Tracer } from '@opentelemetry/api';
import type { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import type { TracingSettings } from '../../config.js';
import { lazyModule } from '../../engine/lazy-module.js';
import type { CallTransport } from '../../registry/types.js';
import { VERSION } from '../../version.js';

/** What names one call on its span. */
export interface SpanFacts {
  transport?: CallTransport;
  shape: string;
  session: string;
  /** The tool, or _OTHER for a name the toolbox does not have. */
  tool: string;
}

// The SDK is loaded only by a server that exports traces (lazy-module.ts says why).
const api = lazyModule<typeof import('@opentelemetry/api')>('@opentelemetry/api');
const core = lazyModule<typeof import('@opentelemetry/core')>('@opentelemetry/core');
const jsonExport = lazyModule<typeof import('@opentelemetry/exporter-trace-otlp-http')>(
  '@opentelemetry/exporter-trace-otlp-http',
);
const protoExport = lazyModule<typeof import('@opentelemetry/exporter-trace-otlp-proto')>(
  '@opentelemetry/exporter-trace-otlp-proto',
);
const resources = lazyModule<typeof import('@opentelemetry/resources')>('@opentelemetry/resources');
const sdk = lazyModule<typeof import('@opentelemetry/sdk-trace-base')>('@opentelemetry/sdk-trace-base');
const conventions = lazyModule<typeof import('@opentelemetry/semantic-conventions')>(
  '@opentelemetry/semantic-conventions',
);

export class CallTracer {
  private readonly provider: BasicTracerProvider;
  private readonly tracer: Tracer;
  private readonly propagator: W3CTraceContextPropagator;

  constructor(settings: TracingSettings) {
    const { OTLPTraceExporter: JsonExporter } = jsonExport();
    const { OTLPTraceExporter: ProtoExporter } = protoExport();
    const { defaultResource, detectResources, envDetector, resourceFromAttributes } = resources();
    const { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } = conventions();
    const { BasicTracerProvider, BatchSpanProcessor } = sdk();
    this.propagator = new (core().W3CTraceContextPropagator)();
    const exporter =
      settings.protocol === 'http/json'
        ? new JsonExporter({ url: settings.url })
        : new ProtoExporter({ url: settings.url });
    // OTEL_RESOURCE_ATTRIBUTES adds to (and may override) Facet's own; OTEL_SERVICE_NAME names the service.
    const resource = defaultResource()
      .merge(resourceFromAttributes({ [ATTR_SERVICE_VERSION]: VERSION }))
      .merge(detectResources({ detectors: [envDetector] }))
      .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName }));
    this.provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
    this.tracer = this.provider.getTracer('facet', VERSION);
  }

  /** Starts the call's span, a child of the caller's span when it sent a traceparent. */
  start(f: SpanFacts): Span {
    const t = f.transport;
    const carrier: Record<string, string> = {};
    if (t?.traceparent) carrier.traceparent = t.traceparent;
    if (t?.tracestate) carrier.tracestate = t.tracestate;
    const { ROOT_CONTEXT, SpanKind } = api();
    const parent = t?.traceparent ? this.propagator.extract(ROOT_CONTEXT, carrier, carrierGetter) : ROOT_CONTEXT;
    // Span names as the conventions give them: the RPC's full method for gRPC, "{method} {tool}" for MCP.
    const name = t?.system === 'mcp' ? `${t.method} ${f.tool}` : (t?.method ?? `execute_tool ${f.tool}`);
    const attributes: Record<string, string> = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': f.tool,
      'facet.shape': f.shape,
      'facet.session': f.session,
    };
    if (t?.system === 'grpc') Object.assign(attributes, { 'rpc.system.name': 'grpc', 'rpc.method': t.method });
    if (t?.system === 'mcp') Object.assign(attributes, { 'mcp.method.name': t.method });
    return this.tracer.startSpan(name, { kind: t ? SpanKind.SERVER : SpanKind.INTERNAL, attributes }, parent);
  }

  /** Ends the call's span with its outcome: ok, or the failure code (an in-band failure is an error of the call). */
  end(span: Span, transport: CallTransport | undefined, outcome: string): void {
    span.setAttribute('facet.outcome', outcome);
    if (transport?.system === 'grpc') span.setAttribute('rpc.response.status_code', 'OK');
    if (outcome !== 'ok') {
      span.setAttribute('facet.failure_code', outcome);
      span.setAttribute(conventions().ATTR_ERROR_TYPE, transport?.system === 'mcp' ? 'tool_error' : outcome);
      span.setStatus({ code: api().SpanStatusCode.ERROR, message: outcome });
    }
    span.end();
  }

  /** Sends the spans still held, then stops. */
  async shutdown(): Promise<void> {
    await this.provider.shutdown().catch(() => undefined);
  }

  /** For tests: sends the spans held now. */
  flush(): Promise<void> {
    return this.provider.forceFlush();
  }
}

const carrierGetter = {
  keys: (c: Record<string, string>) => Object.keys(c),
  get: (c: Record<string, string>, key: string) => c[key],
};
