// What a sidecar costs to start and to keep idle (issue 38), side by side with the lightest
// peers, in interleaved rounds: (1) `facet mcp --shape claude`, spawn → `initialize` answered
// through the official SDK client, against the MCP filesystem server; (2) the resident memory
// of each once idle; (3) `facet serve`, spawn → its gRPC port accepts a connection, against a
// bare grpc-js server (bench/echo-server.js), and both idle; (4) `facet tools --shape claude`,
// spawn → exit, against a fixed bound (and `node -e 0` shown for the machine's own floor).
// FACET_CLI=<path to cli.js> measures another build (e.g. main's) with the same bench.
import { spawn } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, loadAverage, median, processCpuUs, ratioRow, report, reportRatios, rssKb } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = process.env.FACET_CLI ? path.resolve(process.env.FACET_CLI) : CLI;
/** Node flags for the Facet processes only (FACET_NODE_FLAGS='--max-semi-space-size=1'), to measure their effect. */
const nodeFlags = (process.env.FACET_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const work = path.resolve(here, '../../bench/.work/startup');
mkdirSync(work, { recursive: true });
const root = realpathSync(work);
writeFileSync(path.join(root, 'a.txt'), 'a\n');
const FS_SERVER = path.resolve(here, '../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const ROUNDS = Number(process.env.ROUNDS ?? 7);
/** How long a server is left alone after it answers before its resident memory is read. */
const SETTLE_MS = 1500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  startMs: number;
  /** CPU (user + system) the server used until ready: steadier than wall time on a loaded machine. */
  cpuMs: number;
  rssMb: number;
}

/** Spawns an MCP server over stdio; the time until the SDK client's initialize is answered, then idle RSS. */
async function mcpStart(args: string[]): Promise<Sample> {
  const transport = new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' });
  const client = new Client({ name: 'facet-bench', version: '0' });
  const t0 = performance.now();
  await client.connect(transport);
  const startMs = performance.now() - t0;
  const pid = (transport as unknown as { pid: number }).pid;
  const cpuMs = processCpuUs(pid) / 1000;
  await sleep(SETTLE_MS);
  const rssMb = rssKb(pid) / 1024;
  await client.close();
  return { startMs, cpuMs, rssMb };
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** Polls until a TCP connection to the port is accepted. */
async function accepts(port: number, exited: () => boolean): Promise<void> {
  for (;;) {
    if (exited()) throw new Error('the server exited before it listened');
    const ok = await new Promise<boolean>((resolve) => {
      const c = net.connect(port, '127.0.0.1');
      c.once('connect', () => {
        c.destroy();
        resolve(true);
      });
      c.once('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(2);
  }
}

/** Spawns a gRPC server listening on a known port; the time until the port accepts, then idle RSS. */
async function grpcStart(argsFor: (port: number) => string[]): Promise<Sample> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, argsFor(port), {
    stdio: 'ignore',
    env: { ...process.env, ECHO_PORT: String(port) },
  });
  let gone = false;
  child.once('exit', () => (gone = true));
  await accepts(port, () => gone);
  const startMs = performance.now() - t0;
  const cpuMs = processCpuUs(child.pid) / 1000;
  await sleep(SETTLE_MS);
  const rssMb = rssKb(child.pid!) / 1024;
  const exit = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exit;
  return { startMs, cpuMs, rssMb };
}

/**
 * Spawn → exit of a command that prints and stops: its wall time, and its CPU, read as the growth
 * of this process's reaped children's CPU (nothing else is spawned meanwhile).
 */
async function runToExit(args: string[]): Promise<Sample> {
  const cpu0 = childrenCpuUs();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  const startMs = performance.now() - t0;
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}`);
  return { startMs, cpuMs: (childrenCpuUs() - cpu0) / 1000, rssMb: NaN };
}

/** CPU (user + system) of this process's children that have been waited for, in µs. */
function childrenCpuUs(): number {
  return processCpuUs(process.pid, true) - processCpuUs(process.pid);
}

const subjects = {
  facetMcp: () => mcpStart([...nodeFlags, cli, 'mcp', '--shape', 'claude', '--root', root, '--log-level', 'info']),
  fsServer: () => mcpStart([FS_SERVER, root]),
  facetServe: () =>
    grpcStart((port) => [
      ...nodeFlags,
      cli,
      'serve',
      '--listen',
      `127.0.0.1:${port}`,
      '--root',
      root,
      '--log-level',
      'info',
    ]),
  bareGrpc: () => grpcStart(() => [path.join(here, 'echo-server.js'), '']),
  facetTools: () => runToExit([...nodeFlags, cli, 'tools', '--shape', 'claude']),
  nodeNothing: () => runToExit(['-e', '0']),
};
const samples: Record<string, Sample[]> = {};
for (const name of Object.keys(subjects)) samples[name] = [];
// One warm-up of each (disk cache), then rounds that alternate, so other load falls on all alike.
for (const run of Object.values(subjects)) await run();
for (let r = 0; r < ROUNDS; r++) for (const [name, run] of Object.entries(subjects)) samples[name]!.push(await run());

const start = (name: string) => median(samples[name]!.map((s) => s.startMs));
const rss = (name: string) => median(samples[name]!.map((s) => s.rssMb));
const cpu = (name: string) => median(samples[name]!.map((s) => s.cpuMs));
const wall = start;

report('start-up (ms, spawn → ready) and idle resident memory (MB): medians over rounds', [
  {
    process: 'facet mcp --shape claude',
    'start ms': start('facetMcp'),
    'start CPU ms': cpu('facetMcp'),
    'idle RSS MB': rss('facetMcp'),
  },
  {
    process: 'MCP filesystem server',
    'start ms': start('fsServer'),
    'start CPU ms': cpu('fsServer'),
    'idle RSS MB': rss('fsServer'),
  },
  {
    process: 'facet serve (core)',
    'start ms': start('facetServe'),
    'start CPU ms': cpu('facetServe'),
    'idle RSS MB': rss('facetServe'),
  },
  {
    process: 'bare grpc-js server',
    'start ms': start('bareGrpc'),
    'start CPU ms': cpu('bareGrpc'),
    'idle RSS MB': rss('bareGrpc'),
  },
  {
    process: 'facet tools --shape claude',
    'start ms': wall('facetTools'),
    'start CPU ms': cpu('facetTools'),
    'idle RSS MB': '',
  },
  { process: 'node -e 0', 'start ms': wall('nodeNothing'), 'start CPU ms': cpu('nodeNothing'), 'idle RSS MB': '' },
]);
const toolsSeconds = wall('facetTools') / 1000;
reportRatios('ratios (targets of issue 38)', [
  ratioRow('facet mcp start / MCP filesystem server', start('facetMcp'), start('fsServer'), { max: 1.0 }),
  ratioRow('facet mcp start CPU / MCP filesystem server (shown)', cpu('facetMcp'), cpu('fsServer'), { max: 1.0 }),
  ratioRow('facet mcp idle RSS / MCP filesystem server', rss('facetMcp'), rss('fsServer'), { max: 1.0 }),
  ratioRow('facet serve start / bare grpc-js', start('facetServe'), start('bareGrpc'), { max: 2.0 }),
  ratioRow('facet serve start CPU / bare grpc-js (shown)', cpu('facetServe'), cpu('bareGrpc'), { max: 2.0 }),
  ratioRow('facet serve idle RSS / bare grpc-js', rss('facetServe'), rss('bareGrpc'), { max: 1.2 }),
  // An absolute bound: the ratio column is seconds against 1 s.
  ratioRow('facet tools --shape claude (s)', toolsSeconds, 1, { max: 0.25 }),
  ratioRow('facet tools --shape claude, CPU (s, shown)', cpu('facetTools') / 1000, 1, { max: 0.25 }),
  ratioRow('facet tools / node -e 0 (the floor, shown)', wall('facetTools'), wall('nodeNothing'), { max: Infinity }),
]);
console.log(
  `\n${ROUNDS} interleaved rounds after one warm-up each; idle RSS read ${SETTLE_MS} ms after the server answered; build measured: ${cli}${nodeFlags.length ? ` with ${nodeFlags.join(' ')}` : ''}; load average ${loadAverage()}`,
);
