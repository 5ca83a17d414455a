// Shell engine: (1) shell.run of `true` through Facet in its own process versus spawning
// `bash -c true` with execa and with a bare child_process.spawn in this process (latency
// ratios; process.bench.ts isolates the engine's own start and kill costs); (2) calls per second at
// concurrency 8, both ways; (3) a `yes | head -c 2G` flood through Facet: the server's
// peak memory stays flat because output is capped while it streams; (4) what the shell sandbox
// costs per command: shell.run `true` with --shell-sandbox bwrap versus none, in wall time and in
// CPU (the server's own plus its reaped children's, from /proc, which a busy machine skews less).
import { mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { execa } from 'execa';
import { callTool, fmt, load, peakRssKb, report, startFacet, stats } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.resolve(here, '../../bench/.work/shell');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const root = realpathSync(work);

const N = 300;
const LOAD_TOTAL = 600;

async function sample(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const direct = () => execa('bash', ['-c', 'true']);
const bare = () =>
  new Promise((resolve) => {
    const c = spawn('bash', ['-c', 'true'], { stdio: ['ignore', 'pipe', 'pipe'] });
    c.stdout.resume();
    c.stderr.resume();
    c.once('close', resolve);
  });
const facet = await startFacet(['--root', root, '--shape', 'core', '--state-dir', path.join(root, '.state')]);
try {
  const viaFacet = async () => {
    const r = await callTool(facet.client, 'shell.run', { command: 'true' });
    if (r.error) throw new Error(r.error);
  };
  const d = stats(await sample(N, direct));
  const b = stats(await sample(N, bare));
  const f = stats(await sample(N, viaFacet));
  report('shell.run `true` through Facet vs `bash -c true` in-process (sequential)', [
    { path: 'execa in-process', p50_ms: d.p50, p99_ms: d.p99, mean_ms: d.mean },
    { path: 'child_process.spawn in-process', p50_ms: b.p50, p99_ms: b.p99, mean_ms: b.mean },
    { path: 'Facet shell.run', p50_ms: f.p50, p99_ms: f.p99, mean_ms: f.mean },
    { path: 'ratio to execa', p50_ms: f.p50 / d.p50, p99_ms: f.p99 / d.p99, mean_ms: f.mean / d.mean },
    { path: 'ratio to child_process.spawn', p50_ms: f.p50 / b.p50, p99_ms: f.p99 / b.p99, mean_ms: f.mean / b.mean },
  ]);

  const ld = await load(8, LOAD_TOTAL, direct);
  const lf = await load(8, LOAD_TOTAL, viaFacet);
  report('calls per second at concurrency 8', [
    { path: 'execa in-process', per_second: ld.perSecond, p50_ms: stats(ld.latencies).p50 },
    { path: 'Facet shell.run', per_second: lf.perSecond, p50_ms: stats(lf.latencies).p50 },
    {
      path: 'ratio (Facet / execa)',
      per_second: lf.perSecond / ld.perSecond,
      p50_ms: stats(lf.latencies).p50 / stats(ld.latencies).p50,
    },
  ]);

  const before = peakRssKb(facet.pid);
  const t0 = performance.now();
  const flood = await callTool(facet.client, 'shell.run', { command: 'yes | head -c 2000000000', timeout_ms: 600000 });
  const seconds = (performance.now() - t0) / 1000;
  const s = flood.content.find((c) => c.body?.$case === 'structured');
  const bytes = s?.body?.$case === 'structured' ? Number((s.body.value as Record<string, unknown>).outputBytes) : NaN;
  report('flood: yes | head -c 2G through shell.run', [
    {
      output_bytes: bytes,
      seconds,
      mb_per_second: bytes / 1e6 / seconds,
      peak_rss_before_mb: before / 1024,
      peak_rss_after_mb: peakRssKb(facet.pid) / 1024,
      text_returned_chars: flood.content[0]?.body?.$case === 'text' ? flood.content[0].body.value.length : 0,
    },
  ]);
  console.log(
    `\nshell.run(true) costs ${fmt(f.p50 / d.p50)}x a direct execa spawn (p50); ${fmt(lf.perSecond)} calls/s at concurrency 8.`,
  );
} finally {
  await facet.stop();
}

/** CPU seconds of `pid` and of its children it has reaped (utime, stime, cutime, cstime). */
function cpuSeconds(pid: number): number {
  const raw = readFileSync(`/proc/${pid}/stat`, 'latin1');
  const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  // Fields 14-17 of stat; after the command name, index 11 is utime. Clock ticks are 100 per second on Linux.
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
}

async function sandboxCost(mode: 'bwrap' | 'none'): Promise<{ p50: number; mean: number; cpuMs: number }> {
  const server = await startFacet([
    '--root',
    root,
    '--shape',
    'core',
    '--state-dir',
    path.join(root, `.state-${mode}`),
    '--shell-sandbox',
    mode,
  ]);
  try {
    const run = async () => {
      const r = await callTool(server.client, 'shell.run', { command: 'true' });
      if (r.error) throw new Error(r.error);
    };
    for (let i = 0; i < 20; i++) await run();
    const cpu0 = cpuSeconds(server.pid);
    const s = stats(await sample(N, run));
    return { p50: s.p50, mean: s.mean, cpuMs: ((cpuSeconds(server.pid) - cpu0) * 1000) / (N + 20) };
  } finally {
    await server.stop();
  }
}

const bareBox = await sandboxCost('none');
let boxed: Awaited<ReturnType<typeof sandboxCost>> | undefined;
try {
  boxed = await sandboxCost('bwrap');
} catch (err) {
  console.log(`\nshell sandbox: not measured, bubblewrap cannot run here (${(err as Error).message})`);
}
if (boxed) {
  report('shell.run `true`: --shell-sandbox bwrap vs none (sequential)', [
    { path: 'none', p50_ms: bareBox.p50, mean_ms: bareBox.mean, cpu_ms_per_call: bareBox.cpuMs },
    { path: 'bwrap', p50_ms: boxed.p50, mean_ms: boxed.mean, cpu_ms_per_call: boxed.cpuMs },
    {
      path: 'ratio (bwrap / none)',
      p50_ms: boxed.p50 / bareBox.p50,
      mean_ms: boxed.mean / bareBox.mean,
      cpu_ms_per_call: boxed.cpuMs / bareBox.cpuMs,
    },
  ]);
  console.log(
    `\nthe shell sandbox costs ${fmt(boxed.p50 / bareBox.p50)}x per command (p50 ${fmt(boxed.p50)} ms vs ${fmt(bareBox.p50)} ms; CPU ${fmt(boxed.cpuMs)} ms vs ${fmt(bareBox.cpuMs)} ms per call).`,
  );
}
