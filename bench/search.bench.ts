// Search engine on a large real tree: this project's node_modules hard-linked 12 times
// under bench/.work/search (100k+ files). In one run:
//   search.grep through Facet (server in its own process) vs rg run directly  (target ≤ 1.15×)
//   the fallback searcher through Facet vs rg                                 (target ≤ 4×)
//   search.glob through Facet vs fast-glob directly                           (target ≤ 1.15×)
// and the server's peak RSS during each (one fresh server per scenario).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { callTool, fmt, peakRssKb, report, startFacet, stats, verdict } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const work = path.join(repo, 'bench/.work/search');
const tree = path.join(work, 'tree');
const COPIES = 12;
const RUNS = 5;

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
    if (r.status !== 0) throw new Error(`cp failed: ${r.stderr}`);
  }
}
const root = realpathSync(tree);
const files = countFiles(root);
const progress = (msg: string): void => void process.stderr.write(`  … ${msg}\n`);
progress(`${files} files under ${root}`);

/** Wall time of rg run directly, its output read and discarded. */
function rgDirect(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('rg', ['--no-config', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', () => undefined);
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - t0));
  });
}

async function median(fn: () => Promise<number>): Promise<number> {
  await fn(); // warm (page cache, JIT)
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await fn());
  return stats(samples).p50;
}

interface FacetRun {
  ms: number;
  peakMb: number;
  summary: string;
}

async function throughFacet(backend: 'rg' | 'fallback', tool: string, args: Record<string, unknown>): Promise<FacetRun> {
  const facet = await startFacet(['--root', root, '--shape', 'core', '--grep-backend', backend, '--max-message-bytes', String(256 * 1024 * 1024)]);
  try {
    let summary = '';
    const ms = await median(async () => {
      const t0 = performance.now();
      const res = await callTool(facet.client, tool, args);
      const took = performance.now() - t0;
      if (res.error) throw new Error(res.error);
      const s = res.content.find((c) => c.body?.$case === 'structured')?.body;
      const v = (s?.$case === 'structured' ? s.value : {}) as Record<string, unknown>;
      summary = `total ${v.total}, files ${v.totalFiles ?? '-'}`;
      return took;
    });
    return { ms, peakMb: peakRssKb(facet.pid) / 1024, summary };
  } finally {
    await facet.stop();
  }
}

const rows: Array<Record<string, string | number>> = [];
const grepCases: Array<{ name: string; pattern: string }> = [
  { name: 'rare (createHash)', pattern: 'createHash' },
  { name: 'common (TODO)', pattern: 'TODO' },
];
for (const c of grepCases) {
  progress(`grep ${c.name}`);
  const rg = await median(() => rgDirect(['--line-number', '--', c.pattern, '.']));
  const args = { pattern: c.pattern, path: root, limit: 0, max_total: 10_000_000 };
  const viaRg = await throughFacet('rg', 'search.grep', args);
  const viaFallback = await throughFacet('fallback', 'search.grep', args);
  rows.push(
    { scenario: `grep ${c.name}`, reference: 'rg direct', ref_ms: rg, facet_ms: viaRg.ms, ratio: viaRg.ms / rg, target: '≤1.15', verdict: verdict(viaRg.ms / rg, 1.15), server_peak_mb: viaRg.peakMb, result: viaRg.summary },
    { scenario: `grep ${c.name} fallback`, reference: 'rg direct', ref_ms: rg, facet_ms: viaFallback.ms, ratio: viaFallback.ms / rg, target: '≤4', verdict: verdict(viaFallback.ms / rg, 4), server_peak_mb: viaFallback.peakMb, result: viaFallback.summary },
  );
}

progress('glob');
const pattern = '**/*.js';
let fgCount = 0;
const fgMs = await median(async () => {
  const t0 = performance.now();
  fgCount = (await fg(pattern, { cwd: root, onlyFiles: true, followSymbolicLinks: false, dot: false, suppressErrors: true })).length;
  return performance.now() - t0;
});
const viaGlob = await throughFacet('rg', 'search.glob', { pattern, path: root, limit: 100000 });
rows.push({ scenario: 'glob **/*.js', reference: `fast-glob (${fgCount})`, ref_ms: fgMs, facet_ms: viaGlob.ms, ratio: viaGlob.ms / fgMs, target: '≤1.15', verdict: verdict(viaGlob.ms / fgMs, 1.15), server_peak_mb: viaGlob.peakMb, result: viaGlob.summary });

report(`search on ${files} files (${COPIES} hard-linked copies of node_modules), median of ${RUNS}`, rows);
console.log(`\nratios: ${rows.map((r) => `${r.scenario}=${fmt(r.ratio as number)}`).join(', ')}`);
