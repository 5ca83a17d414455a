// A small CallTool (fs.read of a 1 KB file) through Facet, versus a bare grpc-js unary echo
// carrying the same bytes, versus the same read through the MCP filesystem server over stdio.
// Every server runs in its own process. Targets: Facet p50 ≤ 1.3× echo, throughput ≥ 0.75× echo,
// and ≥ 1.5× the MCP server's throughput at concurrency 32.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolRequest, CallToolResponse } from '../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, fmt, load, report, startFacet, stats, verdict } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.resolve(here, '../../bench/.work/foundation');
mkdirSync(work, { recursive: true });
const root = realpathSync(work);
const file = path.join(root, 'small.txt');
writeFileSync(file, Array.from({ length: 20 }, (_, i) => `line ${i + 1} ${'x'.repeat(40)}`).join('\n') + '\n');

const WARMUP = 500;
const N1 = 1000;
const N32 = 3000;
const ROUNDS = 5;

async function startEcho(response: Uint8Array): Promise<{ pid: number; call: () => Promise<void>; stop: () => void }> {
  const hex = Buffer.from(response).toString('hex');
  const child = spawn(process.execPath, [path.join(here, 'echo-server.js'), hex], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      const m = /port (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
  });
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  // The client encodes and decodes the contract's messages, as it does when calling Facet.
  const serialize = (req: CallToolRequest) => Buffer.from(CallToolRequest.encode(req).finish());
  const deserialize = (b: Buffer) => CallToolResponse.decode(b);
  const call = () =>
    new Promise<void>((resolve, reject) => {
      const req = { name: 'fs.read', arguments: { path: 'small.txt' }, roots: [] };
      client.makeUnaryRequest('/bench.Echo/Echo', serialize, deserialize, req, (err) => (err ? reject(err) : resolve()));
    });
  return { pid: child.pid!, call, stop: () => (client.close(), child.kill('SIGTERM')) };
}

interface Round {
  /** Server CPU (user + system) per call at concurrency 32, in microseconds. */
  cpuUs: number;
  p50: number;
  p99: number;
  rps1: number;
  p50c32: number;
  rps32: number;
}

/** CPU time (user + system) a process has used, in microseconds, from /proc. */
function cpuUs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / 100) * 1e6;
}

async function round(call: () => Promise<unknown>, pid: number | undefined): Promise<Round> {
  const c1 = await load(1, N1, call);
  const before = cpuUs(pid);
  const c32 = await load(32, N32, call);
  const used = cpuUs(pid) - before;
  const s1 = stats(c1.latencies);
  return { cpuUs: used / N32, p50: s1.p50, p99: s1.p99, rps1: c1.perSecond, p50c32: stats(c32.latencies).p50, rps32: c32.perSecond };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const facet = await startFacet(['--root', root, '--shape', 'core']);
const sample = await callTool(facet.client, 'fs.read', { path: 'small.txt' });
const responseBody = CallToolResponse.encode(sample).finish();
const responseBytes = responseBody.length;
const echo = await startEcho(responseBody);
const mcpTransport = new StdioClientTransport({
  command: process.execPath,
  args: [path.resolve(here, '../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'), root],
  stderr: 'ignore',
});
const mcp = new Client({ name: 'facet-bench', version: '0' });
await mcp.connect(mcpTransport);

const mcpPid = (mcpTransport as unknown as { pid: number | null }).pid ?? undefined;
const subjects: Array<{ name: string; pid: number | undefined; call: () => Promise<unknown>; rounds: Round[] }> = [
  { name: 'facet fs.read', pid: facet.pid, call: () => callTool(facet.client, 'fs.read', { path: 'small.txt' }), rounds: [] },
  { name: `grpc-js echo (${responseBytes} B)`, pid: echo.pid, call: echo.call, rounds: [] },
  { name: 'mcp server-filesystem read_text_file', pid: mcpPid, call: () => mcp.callTool({ name: 'read_text_file', arguments: { path: file } }), rounds: [] },
];
for (const s of subjects) await load(8, WARMUP, s.call);
// Rounds alternate between the servers so that load from elsewhere on the machine falls on all alike.
for (let r = 0; r < ROUNDS; r++) for (const s of subjects) s.rounds.push(await round(s.call, s.pid));
await facet.stop();
echo.stop();
await mcp.close();

const summary = subjects.map((s) => ({
  name: s.name,
  p50: median(s.rounds.map((r) => r.p50)),
  p99: median(s.rounds.map((r) => r.p99)),
  rps1: median(s.rounds.map((r) => r.rps1)),
  p50c32: median(s.rounds.map((r) => r.p50c32)),
  rps32: median(s.rounds.map((r) => r.rps32)),
  cpuUs: median(s.rounds.map((r) => r.cpuUs)),
}));
const [facetResult, echoResult, mcpResult] = summary as [(typeof summary)[0], (typeof summary)[0], (typeof summary)[0]];

report(
  'small CallTool: medians over rounds; latency (ms) and throughput (calls/s)',
  summary.map((r) => ({
    server: r.name,
    'p50 c1': r.p50,
    'p99 c1': r.p99,
    'calls/s c1': r.rps1,
    'p50 c32': r.p50c32,
    'calls/s c32': r.rps32,
    'server CPU µs/call': r.cpuUs,
  })),
);
const p50Ratio = facetResult.p50 / echoResult.p50;
const tputRatio = facetResult.rps32 / echoResult.rps32;
const mcpRatio = facetResult.rps32 / mcpResult.rps32;
const cpuRatio = facetResult.cpuUs / echoResult.cpuUs;
report('ratios against the references', [
  { measure: 'p50 facet / echo (c1)', ratio: p50Ratio, target: '≤ 1.30', verdict: verdict(p50Ratio, 1.3) },
  { measure: 'throughput facet / echo (c32)', ratio: tputRatio, target: '≥ 0.75', verdict: verdict(tputRatio, 0.75, false) },
  { measure: 'throughput facet / mcp (c32)', ratio: mcpRatio, target: '≥ 1.50', verdict: verdict(mcpRatio, 1.5, false) },
  { measure: 'server CPU per call facet / echo (c32)', ratio: cpuRatio, target: '(report)', verdict: '' },
]);
console.log(
  `\nresponse size ${responseBytes} B; ${ROUNDS} interleaved rounds of ${fmt(N1, 0)} calls at c1 and ${fmt(N32, 0)} at c32, after ${WARMUP} warm-up calls each`,
);
