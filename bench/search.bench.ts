// Search engine on a large real tree: this project's node_modules hard-linked 12 times
// under bench/.work/search (100k+ files). In one run:
//   search.grep through Facet (server in its own process) vs rg run directly  (target ≤ 1.10×,
//     issue 19), as wall time and as CPU time (server and its rg vs rg alone): the machine is
//     shared, and CPU time is what load does not move
//   the fallback searcher through Facet vs rg                                 (target ≤ 4×)
//   search.glob through Facet vs fast-glob directly                           (target ≤ 1.15×)
// and the server's peak RSS during each scenario (one server per backend, the peak reset in between).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import {
  callTool,
  fmt,
  peakRssKb,
  report,
  resetPeakRss,
  startFacet,
  stats,
  verdict,
  type FacetProcess,
} from './lib.js';
import { childrenCpuMs, judge, treeCpuMs } from './verdict-search.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const work = path.join(repo, 'bench/.work/search');
const tree = path.join(work, 'tree');
const COPIES = 12;
const RUNS = 7;

function countFiles(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) n += countFiles(path.join(dir, e.name));
    else n++;
  }
  return n;
}

// Hard links: a real tree of real files without copying 3 GB of data.
if (!existsSync(path.join(tree, `copy${COPIES}`))) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  for (let i = 1; i <= COPIES; i++) {
    const r = spawnSync('cp', ['-al', path.join(repo, 'node_modules'), path.join(tree, `copy${i}`)]);
    if (r.status !== 0) throw new Error(`cp failed: ${r.stderr.toString()}`);
  }
}
const root = realpathSync(tree);
const files = countFiles(root);
const progress = (msg: string): void => void process.stderr.write(`  … ${msg}\n`);
progress(`${files} files under ${root}`);

/** One run's wall time and CPU time (ms). */
interface Sample {
  ms: number;
  cpu: number;
}

/** rg run directly, its output read and discarded: wall time, and rg's CPU time. */
function rgDirect(args: string[]): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const c0 = childrenCpuMs();
    const child = spawn('rg', ['--no-config', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', () => undefined);
    child.on('error', reject);
    // 'close' comes after the child was reaped, so its CPU is in this process's cutime.
    child.on('close', () => resolve({ ms: performance.now() - t0, cpu: childrenCpuMs() - c0 }));
  });
}

/** One Facet call: wall time, the server's CPU time with its children's (rg), and a summary of the result. */
async function facetCall(
  facet: FacetProcess,
  tool: string,
  args: Record<string, unknown>,
): Promise<Sample & { summary: string }> {
  const c0 = treeCpuMs(facet.pid);
  const t0 = performance.now();
  const res = await callTool(facet.client, tool, args);
  const ms = performance.now() - t0;
  const cpu = treeCpuMs(facet.pid) - c0;
  if (res.error) throw new Error(res.error);
  const s = res.content.find((c) => c.body?.$case === 'structured')?.body;
  const v = (s?.$case === 'structured' ? s.value : {}) as { total?: number; totalFiles?: number };
  return { ms, cpu, summary: `total ${String(v.total)}${v.totalFiles !== undefined ? `, files ${v.totalFiles}` : ''}` };
}

/**
 * Runs the contenders of one scenario in rounds, each round running each once in turn, so
 * that the machine's drift (other load, page cache, CPU frequency) hits all of them alike;
 * a first round warms up and is not counted. Returns each contender's median.
 */
async function rounds(contenders: Array<() => Promise<Sample>>): Promise<Sample[]> {
  for (const f of [viaRg, viaFallback]) resetPeakRss(f.pid);
  for (const c of contenders) await c();
  const samples: Sample[][] = contenders.map(() => []);
  for (let i = 0; i < RUNS; i++) for (const [k, c] of contenders.entries()) samples[k]!.push(await c());
  return samples.map((s) => ({ ms: stats(s.map((x) => x.ms)).p50, cpu: stats(s.map((x) => x.cpu)).p50 }));
}

// A 100,000-path glob page is about 4.5 MB: the bench client accepts 64 MiB (lib.ts), so the
// server is told it may send that much without each call naming the limit.
const serverArgs = [
  '--root',
  root,
  '--shape',
  'core',
  '--max-message-bytes',
  String(256 * 1024 * 1024),
  '--response-bytes',
  String(64 * 1024 * 1024),
];
const viaRg = await startFacet([...serverArgs, '--grep-backend', 'rg']);
const viaFallback = await startFacet([...serverArgs, '--grep-backend', 'fallback']);
const rows: Array<Record<string, string | number>> = [];
const cpuNotes: string[] = [];
try {
  const grepCases: Array<{ name: string; pattern: string }> = [
    { name: 'rare (createHash)', pattern: 'createHash' },
    { name: 'common (TODO)', pattern: 'TODO' },
  ];
  for (const c of grepCases) {
    progress(`grep ${c.name}`);
    const args = { pattern: c.pattern, path: root, limit: 0, max_total: 10_000_000 };
    let rgSummary = '';
    let fbSummary = '';
    const [rg, facetRg, facetFb] = await rounds([
      () => rgDirect(['--line-number', '--', c.pattern, '.']),
      async () => {
        const r = await facetCall(viaRg, 'search.grep', args);
        rgSummary = r.summary;
        return r;
      },
      async () => {
        const r = await facetCall(viaFallback, 'search.grep', args);
        fbSummary = r.summary;
        return r;
      },
    ]);
    const row = (
      name: string,
      facet: Sample,
      target: number,
      peak: number,
      result: string,
    ): Record<string, string | number> => ({
      scenario: name,
      reference: 'rg direct',
      ref_ms: rg!.ms,
      facet_ms: facet.ms,
      ratio: facet.ms / rg!.ms,
      target: `≤${target}`,
      verdict: judge(facet.ms / rg!.ms, target),
      cpu_ratio: facet.cpu / rg!.cpu,
      cpu_verdict: judge(facet.cpu / rg!.cpu, target),
      server_peak_mb: peak,
      result,
    });
    rows.push(
      row(`grep ${c.name}`, facetRg!, 1.1, peakRssKb(viaRg.pid) / 1024, rgSummary),
      row(`grep ${c.name} fallback`, facetFb!, 4, peakRssKb(viaFallback.pid) / 1024, fbSummary),
    );
    cpuNotes.push(
      `grep ${c.name}: rg direct ${fmt(rg!.cpu, 0)} ms CPU, Facet+rg ${fmt(facetRg!.cpu, 0)} ms, Facet+fallback ${fmt(facetFb!.cpu, 0)} ms`,
    );
  }

  // Like for like: the same pattern and the same set of files (no ignore files, no dot
  // entries, links not followed), sorted by path on both sides. A second row shows the
  // default search.glob, which also reads and applies every .gitignore on the way.
  progress('glob');
  const pattern = '**/*.js';
  let fgCount = 0;
  const fastGlob = async (): Promise<Sample> => {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const found = await fg(pattern, {
      cwd: root,
      onlyFiles: true,
      followSymbolicLinks: false,
      dot: false,
      suppressErrors: true,
    });
    found.sort();
    fgCount = found.length;
    const c = process.cpuUsage(c0);
    return { ms: performance.now() - t0, cpu: (c.user + c.system) / 1000 };
  };
  const summaries: string[] = [];
  const globCall = (extra: Record<string, unknown>, k: number) => async (): Promise<Sample> => {
    const r = await facetCall(viaRg, 'search.glob', { pattern, path: root, limit: 100000, ...extra });
    summaries[k] = r.summary;
    return r;
  };
  const [fgMs, same, withIgnore] = await rounds([fastGlob, globCall({ no_ignore: true }, 0), globCall({}, 1)]);
  const peak = peakRssKb(viaRg.pid) / 1024;
  rows.push(
    {
      scenario: 'glob **/*.js, no_ignore',
      reference: `fast-glob (${fgCount})`,
      ref_ms: fgMs!.ms,
      facet_ms: same!.ms,
      ratio: same!.ms / fgMs!.ms,
      target: '≤1.15',
      verdict: verdict(same!.ms / fgMs!.ms, 1.15),
      cpu_ratio: same!.cpu / fgMs!.cpu,
      cpu_verdict: '(report)',
      server_peak_mb: peak,
      result: summaries[0]!,
    },
    {
      scenario: 'glob **/*.js, .gitignore applied',
      reference: `fast-glob (${fgCount})`,
      ref_ms: fgMs!.ms,
      facet_ms: withIgnore!.ms,
      ratio: withIgnore!.ms / fgMs!.ms,
      target: '(report)',
      verdict: '-',
      cpu_ratio: withIgnore!.cpu / fgMs!.cpu,
      cpu_verdict: '(report)',
      server_peak_mb: peak,
      result: summaries[1]!,
    },
  );
} finally {
  await viaRg.stop();
  await viaFallback.stop();
}

report(
  `search on ${files} files (${COPIES} hard-linked copies of node_modules), median of ${RUNS} interleaved rounds`,
  rows,
);
console.log(`\nCPU per call (ms, medians): ${cpuNotes.join('; ')}`);
console.log(
  `ratios: ${rows.map((r) => `${r.scenario}=${fmt(r.ratio as number)} ${String(r.target)} ${String(r.verdict)} (CPU ${fmt(r.cpu_ratio as number)})`).join(', ')}`,
);
