// A small CallTool (fs.read of a 1 KB file) through Facet, versus a bare grpc-js unary echo
// carrying the same bytes, versus the same read through the MCP filesystem server over stdio.
// Every server runs in its own process. Targets: Facet p50 ≤ 1.3× echo, throughput ≥ 0.75× echo,
// and ≥ 1.5× the MCP server's throughput at concurrency 32.
import { spawn } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResponse } from '../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, fmt, load, report, startFacet, stats, verdict } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.resolve(here, '../../bench/.work/foundation');
mkdirSync(work, { recursive: true });
const root = realpathSync(work);
const file = path.join(root, 'small.txt');
writeFileSync(file, Array.from({ length: 20 }, (_, i) => `line ${i + 1} ${'x'.repeat(40)}`).join('\n') + '\n');

const WARMUP = 300;
const N1 = 2000;
const N32 = 6000;

async function startEcho(size: number): Promise<{ call: () => Promise<void>; stop: () => void }> {
  const child = spawn(process.execPath, [path.join(here, 'echo-server.js'), String(size)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      const m = /port (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
  });
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const request = Buffer.from(JSON.stringify({ name: 'fs.read', arguments: { path: 'small.txt' } }));
  const identity = (b: Buffer) => b;
  const call = () =>
    new Promise<void>((resolve, reject) => {
      client.makeUnaryRequest('/bench.Echo/Echo', identity, identity, request, (err) => (err ? reject(err) : resolve()));
    });
  return { call, stop: () => (client.close(), child.kill('SIGTERM')) };
}

async function measure(name: string, call: () => Promise<unknown>) {
  await load(8, WARMUP, call);
  const c1 = await load(1, N1, call);
  const c32 = await load(32, N32, call);
  return { name, p50: stats(c1.latencies).p50, p99: stats(c1.latencies).p99, rps1: c1.perSecond, p50c32: stats(c32.latencies).p50, rps32: c32.perSecond };
}

const facet = await startFacet(['--root', root, '--shape', 'core']);
const sample = await callTool(facet.client, 'fs.read', { path: 'small.txt' });
const responseBytes = CallToolResponse.encode(sample).finish().length;
const facetResult = await measure('facet fs.read', () => callTool(facet.client, 'fs.read', { path: 'small.txt' }));
await facet.stop();

const echo = await startEcho(responseBytes);
const echoResult = await measure(`grpc-js echo (${responseBytes} B)`, echo.call);
echo.stop();

const mcpTransport = new StdioClientTransport({
  command: process.execPath,
  args: [path.resolve(here, '../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'), root],
  stderr: 'ignore',
});
const mcp = new Client({ name: 'facet-bench', version: '0' });
await mcp.connect(mcpTransport);
const mcpResult = await measure('mcp server-filesystem read_text_file', () => mcp.callTool({ name: 'read_text_file', arguments: { path: file } }));
await mcp.close();

report('small CallTool: latency (ms, concurrency 1) and throughput (calls/s)', [facetResult, echoResult, mcpResult].map((r) => ({
  server: r.name,
  'p50 c1': r.p50,
  'p99 c1': r.p99,
  'calls/s c1': r.rps1,
  'p50 c32': r.p50c32,
  'calls/s c32': r.rps32,
})));
const p50Ratio = facetResult.p50 / echoResult.p50;
const tputRatio = facetResult.rps32 / echoResult.rps32;
const mcpRatio = facetResult.rps32 / mcpResult.rps32;
report('ratios against the references', [
  { measure: 'p50 facet / echo (c1)', ratio: p50Ratio, target: '≤ 1.30', verdict: verdict(p50Ratio, 1.3) },
  { measure: 'throughput facet / echo (c32)', ratio: tputRatio, target: '≥ 0.75', verdict: verdict(tputRatio, 0.75, false) },
  { measure: 'throughput facet / mcp (c32)', ratio: mcpRatio, target: '≥ 1.50', verdict: verdict(mcpRatio, 1.5, false) },
]);
console.log(`\nresponse size ${responseBytes} B; ${fmt(N1, 0)} calls at c1, ${fmt(N32, 0)} at c32 after ${WARMUP} warm-up calls`);
