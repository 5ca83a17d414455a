// A small CallTool (fs.read of a 1 KB file) through Facet, versus a bare grpc-js unary echo
// carrying the same bytes, versus the same read through the MCP filesystem server over stdio.
// Every server runs in its own process. Every figure is printed as a ratio with its target and
// verdict (issue 19: p50 at c1 and server CPU per call are the fair measures on a shared machine).
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResponse } from '../src/gen/codefly/services/toolbox/v0/toolbox.js';
import {
  callTool,
  fmt,
  load,
  median,
  processCpuUs,
  ratioRow,
  report,
  reportRatios,
  startEcho,
  startFacet,
  stats,
} from './lib.js';
import { smallText } from './small-calls.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.resolve(here, '../../bench/.work/foundation');
mkdirSync(work, { recursive: true });
const root = realpathSync(work);
const file = path.join(root, 'small.txt');
writeFileSync(file, smallText());

const WARMUP = 500;
const N1 = 1000;
const N32 = 3000;
const ROUNDS = 5;

interface Round {
  /** Server CPU (user + system) per call at concurrency 32, in microseconds. */
  cpuUs: number;
  /** The same at concurrency 1 (coarser: 10 ms ticks over fewer calls). */
  cpuUs1: number;
  p50: number;
  p99: number;
  rps1: number;
  p50c32: number;
  rps32: number;
}

async function round(call: () => Promise<unknown>, pid: number | undefined): Promise<Round> {
  const at1 = processCpuUs(pid);
  const c1 = await load(1, N1, call);
  const before = processCpuUs(pid);
  const c32 = await load(32, N32, call);
  const used = processCpuUs(pid) - before;
  const s1 = stats(c1.latencies);
  return {
    cpuUs: used / N32,
    cpuUs1: (before - at1) / N1,
    p50: s1.p50,
    p99: s1.p99,
    rps1: c1.perSecond,
    p50c32: stats(c32.latencies).p50,
    rps32: c32.perSecond,
  };
}

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
  {
    name: 'facet fs.read',
    pid: facet.pid,
    call: () => callTool(facet.client, 'fs.read', { path: 'small.txt' }),
    rounds: [],
  },
  { name: `grpc-js echo (${responseBytes} B)`, pid: echo.pid, call: echo.call, rounds: [] },
  {
    name: 'mcp server-filesystem read_text_file',
    pid: mcpPid,
    call: () => mcp.callTool({ name: 'read_text_file', arguments: { path: file } }),
    rounds: [],
  },
];
for (const s of subjects) await load(8, WARMUP, s.call);
// Rounds alternate between the servers so that load from elsewhere on the machine falls on all alike.
for (let r = 0; r < ROUNDS; r++) for (const s of subjects) s.rounds.push(await round(s.call, s.pid));
await facet.stop();
await echo.stop();
await mcp.close();

const summary = subjects.map((s) => ({
  name: s.name,
  p50: median(s.rounds.map((r) => r.p50)),
  p99: median(s.rounds.map((r) => r.p99)),
  rps1: median(s.rounds.map((r) => r.rps1)),
  p50c32: median(s.rounds.map((r) => r.p50c32)),
  rps32: median(s.rounds.map((r) => r.rps32)),
  cpuUs: median(s.rounds.map((r) => r.cpuUs)),
  cpuUs1: median(s.rounds.map((r) => r.cpuUs1)),
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
    'server CPU µs/call c1': r.cpuUs1,
    'server CPU µs/call c32': r.cpuUs,
  })),
);
// Every figure against both references. Issue 19's targets: p50 at c1 ≤ 1.3× the echo and
// no worse than the MCP server's; CPU per call ≤ 1.3× the echo and ≤ 0.5× the MCP server's.
// The foundation's throughput targets at c32 stay (≥ 0.75× echo, ≥ 1.5× MCP), though client
// and server share two cores there; p99 and p50 at c32 are held to the same bounds as p50 and
// as throughput (1 / 0.75).
const f = facetResult;
reportRatios('ratios: facet against the references (value and reference as in the table above)', [
  ratioRow('p50 c1 / echo', f.p50, echoResult.p50, { max: 1.3 }),
  ratioRow('p50 c1 / mcp', f.p50, mcpResult.p50, { max: 1.0 }),
  ratioRow('server CPU per call c32 / echo', f.cpuUs, echoResult.cpuUs, { max: 1.3 }),
  ratioRow('server CPU per call c32 / mcp', f.cpuUs, mcpResult.cpuUs, { max: 0.5 }),
  ratioRow('server CPU per call c1 / echo', f.cpuUs1, echoResult.cpuUs1, { max: 1.3 }),
  ratioRow('server CPU per call c1 / mcp', f.cpuUs1, mcpResult.cpuUs1, { max: 0.5 }),
  ratioRow('p99 c1 / echo', f.p99, echoResult.p99, { max: 1.3 }),
  ratioRow('p99 c1 / mcp', f.p99, mcpResult.p99, { max: 1.0 }),
  ratioRow('throughput c1 / echo', f.rps1, echoResult.rps1, { min: 1 / 1.3 }),
  ratioRow('throughput c1 / mcp', f.rps1, mcpResult.rps1, { min: 1.0 }),
  ratioRow('throughput c32 / echo', f.rps32, echoResult.rps32, { min: 0.75 }),
  ratioRow('throughput c32 / mcp', f.rps32, mcpResult.rps32, { min: 1.5 }),
  ratioRow('p50 c32 / echo', f.p50c32, echoResult.p50c32, { max: 1 / 0.75 }),
  ratioRow('p50 c32 / mcp', f.p50c32, mcpResult.p50c32, { max: 1 / 1.5 }),
]);
console.log(
  `\nresponse size ${responseBytes} B; ${ROUNDS} interleaved rounds of ${fmt(N1, 0)} calls at c1 and ${fmt(N32, 0)} at c32, after ${WARMUP} warm-up calls each`,
);
