// Shared bench helpers: a Facet server in its own process (as in production), load
// generation, latency statistics and a plain report. Benches print ratios against a reference.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import { CallToolRequest, CallToolResponse, ToolboxClient } from '../src/gen/codefly/services/toolbox/v0/toolbox.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** dist/src/cli.js, next to this compiled file's dist/bench/. */
export const CLI = path.resolve(here, '../src/cli.js');
/** Server logs of bench runs (bench/.work is ignored by git). */
const LOGS = path.resolve(here, '../../bench/.work/logs');
let started = 0;

/**
 * Servers this bench started and has not stopped. A bench that fails part way (a call answered
 * with an error throws) would leave them running, holding the terminal's pipe: they are killed
 * as the bench exits, however it exits.
 */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
}

export interface FacetProcess {
  address: string;
  /** Where the server's stdout (its log lines) goes; removed after a clean stop. */
  logFile: string;
  client: ToolboxClient;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `facet serve --listen 127.0.0.1:0 ...args` and waits for its "serving" log line.
 * Logs go to a file, as a production deployment's log collector would take them: a pipe
 * read by this (busy) load generator would make the server wait on the client.
 */
export async function startFacet(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  nodeArgs: string[] = [],
): Promise<FacetProcess> {
  mkdirSync(LOGS, { recursive: true });
  const logFile = path.join(LOGS, `facet-${process.pid}-${++started}.log`);
  const out = openSync(logFile, 'w');
  // Info level, as in production: the "serving" line carries the bound address, and the
  // per-call log line is part of the cost being measured.
  const child = spawn(
    process.execPath,
    [...nodeArgs, CLI, 'serve', '--listen', '127.0.0.1:0', '--log-level', 'info', ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', out, 'inherit'],
    },
  );
  closeSync(out);
  track(child);
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const address = await (async () => {
    for (;;) {
      for (const line of readFileSync(logFile, 'utf8').split('\n')) {
        if (!line.includes('"serving"')) continue;
        try {
          const j = JSON.parse(line) as { msg?: string; addresses?: string[] };
          if (j.msg === 'serving' && j.addresses?.[0]) return j.addresses[0];
        } catch {
          // the line is still being written
        }
      }
      if (exited !== undefined) throw new Error(`facet exited early with code ${exited}; see ${logFile}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const client = new ToolboxClient(address, grpc.credentials.createInsecure(), {
    'grpc.max_receive_message_length': 64 * 1024 * 1024,
  });
  return {
    address,
    logFile,
    client,
    pid: child.pid!,
    child,
    async stop() {
      client.close();
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      // A clean stop leaves no log behind; a failed one keeps it for reading.
      if (child.exitCode === 0) rmSync(logFile, { force: true });
    },
  };
}

export interface EchoProcess {
  pid: number;
  /** One unary call carrying a CallToolRequest, answered with the fixed response bytes. */
  call: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Starts bench/echo-server.js answering every call with `response` (a CallToolResponse Facet
 * produced), after spawning `command` (in `cwd`) when one is given. The client encodes and decodes the
 * contract's messages, as it does when calling Facet.
 */
export async function startEcho(
  response: Uint8Array,
  command: string[] = [],
  nodeArgs: string[] = [],
  cwd?: string,
): Promise<EchoProcess> {
  const hex = Buffer.from(response).toString('hex');
  const child = spawn(process.execPath, [...nodeArgs, path.join(here, 'echo-server.js'), hex, ...command], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd,
  });
  track(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`echo server exited with code ${code}`)));
    child.stdout.on('data', (d: Buffer) => {
      const m = /port (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
  });
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const serialize = (req: CallToolRequest) => Buffer.from(CallToolRequest.encode(req).finish());
  const deserialize = (b: Buffer) => CallToolResponse.decode(b);
  const req = { name: 'fs.read', arguments: { path: 'small.txt' }, roots: [] };
  const call = () =>
    new Promise<void>((resolve, reject) => {
      client.makeUnaryRequest('/bench.Echo/Echo', serialize, deserialize, req, (err) =>
        err ? reject(err) : resolve(),
      );
    });
  const stop = async () => {
    client.close();
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
  return { pid: child.pid!, call, stop };
}

export function callTool(
  client: ToolboxClient,
  name: string,
  args: Record<string, unknown>,
  shape?: string,
): Promise<CallToolResponse> {
  const md = new grpc.Metadata();
  if (shape) md.set('facet-shape', shape);
  return new Promise((resolve, reject) => {
    client.callTool({ name, arguments: args, roots: [] }, md, (err, res) => (err ? reject(err) : resolve(res!)));
  });
}

/**
 * Resets a process's peak resident set to its current one (Linux clear_refs 5), so a peak can be taken per scenario.
 */
export function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** Peak resident set (VmHWM) of a process, in KiB. */
export function peakRssKb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

export interface Stats {
  p50: number;
  p99: number;
  mean: number;
  n: number;
}

export function stats(samplesMs: number[]): Stats {
  const s = [...samplesMs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / (s.length || 1), n: s.length };
}

export interface LoadResult {
  seconds: number;
  perSecond: number;
  latencies: number[];
}

/** Runs `fn` `total` times with `concurrency` in flight; records each call's latency in ms. */
export async function load(concurrency: number, total: number, fn: () => Promise<unknown>): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next++;
      const t0 = performance.now();
      await fn();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { seconds, perSecond: total / seconds, latencies };
}

/** Times one async call in ms. */
export async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** The 1, 5 and 15 minute load averages, "0.3 1.4 2.2": every bench prints it beside its figures. */
export function loadAverage(): string {
  return loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
}

export function fmt(n: number, digits = 2): string {
  return Number.isFinite(n) ? n.toFixed(digits) : String(n);
}

/** Prints a titled table; each row is a record of column → value. */
export function report(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n## ${title}`);
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]!);
  const cells = rows.map((r) => cols.map((c) => (typeof r[c] === 'number' ? fmt(r[c] as number) : String(r[c] ?? ''))));
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  console.log(cols.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  for (const row of cells) console.log(row.map((v, i) => v.padEnd(widths[i]!)).join('  '));
}

/** A target line: "PASS"/"MISS" against a bound, for the summary. */
export function verdict(value: number, bound: number, lowerIsBetter = true): string {
  return (lowerIsBetter ? value <= bound : value >= bound) ? 'PASS' : 'MISS';
}

/** Current resident set (VmRSS) of a process, in KiB. */
export function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

export interface MemoryMap {
  /** glibc's main malloc arena (the brk heap). */
  brkHeap: number;
  /** glibc's per-thread malloc arenas: 64 MiB-aligned anonymous reservations. */
  threadArenas: number;
  /** How many such arenas exist. */
  arenaCount: number;
  /** Other anonymous memory: V8's heap pages, large malloc chunks (mmap'd), WebAssembly memories. */
  otherAnon: number;
  /** File-backed pages: node's code, shared libraries. */
  files: number;
  /** Thread stacks and the rest. */
  other: number;
}

/** Where a process's resident memory is, in KiB, from /proc/<pid>/smaps. */
export function memoryMap(pid: number): MemoryMap {
  const out: MemoryMap = { brkHeap: 0, threadArenas: 0, arenaCount: 0, otherAnon: 0, files: 0, other: 0 };
  interface Region {
    start: bigint;
    end: bigint;
    perms: string;
    name: string;
    rss: number;
  }
  const regions: Region[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head)
      regions.push({
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3]!,
        name: head[4]!,
        rss: 0,
      });
    else if (line.startsWith('Rss:') && regions.length) regions.at(-1)!.rss = Number(/(\d+)/.exec(line)![1]);
  }
  const ARENA = 64n * 1024n * 1024n;
  for (let i = 0; i < regions.length; i++) {
    const r = regions[i]!;
    if (r.name === '[heap]') out.brkHeap += r.rss;
    else if (r.name.startsWith('/')) out.files += r.rss;
    else if (r.name !== '') out.other += r.rss;
    else {
      // A thread arena: a 64 MiB-aligned reservation, its used part read-write and the rest
      // inaccessible (the ---p part follows it), 64 MiB in all.
      const next = regions[i + 1];
      const whole =
        next && next.name === '' && next.perms === '---p' && next.start === r.end
          ? next.end - r.start
          : r.end - r.start;
      if (r.start % ARENA === 0n && whole === ARENA && r.perms.startsWith('rw')) {
        out.threadArenas += r.rss;
        out.arenaCount++;
      } else out.otherAnon += r.rss;
    }
  }
  return out;
}

/** The middle value (the upper one of an even count). */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
}

/**
 * CPU time (user + system) a process has used so far, in microseconds. Its own time is the
 * sum of its live threads' run time from /proc/<pid>/task/<tid>/schedstat (nanoseconds; a
 * thread that has exited drops out, and Node's threads live as long as the process), or, where
 * schedstat is missing, /proc/<pid>/stat's clock ticks of 10 ms (take those over enough calls).
 * With `withChildren`, the children it has waited for (a command, rg) are added, in ticks.
 */
export function processCpuUs(pid: number | undefined, withChildren = false): number {
  if (pid === undefined) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const children = withChildren ? ((Number(fields[13]) + Number(fields[14])) / 100) * 1e6 : 0;
  const own = threadsCpuUs(pid) ?? ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6;
  return own + children;
}

function threadsCpuUs(pid: number): number | undefined {
  let ns = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended between the listing and the read: its time is gone either way.
      }
    }
  } catch {
    return undefined;
  }
  return Number.isFinite(ns) && ns > 0 ? ns / 1000 : undefined;
}

/** A bound on a ratio: at most `max` (lower is better), or at least `min`. */
export type Bound = { max: number } | { min: number };

/** "≤ 1.30" or "≥ 0.75". */
export function boundText(b: Bound): string {
  return 'max' in b ? `≤ ${fmt(b.max)}` : `≥ ${fmt(b.min)}`;
}

/** PASS or MISS for a ratio against its bound (MISS when the ratio could not be measured). */
export function ratioVerdict(ratio: number, b: Bound): 'PASS' | 'MISS' {
  if (!Number.isFinite(ratio)) return 'MISS';
  return ('max' in b ? ratio <= b.max : ratio >= b.min) ? 'PASS' : 'MISS';
}

/** One line of a ratio table: what was compared, both figures, their ratio, the target and the verdict. */
export interface RatioRow extends Record<string, string | number> {
  measure: string;
  value: number;
  reference: number;
  ratio: number;
  target: string;
  verdict: string;
}

/** `value / reference` against `bound`, as a row for `report`. */
export function ratioRow(measure: string, value: number, reference: number, bound: Bound): RatioRow {
  const ratio = value / reference;
  return { measure, value, reference, ratio, target: boundText(bound), verdict: ratioVerdict(ratio, bound) };
}

/** Prints a ratio table, then one line counting its verdicts; returns how many missed. */
export function reportRatios(title: string, rows: RatioRow[]): number {
  report(title, rows);
  const missed = rows.filter((r) => r.verdict === 'MISS').length;
  console.log(`${rows.length - missed} of ${rows.length} targets met${missed ? ` (${missed} MISS)` : ''}`);
  return missed;
}
