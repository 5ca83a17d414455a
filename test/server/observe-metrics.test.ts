// --metrics-listen: a scrape after known calls over gRPC (unary and CallToolStream) and MCP
// gives exact counts, counted once at the toolbox for every transport.
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { CallToolEvent, ToolboxStreamClient } from '../../src/gen/facet/toolbox/v1/stream.js';
import { connectHttp, connectStdio } from '../mcp/fixture.js';
import { metadataFor, serverFixture } from '../helpers/server.js';

/** The samples of a Prometheus text page, keyed `name{label="value",...}` with labels sorted. */
export function samples(page: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of page.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels = m[2]
      ? [...m[2].matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((l) => `${l[1]}="${l[2]}"`).sort()
      : [];
    out.set(labels.length > 0 ? `${m[1]}{${labels.join(',')}}` : m[1]!, Number(m[3]));
  }
  return out;
}

/** A key as `samples` writes it. */
function key(name: string, labels: Record<string, string>): string {
  const l = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  return `${name}{${l.join(',')}}`;
}

async function scrape(url: string): Promise<{ status: number; type: string; page: string }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type') ?? '', page: await res.text() };
}

describe('metrics', () => {
  const { t, call } = serverFixture({
    shape: 'core',
    session: 'm1',
    args: ['--metrics-listen', '127.0.0.1:0', '--mcp-listen', '127.0.0.1:0'],
  });

  test('a scrape after known calls has exact counts by transport, shape, tool and outcome', async () => {
    const url = t.server.metricsUrl!;
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const before = samples((await scrape(url)).page);
    // Present from the start, before any call: gauges at 0 and the process defaults.
    assert.equal(before.get('facet_sessions'), 0);
    assert.equal(before.get('facet_background_jobs'), 0);
    assert.equal(before.get('facet_language_servers'), 0);
    assert.ok(before.has('process_cpu_user_seconds_total'));
    assert.ok(before.has('nodejs_eventloop_lag_seconds'));

    assert.equal((await call('fs.write', { path: 'a.txt', content: 'hello\n' })).error, '');
    assert.equal((await call('fs.read', { path: 'a.txt' })).error, '');
    assert.equal((await call('fs.read', { path: 'a.txt' })).error, '');
    assert.notEqual((await call('fs.read', { path: 'missing.txt' })).error, '');
    assert.notEqual((await call('no.such.tool', {})).error, '');
    const failed = await call('shell.run', { command: 'exit 3' });
    assert.equal(failed.failure?.code !== undefined, true);
    const job = await call('shell.start', { command: 'sleep 30' });
    assert.equal(job.error, '');

    // CallToolStream: the same boundary, its own RPC method.
    const streamClient = new ToolboxStreamClient(t.address, grpc.credentials.createInsecure());
    await new Promise<void>((resolve, reject) => {
      const s = streamClient.callToolStream(
        { name: 'shell.run', arguments: { command: 'echo hi' }, roots: [] },
        metadataFor({ session: 'm1' }),
      );
      s.on('data', (_e: CallToolEvent) => undefined);
      s.on('error', reject);
      s.on('end', () => resolve());
    });
    streamClient.close();

    // A transport error: a shape this server does not serve is refused with a status, no tool runs.
    await assert.rejects(call('fs.read', { path: 'a.txt' }, { shape: 'nope', session: 'm1' }), /unknown shape/);

    // MCP tools/call, on its own session.
    const mcp = await connectHttp(t.server.mcpUrl!);
    const r = await mcp.client.callTool({ name: 'fs.read', arguments: { path: 'a.txt' } });
    assert.equal(r.isError ?? false, false);

    const got = await scrape(url);
    await mcp.close();
    assert.equal(got.status, 200);
    assert.match(got.type, /^text\/plain; version=0\.0\.4/);
    const s = samples(got.page);
    const calls = (transport: string, tool: string, outcome: string) =>
      s.get(key('facet_tool_calls_total', { transport, shape: 'core', tool, outcome }));
    assert.equal(calls('grpc', 'fs.write', 'ok'), 1);
    assert.equal(calls('grpc', 'fs.read', 'ok'), 2);
    assert.equal(calls('grpc', 'fs.read', 'NOT_FOUND'), 1);
    assert.equal(calls('grpc', '_OTHER', 'NOT_FOUND'), 1);
    assert.equal(calls('grpc', 'shell.run', 'PROCESS_FAILED'), 1);
    assert.equal(calls('grpc', 'shell.run', 'ok'), 1);
    assert.equal(calls('grpc', 'shell.start', 'ok'), 1);
    assert.equal(calls('mcp', 'fs.read', 'ok'), 1);
    const total = [...s].filter(([k]) => k.startsWith('facet_tool_calls_total{')).reduce((n, [, v]) => n + v, 0);
    assert.equal(total, 9);

    const rpc = (method: string) =>
      s.get(
        key('rpc_server_call_duration_seconds_count', {
          rpc_system_name: 'grpc',
          rpc_method: method,
          rpc_response_status_code: 'OK',
        }),
      );
    assert.equal(rpc('codefly.services.toolbox.v0.Toolbox/CallTool'), 7);
    assert.equal(rpc('facet.toolbox.v1.ToolboxStream/CallToolStream'), 1);
    assert.equal(
      s.get(
        key('mcp_server_operation_duration_seconds_count', {
          mcp_method_name: 'tools/call',
          gen_ai_tool_name: 'fs.read',
          gen_ai_operation_name: 'execute_tool',
        }),
      ),
      1,
    );
    assert.equal(s.get(key('facet_tool_call_duration_seconds_count', { shape: 'core', tool: 'fs.read' })), 4);
    assert.equal(
      s.get(key('facet_tool_call_duration_seconds_bucket', { shape: 'core', tool: 'fs.read', le: '+Inf' })),
      4,
    );
    assert.equal(s.get(key('facet_tool_calls_in_flight', { transport: 'grpc', shape: 'core' })), 0);
    assert.equal(s.get(key('facet_tool_calls_in_flight', { transport: 'mcp', shape: 'core' })), 0);
    assert.equal(s.get(key('facet_transport_errors_total', { transport: 'grpc', code: 'INVALID_ARGUMENT' })), 1);
    assert.equal(s.get(key('facet_file_written_bytes_total', { shape: 'core' })), 6);
    // The session m1 and the MCP client's session.
    assert.equal(s.get('facet_sessions'), 2);
    assert.equal(s.get('facet_background_jobs'), 1);
    // No code tool ran: no language server started.
    assert.equal(s.get('facet_language_servers'), 0);

    const jobId = (
      job.content.find((c) => c.body?.$case === 'structured')?.body as { value: { job_id?: string; id?: string } }
    ).value;
    await call('shell.stop', { job_id: jobId.job_id ?? jobId.id });
  });

  test('anything but GET /metrics is not found', async () => {
    const base = t.server.metricsUrl!.replace(/\/metrics$/, '');
    assert.equal((await fetch(`${base}/`)).status, 404);
    assert.equal((await fetch(`${base}/metrics`, { method: 'POST' })).status, 404);
  });
});

describe('metrics with --lsp on', () => {
  const { t, call } = serverFixture({
    shape: 'core',
    session: 'm2',
    args: [
      '--metrics-listen',
      '127.0.0.1:0',
      '--lsp',
      'on',
      '--lsp-start-timeout-ms',
      '120000',
      '--lsp-request-timeout-ms',
      '60000',
    ],
    setup: (dir) => {
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }),
      );
      writeFileSync(path.join(dir, 'a.ts'), 'export const one: number = 1;\n');
    },
  });

  test('facet_language_servers counts the server a code tool started', { timeout: 180_000 }, async () => {
    const url = t.server.metricsUrl!;
    assert.equal(samples((await scrape(url)).page).get('facet_language_servers'), 0);
    const r = await call('code.diagnostics', { path: 'a.ts' }, { session: 'm2', deadlineMs: 170_000 });
    assert.equal(r.error, '');
    assert.equal(samples((await scrape(url)).page).get('facet_language_servers'), 1);
  });
});

describe('metrics beside MCP on stdio', () => {
  test('`facet mcp --metrics-listen` serves the counts of its stdio calls, and logs the URL on stderr', async (tc) => {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'facet-metrics-stdio-')));
    tc.after(() => rmSync(root, { recursive: true, force: true }));
    writeFileSync(path.join(root, 'a.txt'), 'hello\n');
    const mcp = await connectStdio('core', root, { logLevel: 'info', args: ['--metrics-listen', '127.0.0.1:0'] });
    try {
      assert.equal(
        (await mcp.client.callTool({ name: 'fs.read', arguments: { path: 'a.txt' } })).isError ?? false,
        false,
      );
      assert.equal((await mcp.client.callTool({ name: 'fs.read', arguments: { path: 'missing.txt' } })).isError, true);
      // Log lines reach stderr in batches (at least every 250 ms): wait for the line, not for a time.
      const servingLines = () =>
        mcp
          .stderr()
          .split('\n')
          .filter((l) => l.includes('serving MCP on stdio'));
      for (let i = 0; i < 200 && servingLines().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const serving = servingLines().map((l) => JSON.parse(l) as { metrics?: string });
      assert.equal(serving.length, 1);
      const url = serving[0]!.metrics!;
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const s = samples((await scrape(url)).page);
      assert.equal(
        s.get(key('facet_tool_calls_total', { transport: 'mcp', shape: 'core', tool: 'fs.read', outcome: 'ok' })),
        1,
      );
      assert.equal(
        s.get(
          key('facet_tool_calls_total', { transport: 'mcp', shape: 'core', tool: 'fs.read', outcome: 'NOT_FOUND' }),
        ),
        1,
      );
      assert.equal(s.get('facet_sessions'), 1);
    } finally {
      await mcp.close();
    }
  });
});
