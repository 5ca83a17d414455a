// Search engine on a large real tree: this project's node_modules hard-linked 12 times
// under bench/.work/search (100k+ files). In one run:
//   search.grep through Facet (server in its own process) vs rg run directly  (target ≤ 1.15×)
//   the fallback searcher through Facet vs rg                                 (target ≤ 4×)
//   search.glob through Facet vs fast-glob directly                           (target ≤ 1.15×)
// and the server's peak RSS during each scenario (one server per backend, the peak reset in between).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { callTool, fmt, peakRssKb, report, resetPeakRss, startFacet, stats, verdict, type FacetProcess } from './lib.js';

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

/** Wall time of one Facet call, and a summary of its structured result. */
async function facetCall(facet: FacetProcess, tool: string, args: Record<string, unknown>): Promise<{ ms: number; summary: string }> {
  const t0 = performance.now();
  const res = await callTool(facet.client, tool, args);
  const ms = performance.now() - t0;
  if (res.error) throw new Error(res.error);
  const s = res.content.find((c) => c.body?.$case === 'structured')?.body;
  const v = (s?.$case === 'structured' ? s.value : {}) as { total?: number; totalFiles?: number };
  return { ms, summary: `total ${String(v.total)}${v.totalFiles !== undefined ? `, files ${v.totalFiles}` : ''}` };
}

/**
 * Runs the contenders of one scenario in rounds, each round running each once in turn, so
 * that the machine's drift (other load, page cache, CPU frequency) hits all of them alike;
 * a first round warms up and is not counted. Returns each contender's median.
 */
async function rounds(contenders: Array<() => Promise<number>>): Promise<number[]> {
  for (const f of [viaRg, viaFallback]) resetPeakRss(f.pid);
  for (const c of contenders) await c();
  const samples: number[][] = contenders.map(() => []);
  for (let i = 0; i < RUNS; i++) for (const [k, c] of contenders.entries()) samples[k]!.push(await c());
  return samples.map((s) => stats(s).p50);
}

// A 100,000-path glob page is about 4.5 MB: the bench client accepts 64 MiB (lib.ts), so the
// server is told it may send that much without each call naming the limit.
const serverArgs = ['--root', root, '--shape', 'core', '--max-message-bytes', String(256 * 1024 * 1024), '--response-bytes', String(64 * 1024 * 1024)];
const viaRg = await startFacet([...serverArgs, '--grep-backend', 'rg']);
const viaFallback = await startFacet([...serverArgs, '--grep-backend', 'fallback']);
const rows: Array<Record<string, string | number>> = [];
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
        return r.ms;
      },
      async () => {
        const r = await facetCall(viaFallback, 'search.grep', args);
        fbSummary = r.summary;
        return r.ms;
      },
    ]);
    rows.push(
      {
        scenario: `grep ${c.name}`,
        reference: 'rg direct',
        ref_ms: rg!,
        facet_ms: facetRg!,
        ratio: facetRg! / rg!,
        target: '≤1.15',
        verdict: verdict(facetRg! / rg!, 1.15),
        server_peak_mb: peakRssKb(viaRg.pid) / 1024,
        result: rgSummary,
      },
      {
        scenario: `grep ${c.name} fallback`,
        reference: 'rg direct',
        ref_ms: rg!,
        facet_ms: facetFb!,
        ratio: facetFb! / rg!,
        target: '≤4',
        verdict: verdict(facetFb! / rg!, 4),
        server_peak_mb: peakRssKb(viaFallback.pid) / 1024,
        result: fbSummary,
      },
    );
  }

  // Like for like: the same pattern and the same set of files (no ignore files, no dot
  // entries, links not followed), sorted by path on both sides. A second row shows the
  // default search.glob, which also reads and applies every .gitignore on the way.
  progress('glob');
  const pattern = '**/*.js';
  let fgCount = 0;
  const fastGlob = async (): Promise<number> => {
    const t0 = performance.now();
    const found = await fg(pattern, { cwd: root, onlyFiles: true, followSymbolicLinks: false, dot: false, suppressErrors: true });
    found.sort();
    fgCount = found.length;
    return performance.now() - t0;
  };
  const summaries: string[] = [];
  const globCall = (extra: Record<string, unknown>, k: number) => async (): Promise<number> => {
    const r = await facetCall(viaRg, 'search.glob', { pattern, path: root, limit: 100000, ...extra });
    summaries[k] = r.summary;
    return r.ms;
  };
  const [fgMs, same, withIgnore] = await rounds([fastGlob, globCall({ no_ignore: true }, 0), globCall({}, 1)]);
  const peak = peakRssKb(viaRg.pid) / 1024;
  rows.push(
    {
      scenario: 'glob **/*.js, no_ignore',
      reference: `fast-glob (${fgCount})`,
      ref_ms: fgMs!,
      facet_ms: same!,
      ratio: same! / fgMs!,
      target: '≤1.15',
      verdict: verdict(same! / fgMs!, 1.15),
      server_peak_mb: peak,
      result: summaries[0]!,
    },
    {
      scenario: 'glob **/*.js, .gitignore applied',
      reference: `fast-glob (${fgCount})`,
      ref_ms: fgMs!,
      facet_ms: withIgnore!,
      ratio: withIgnore! / fgMs!,
      target: '(report)',
      verdict: '-',
      server_peak_mb: peak,
      result: summaries[1]!,
    },
  );
} finally {
  await viaRg.stop();
  await viaFallback.stop();
}

report(`search on ${files} files (${COPIES} hard-linked copies of node_modules), median of ${RUNS} interleaved rounds`, rows);
console.log(`\nratios: ${rows.map((r) => `${r.scenario}=${fmt(r.ratio as number)}`).join(', ')}`);
