// Traces: with OTEL_EXPORTER_OTLP_ENDPOINT set, each tool call is a span sent over OTLP/HTTP
// to a loopback receiver started here, which decodes what arrives: the span's name and
// attributes, its parent (the caller's traceparent), and no argument values.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { connectHttp } from '../mcp/fixture.js';
import { callTool as call, startTestServer, tempDir } from '../helpers/server.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** An OTLP/HTTP receiver on loopback: keeps every request and answers 200 (an empty ExportTraceServiceResponse). */
async function receiver(): Promise<{ url: string; got: Received[]; close: () => Promise<void> }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const json = String(req.headers['content-type']).includes('json');
      res
        .writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' })
        .end(json ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, got, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface JsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string } }>;
  status?: { code?: number; message?: string };
}

const PARENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN = '00f067aa0ba902b7';
const SECRET = 'argument-value-that-must-not-leave';

test('each call is a span with tool, shape, session, outcome and failure code, child of the caller’s traceparent', async () => {
  const otlp = await receiver();
  const { dir, cleanup } = tempDir();
  const env = {
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'facet-under-test',
  };
  const t = await startTestServer(['--root', dir, '--shape', 'core', '--mcp-listen', '127.0.0.1:0'], env);
  try {
    const traceparent = `00-${PARENT_TRACE}-${PARENT_SPAN}-01`;
    assert.notEqual(
      (await call(t.client, 'fs.read', { path: `${SECRET}.txt` }, { session: 'tr', metadata: { traceparent } })).error,
      '',
    );
    assert.equal((await call(t.client, 'fs.write', { path: 'w.txt', content: SECRET }, { session: 'tr' })).error, '');
    const mcp = await connectHttp(t.server.mcpUrl!);
    await mcp.client.callTool({
      name: 'fs.read',
      arguments: { path: 'w.txt' },
      _meta: { traceparent: `00-${PARENT_TRACE}-${'1'.repeat(16)}-01` },
    });
    await mcp.close();
    // Over HTTP the traceparent header carries it as well.
    const viaHeader = await connectHttp(t.server.mcpUrl!, {
      headers: { traceparent: `00-${PARENT_TRACE}-${'2'.repeat(16)}-01` },
    });
    await viaHeader.client.callTool({ name: 'fs.stat', arguments: { path: 'w.txt' } });
    await viaHeader.close();
  } finally {
    await t.close(); // shutting down sends the spans still held
    cleanup();
  }
  await otlp.close();
  assert.ok(otlp.got.length >= 1);
  for (const r of otlp.got) {
    assert.equal(r.path, '/v1/traces');
    assert.match(String(r.headers['content-type']), /^application\/json/);
    assert.ok(!r.body.toString().includes(SECRET), 'no argument value leaves in a span');
  }
  const batches = otlp.got.map(
    (r) =>
      JSON.parse(r.body.toString()) as {
        resourceSpans: Array<{
          resource: { attributes: JsonSpan['attributes'] };
          scopeSpans: Array<{ spans: JsonSpan[] }>;
        }>;
      },
  );
  const resource = batches[0]!.resourceSpans[0]!.resource.attributes;
  assert.equal(resource.find((a) => a.key === 'service.name')?.value.stringValue, 'facet-under-test');
  const spans = batches.flatMap((b) => b.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)));
  assert.equal(spans.length, 4);
  const attrs = (s: JsonSpan) => Object.fromEntries(s.attributes.map((a) => [a.key, a.value.stringValue]));
  const [failed, written, viaMcp] = [
    spans.find((s) => attrs(s)['gen_ai.tool.name'] === 'fs.read' && attrs(s)['rpc.method'])!,
    spans.find((s) => attrs(s)['gen_ai.tool.name'] === 'fs.write')!,
    spans.find((s) => attrs(s)['mcp.method.name'])!,
  ];

  assert.equal(failed.name, 'codefly.services.toolbox.v0.Toolbox/CallTool');
  assert.equal(failed.kind, 2); // SERVER
  assert.equal(failed.traceId.toLowerCase(), PARENT_TRACE);
  assert.equal(failed.parentSpanId?.toLowerCase(), PARENT_SPAN);
  assert.deepEqual(attrs(failed), {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': 'fs.read',
    'facet.shape': 'core',
    'facet.session': 'tr',
    'rpc.system.name': 'grpc',
    'rpc.method': 'codefly.services.toolbox.v0.Toolbox/CallTool',
    'facet.outcome': 'NOT_FOUND',
    'rpc.response.status_code': 'OK',
    'facet.failure_code': 'NOT_FOUND',
    'error.type': 'NOT_FOUND',
  });
  assert.equal(failed.status?.code, 2); // ERROR

  // No traceparent: a new trace of its own.
  assert.notEqual(written.traceId.toLowerCase(), PARENT_TRACE);
  assert.ok(!written.parentSpanId);
  assert.equal(attrs(written)['facet.outcome'], 'ok');
  assert.equal(attrs(written)['facet.failure_code'], undefined);

  // MCP: named "{method} {tool}", parent from params._meta.traceparent.
  assert.equal(viaMcp.name, 'tools/call fs.read');
  assert.equal(viaMcp.traceId.toLowerCase(), PARENT_TRACE);
  assert.equal(viaMcp.parentSpanId?.toLowerCase(), '1'.repeat(16));
  assert.equal(attrs(viaMcp)['facet.outcome'], 'ok');
  assert.match(attrs(viaMcp)['facet.session']!, /\S/);
  const viaHeader = spans.find((s) => attrs(s)['gen_ai.tool.name'] === 'fs.stat')!;
  assert.equal(viaHeader.name, 'tools/call fs.stat');
  assert.equal(viaHeader.traceId.toLowerCase(), PARENT_TRACE);
  assert.equal(viaHeader.parentSpanId?.toLowerCase(), '2'.repeat(16));
});

test('the default protocol is OTLP protobuf over HTTP', async () => {
  const otlp = await receiver();
  const { dir, cleanup } = tempDir();
  const t = await startTestServer(['--root', dir, '--shape', 'core'], {
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${otlp.url}/custom/traces`,
  });
  try {
    const traceparent = `00-${PARENT_TRACE}-${PARENT_SPAN}-01`;
    await call(t.client, 'fs.list', { path: '.' }, { session: 'pb', metadata: { traceparent } });
  } finally {
    await t.close();
    cleanup();
  }
  await otlp.close();
  assert.equal(otlp.got.length, 1);
  const r = otlp.got[0]!;
  assert.equal(r.path, '/custom/traces');
  assert.equal(r.headers['content-type'], 'application/x-protobuf');
  // The wire bytes hold the caller's trace id (16 raw bytes), the span name and the tool.
  assert.ok(r.body.includes(Buffer.from(PARENT_TRACE, 'hex')));
  assert.ok(r.body.includes(Buffer.from(PARENT_SPAN, 'hex')));
  assert.ok(r.body.includes(Buffer.from('codefly.services.toolbox.v0.Toolbox/CallTool')));
  assert.ok(r.body.includes(Buffer.from('fs.list')));
});

test('a protocol Facet does not export is refused at start-up, naming the variable', async () => {
  const { parseConfig } = await import('../../src/config.js');
  assert.throws(
    () =>
      parseConfig([], { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    {
      message:
        'OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (Facet exports OTLP over HTTP), got "grpc"',
    },
  );
  assert.equal(
    parseConfig([], { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://h:4318/', OTEL_SDK_DISABLED: 'true' }).tracing,
    null,
  );
  assert.deepEqual(parseConfig([], { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://h:4318/' }).tracing, {
    url: 'http://h:4318/v1/traces',
    protocol: 'http/protobuf',
    serviceName: 'facet',
  });
});
