// Soak: 10,000 mixed calls at concurrency 64 against one Facet process, after 2,000 warm-up
// calls: errors (target 0), p50/p99, and the server's resident memory after the warm-up
// against at the end, with where that memory is (glibc's malloc arenas and brk heap, V8's
// committed heap, files) and the live V8 heap after the last full collection (from
// --trace-gc). The mix: small and tail reads (core, Kimi), greps (ripgrep), globs, listings,
// stats, writes and edits, and shell commands, over 8 sessions. It runs twice: as shipped, and
// with V8's default heap growth (`--heap-growing-percent=0` passed to node, which the server
// then leaves alone: see src/heap.ts) to show what the bound changes. Files live under
// os.tmpdir() and are removed at the end.
// Knobs: SOAK_CALLS (default 10000); SOAK_ONLY=<index in MIX> repeats one call (0: a small
// fs.read, where the growth without the bound is steepest); SOAK_COMPARE="a;b" adds servers,
// each a node flag (--x=y) or an environment variable (NAME=value, e.g. MALLOC_ARENA_MAX=2);
// SOAK_REVERSE=1 runs the servers in the opposite order.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import type { CallToolResponse } from '../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { fmt, memoryMap, report, rssKb, startFacet, stats, verdict, type FacetProcess } from './lib.js';

const WARMUP = 2000;
const CALLS = Number(process.env.SOAK_CALLS ?? 10_000);
const CONCURRENCY = 64;
const SESSIONS = 8;

const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'facet-bench-soak-')));
process.on('exit', () => rmSync(root, { recursive: true, force: true }));
process.on('SIGINT', () => process.exit(130));

// A small project: 40 modules, a README, a 20 MB log, and a file per worker for writes.
mkdirSync(path.join(root, 'src'));
for (let i = 0; i < 40; i++) {
  const body = Array.from(
    { length: 60 },
    (_, j) => `export function f${i}_${j}(x: number): number {\n  return x * ${j} + ${i}; // TODO tidy\n}\n`,
  ).join('');
  writeFileSync(path.join(root, 'src', `mod${i}.ts`), body);
}
writeFileSync(
  path.join(root, 'README.md'),
  Array.from({ length: 50 }, (_, i) => `line ${i + 1} of the readme`).join('\n') + '\n',
);
const logLines: string[] = [];
for (let i = 1; logLines.length * 90 < 20 * 1024 * 1024; i++)
  logLines.push(`${String(i).padStart(9, '0')} INFO served /api/items status=200 ms=${i % 997}`);
writeFileSync(path.join(root, 'app.log'), logLines.join('\n') + '\n');
mkdirSync(path.join(root, 'work'));

type Call = { name: string; args: Record<string, unknown>; shape: string };
/** Per-worker state for writes and edits: the worker's file and what it holds. */
const state = new Map<number, { n: number }>();
const MIX: Array<(w: number) => Call> = [
  () => ({ name: 'fs.read', args: { path: 'README.md' }, shape: 'core' }),
  () => ({ name: 'fs.read', args: { path: 'app.log', offset: -100 }, shape: 'core' }),
  () => ({ name: 'Read', args: { path: 'app.log', line_offset: -50 }, shape: 'kimi' }),
  () => ({ name: 'Read', args: { path: 'src/mod7.ts', n_lines: 100 }, shape: 'kimi' }),
  () => ({ name: 'search.grep', args: { pattern: 'f1[0-9]_5\\b', path: 'src' }, shape: 'core' }),
  () => ({ name: 'search.glob', args: { pattern: '**/*.ts' }, shape: 'core' }),
  () => ({ name: 'fs.list', args: { path: 'src' }, shape: 'core' }),
  () => ({ name: 'fs.stat', args: { path: 'app.log' }, shape: 'core' }),
  (w) => {
    const s = state.get(w) ?? { n: 0 };
    state.set(w, s);
    s.n = 0;
    return { name: 'fs.write', args: { path: `work/w${w}.txt`, content: `worker ${w}\nvalue=0\n` }, shape: 'core' };
  },
  (w) => {
    const s = state.get(w);
    if (!s)
      return { name: 'fs.write', args: { path: `work/w${w}.txt`, content: `worker ${w}\nvalue=0\n` }, shape: 'core' };
    const call = {
      name: 'fs.edit',
      args: { path: `work/w${w}.txt`, old_string: `value=${s.n}`, new_string: `value=${s.n + 1}` },
      shape: 'core',
    };
    s.n++;
    return call;
  },
  () => ({ name: 'shell.run', args: { command: 'echo soak; ls src | wc -l' }, shape: 'core' }),
  () => ({ name: 'fs.read', args: { path: 'src/mod3.ts', offset: 10, limit: 20 }, shape: 'core' }),
];

function callWith(facet: FacetProcess, c: Call, session: string): Promise<CallToolResponse> {
  const md = new grpc.Metadata();
  md.set('facet-shape', c.shape);
  md.set('facet-session', session);
  return new Promise((resolve, reject) => {
    facet.client.callTool({ name: c.name, arguments: c.args, roots: [] }, md, (err, res) =>
      err ? reject(err) : resolve(res!),
    );
  });
}

/** `total` calls of the mix at concurrency 64; each worker walks the mix from its own place. */
async function drive(facet: FacetProcess, total: number, errors: string[], onProgress?: (done: number) => void) {
  let next = 0;
  let done = 0;
  const latencies: number[] = [];
  const worker = async (w: number) => {
    let k = w;
    while (next < total) {
      next++;
      const c = process.env.SOAK_ONLY ? MIX[Number(process.env.SOAK_ONLY)]!(w) : MIX[k++ % MIX.length]!(w);
      const t0 = performance.now();
      try {
        const r = await callWith(facet, c, `soak-${w % SESSIONS}`);
        if (r.error) errors.push(`${c.name}: ${r.error.slice(0, 200)}`);
      } catch (err) {
        errors.push(`${c.name}: ${(err as Error).message}`);
      }
      latencies.push(performance.now() - t0);
      onProgress?.(++done);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/** Live V8 heap (MB) after the last full collection in the server's --trace-gc lines so far. */
function gcTrace(logFile: string): { live: number; committed: number } {
  const text = readFileSync(logFile, 'utf8');
  const full = [...text.matchAll(/Mark-Compact[^\n]*? -> ([\d.]+) \(([\d.]+)\) MB/g)].at(-1);
  const any = [...text.matchAll(/(?:Scavenge|Mark-Compact)[^\n]*? -> ([\d.]+) \(([\d.]+)\) MB/g)].at(-1);
  return { live: full ? Number(full[1]) : NaN, committed: any ? Number(any[2]) : NaN };
}

interface Snapshot {
  calls: number;
  rssMb: number;
  brkHeapMb: number;
  arenasMb: number;
  arenas: number;
  otherAnonMb: number;
  filesMb: number;
  liveHeapMb: number;
  v8CommittedMb: number;
}

function snapshot(facet: FacetProcess, calls: number): Snapshot {
  const m = memoryMap(facet.pid);
  const gc = gcTrace(facet.logFile);
  return {
    calls,
    rssMb: rssKb(facet.pid) / 1024,
    brkHeapMb: m.brkHeap / 1024,
    arenasMb: m.threadArenas / 1024,
    arenas: m.arenaCount,
    otherAnonMb: m.otherAnon / 1024,
    filesMb: m.files / 1024,
    liveHeapMb: gc.live,
    v8CommittedMb: gc.committed,
  };
}

/** One soak against a server started with `env`; returns its figures. */
async function soak(label: string, env: NodeJS.ProcessEnv, nodeArgs: string[]) {
  const facet = await startFacet(['--root', root, '--shape', 'core,kimi', '--session-max', '64'], env, [
    '--trace-gc',
    ...nodeArgs,
  ]);
  const errors: string[] = [];
  try {
    await drive(facet, WARMUP, errors);
    const snaps: Snapshot[] = [snapshot(facet, 0)];
    const every = Math.max(1000, Math.floor(CALLS / 10));
    const run = await drive(facet, CALLS, errors, (done) => {
      if (done % every === 0) snaps.push(snapshot(facet, done));
    });
    const s = stats(run.latencies);
    report(
      `${label}: server memory (MB) after ${WARMUP} warm-up calls (0) and through ${CALLS} mixed calls at concurrency ${CONCURRENCY}`,
      snaps.map((x) => ({
        calls: x.calls,
        rss: x.rssMb,
        'malloc brk heap': x.brkHeapMb,
        'malloc thread arenas': `${fmt(x.arenasMb)} (${x.arenas})`,
        'other anon (V8, mmap)': x.otherAnonMb,
        'V8 committed': x.v8CommittedMb,
        files: x.filesMb,
        'V8 live after last full GC': x.liveHeapMb,
      })),
    );
    const first = snaps[0]!;
    const last = snaps.at(-1)!;
    const growth = (last.rssMb - first.rssMb) / first.rssMb;
    console.log(
      `${label}: ${errors.length} errors (target 0): ${verdict(errors.length, 0)}; p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms, ${fmt(CALLS / run.seconds, 0)} calls/s`,
    );
    const peakGrowth = (Math.max(...snaps.map((x) => x.rssMb)) - first.rssMb) / first.rssMb;
    console.log(
      `${label}: RSS after warm-up ${fmt(first.rssMb)} MB, at the end ${fmt(last.rssMb)} MB (${growth >= 0 ? '+' : ''}${fmt(growth * 100, 1)}%); highest sample ${fmt(peakGrowth * 100, 1)}% over the warm-up figure (target ≤ 10%: settled): ${verdict(peakGrowth, 0.1)}`,
    );
    for (const e of errors.slice(0, 5)) console.log(`  error: ${e}`);
    const peak = Math.max(...snaps.map((x) => x.rssMb));
    return { label, errors: errors.length, p50: s.p50, p99: s.p99, first, last, growth, peak };
  } finally {
    await facet.stop();
  }
}

const variants: Array<[string, NodeJS.ProcessEnv, string[]]> = [
  ['as shipped', {}, []],
  ['bound off (--heap-growing-percent=0)', {}, ['--heap-growing-percent=0']],
];
if (process.env.SOAK_COMPARE)
  for (const v of process.env.SOAK_COMPARE.split(';')) {
    const eq = v.indexOf('=');
    if (v.startsWith('--')) variants.push([v, {}, [v]]);
    else variants.push([v, { [v.slice(0, eq)]: v.slice(eq + 1) }, []]);
  }
// SOAK_REVERSE=1 runs them in the other order (to tell load from elsewhere on the machine from the servers' own cost).
if (process.env.SOAK_REVERSE) variants.reverse();
const results = [];
for (const [label, env, nodeArgs] of variants) results.push(await soak(label, env, nodeArgs));
report(
  'soak summary (memory in MB)',
  results.map((r) => ({
    server: r.label,
    errors: r.errors,
    p99_ms: r.p99,
    'rss after warm-up': r.first.rssMb,
    'rss at the end': r.last.rssMb,
    'growth %': r.growth * 100,
    'highest rss sampled': r.peak,
    'V8 committed start → end': `${fmt(r.first.v8CommittedMb)} → ${fmt(r.last.v8CommittedMb)}`,
    'malloc arenas end': `${fmt(r.last.arenasMb)} (${r.last.arenas})`,
  })),
);
