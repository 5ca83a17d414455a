// Files engine: (1) lines 1-100 of a 2 GB file versus of a 10 KB file, through Facet in its
// own process (time and peak RSS; targets: time ≤ 1.5×, RSS under 30 MB extra); (2) the
// engine's read of a 1 MB file versus fs.readFile (+ split into lines) in the same process.
// The 2 GB file is 8 MB of text followed by a sparse hole, made in a blink and deleted after.
import { mkdirSync, openSync, closeSync, ftruncateSync, realpathSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from '../src/engine/files/read.js';
import { Scope } from '../src/engine/scope.js';
import { Session } from '../src/engine/session.js';
import { parseConfig } from '../src/config.js';
import { Toolbox } from '../src/registry/toolbox.js';
import { buildShapes } from '../src/shapes/index.js';
import { createEngine } from '../src/engine/index.js';
import { callTool, fmt, load, peakRssKb, report, startFacet, stats, verdict } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.resolve(here, '../../bench/.work/files');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const root = realpathSync(work);

const line = (i: number) =>
  `${String(i).padStart(8, '0')} the quick brown fox jumps over the lazy dog ${'x'.repeat(20)}\n`;
const small = path.join(root, 'small.txt');
let text = '';
for (let i = 1; text.length < 10 * 1024; i++) text += line(i);
writeFileSync(small, text);

const big = path.join(root, 'big.txt');
const fd = openSync(big, 'w');
const head: string[] = [];
for (let i = 1; i <= 100_000; i++) head.push(line(i));
writeSync(fd, head.join(''));
ftruncateSync(fd, 2 * 1024 * 1024 * 1024);
closeSync(fd);

const N = 300;

// One call at a time (load with concurrency 1) after a warm-up.
const timeIt = async (fn: () => Promise<unknown>, n: number) => {
  await load(1, 20, fn);
  return stats((await load(1, n, fn)).latencies);
};

async function rangeRun(file: string): Promise<{ p50: number; mean: number; rssKb: number }> {
  const facet = await startFacet(['--root', root, '--shape', 'core']);
  try {
    const args = { path: path.basename(file), offset: 1, limit: 100 };
    const first = await callTool(facet.client, 'fs.read', args);
    if (first.error) throw new Error(first.error);
    const s = await timeIt(() => callTool(facet.client, 'fs.read', args), N);
    return { p50: s.p50, mean: s.mean, rssKb: peakRssKb(facet.pid) };
  } finally {
    await facet.stop();
  }
}

const s = await rangeRun(small);
const b = await rangeRun(big);
const timeRatio = b.p50 / s.p50;
const extraMb = (b.rssKb - s.rssKb) / 1024;
report('lines 1-100: 2 GB file vs 10 KB file (fs.read through Facet)', [
  { file: '10 KB', p50_ms: s.p50, mean_ms: s.mean, peak_rss_mb: s.rssKb / 1024 },
  { file: '2 GB', p50_ms: b.p50, mean_ms: b.mean, peak_rss_mb: b.rssKb / 1024 },
]);
console.log(`time ratio ${fmt(timeRatio)}× (target ≤ 1.5×): ${verdict(timeRatio, 1.5)}`);
console.log(
  `peak RSS ratio ${fmt(b.rssKb / s.rssKb)}×, extra ${fmt(extraMb)} MB (target < 30 MB extra): ${verdict(extraMb, 30)}`,
);

// (2) 1 MB read in process.
const mb = path.join(root, 'one-mb.txt');
let body = '';
for (let i = 1; body.length < 1_000_000; i++) body += line(i);
writeFileSync(mb, body.slice(0, 1_000_000));
const scope = Scope.fromRoots([root]);
const session = new Session('bench');
// The options fs.read passes: a session to record the read (with its hash) and a 1 MiB budget.
const engineRead = async () => {
  const r = await readFile(scope, mb, { session, budget: { unit: 'bytes', max: 1024 * 1024, overflow: 'exclude' } });
  if (r.kind !== 'text' || r.lines.length === 0) throw new Error('unexpected read');
};
const nodeRead = async () => {
  const lines = (await fsp.readFile(mb, 'utf8')).split('\n');
  if (lines.length === 0) throw new Error('unexpected read');
};
// The whole fs.read tool as the server runs it, minus the socket: validation, handler, content items.
const config = parseConfig(['--root', root, '--shape', 'core']);
const core = new Toolbox(buildShapes(config, createEngine(config)).get('core')!);
const quiet = { debug: () => undefined, warn: () => undefined };
const toolRead = async () => {
  const ctx = { signal: new AbortController().signal, session, scope, shape: 'core', logger: quiet };
  const r = await core.callTool('fs.read', { path: mb }, ctx);
  if (r.outcome !== 'ok') throw new Error(r.response.error);
};
const e = await timeIt(engineRead, 200);
const t = await timeIt(toolRead, 200);
const n = await timeIt(nodeRead, 200);
report('1 MB file in one process: fs.read (tool and engine) vs fs.readFile + split', [
  { reader: 'fs.read tool (validate, handler, content)', p50_ms: t.p50, mean_ms: t.mean },
  { reader: 'engine readFile', p50_ms: e.p50, mean_ms: e.mean },
  { reader: 'fs.readFile + split', p50_ms: n.p50, mean_ms: n.mean },
]);
console.log(
  `fs.read tool ${fmt(t.p50 / n.p50)}×, engine ${fmt(e.p50 / n.p50)}× fs.readFile (p50; no target set: the engine also detects kind, encoding and line endings, and hashes the file for the read record)`,
);

rmSync(work, { recursive: true, force: true });
