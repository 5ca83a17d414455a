// Tail reads: the last 100 lines of a 1 GB log versus of a 10 KB one, through Facet in its own
// process (Kimi Read line_offset -100, core fs.read offset -100 and Codex 0.149.0's read_file from
// line total-99; target ≤ 1.5×, peak RSS
// not growing with the file), and what the total line count those dialects print costs: the
// first read of a new or changed file counts the whole file (cold), later reads of the same
// version take the count from the cache (warm). Also the count itself in process: the
// WebAssembly SIMD counter against a Buffer.indexOf loop. Files live under os.tmpdir() and are
// removed at the end.
import { closeSync, mkdtempSync, openSync, realpathSync, rmSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countBreaks } from '../src/engine/files/line-count.js';
import { FdFile } from '../src/engine/fd-file.js';
import { callTool, fmt, load, peakRssKb, report, startFacet, stats, time, verdict } from './lib.js';

const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'facet-bench-tail-')));
const cleanup = () => rmSync(root, { recursive: true, force: true });
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

const line = (i: number) =>
  `${String(i).padStart(9, '0')} 2026-11-25T08:00:00.000Z INFO request served path=/api/items status=200 ms=${i % 997}\n`;
let small = '';
let smallLines = 0;
for (let i = 1; small.length < 10 * 1024; i++, smallLines++) small += line(i);
writeFileSync(path.join(root, 'small.log'), small);

// 1 GiB of real lines (a sparse file would end in NUL bytes, not lines), written in 4 MiB steps.
const GB = 1024 * 1024 * 1024;
const bigPath = path.join(root, 'big.log');
const fd = openSync(bigPath, 'w');
let bigLines = 0;
let written = 0;
for (let i = 1; written < GB;) {
  let chunk = '';
  while (chunk.length < 4 * 1024 * 1024) chunk += line(i++);
  written += writeSync(fd, chunk);
  bigLines = i - 1;
}
closeSync(fd);
// An old mtime and a settled ctime let the first count be cached (see LineCountCache.settleMs).
const settle = async () => {
  const old = new Date(Date.now() - 3600_000);
  utimesSync(bigPath, old, old);
  await new Promise((r) => setTimeout(r, 2100));
};
await settle();

const ROUNDS = 7;
const PER_ROUND = 40;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const check = (r: { error: string }) => {
  if (r.error) throw new Error(r.error);
  return r;
};
const reads = (file: string) => ({
  kimi: { name: 'Read', args: { path: file, line_offset: -100 }, shape: 'kimi' },
  core: { name: 'fs.read', args: { path: file, offset: -100 }, shape: 'core' },
  kimiHead: { name: 'Read', args: { path: file, n_lines: 100 }, shape: 'kimi' },
  // A positive offset near the end (Codex read_file, which Codex 0.149.0 sent; 0.171.0 does not):
  // found from the end like a tail.
  codexFar: {
    name: 'read_file',
    args: { file_path: path.join(root, file), offset: (file === 'big.log' ? bigLines : smallLines) - 99, limit: 100 },
    shape: 'codex@0.149.0',
  },
});
type Kind = keyof ReturnType<typeof reads>;
const KINDS: Kind[] = ['kimi', 'core', 'kimiHead', 'codexFar'];

// Peak RSS of a server that only ever reads the small file: the baseline.
const smallOnly = await startFacet(['--root', root, '--shape', 'kimi,core,codex']);
for (const kind of KINDS) {
  const r = reads('small.log')[kind];
  await load(1, 200, async () => check(await callTool(smallOnly.client, r.name, r.args, r.shape)));
}
const smallRssKb = peakRssKb(smallOnly.pid);
await smallOnly.stop();

const facet = await startFacet(['--root', root, '--shape', 'kimi,core,codex']);
// Cold: a changed file (new mtime) is counted again, and its count is not stored while its
// times are fresh, so each of these reads counts the whole GiB.
const coldMs: number[] = [];
for (let i = 0; i < 5; i++) {
  const now = new Date();
  utimesSync(bigPath, now, now);
  const r = reads('big.log').kimi;
  coldMs.push(await time(async () => check(await callTool(facet.client, r.name, r.args, r.shape))));
}
await settle();
// Warm: rounds alternate between the files, so load from elsewhere on the machine falls on both alike.
const p50s: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of KINDS) {
    for (const file of ['small.log', 'big.log']) {
      const r = reads(file)[kind];
      await load(1, 5, async () => check(await callTool(facet.client, r.name, r.args, r.shape)));
      const lat = (await load(1, PER_ROUND, async () => check(await callTool(facet.client, r.name, r.args, r.shape))))
        .latencies;
      (p50s[`${kind} ${file}`] ??= []).push(stats(lat).p50);
    }
  }
}
const bigRssKb = peakRssKb(facet.pid);
await facet.stop();

const label: Record<Kind, string> = {
  kimi: 'kimi Read line_offset -100',
  core: 'core fs.read offset -100',
  kimiHead: 'kimi Read lines 1-100 (prints the total)',
  codexFar: 'codex@0.149.0 read_file offset total-99, limit 100',
};
report(
  `1 GiB (${bigLines} lines) vs 10 KB: median over ${ROUNDS} interleaved rounds of the p50 of ${PER_ROUND} calls (ms), line count cached`,
  KINDS.map((kind) => {
    const sm = median(p50s[`${kind} small.log`]!);
    const bg = median(p50s[`${kind} big.log`]!);
    return {
      read: label[kind],
      '10 KB': sm,
      '1 GiB': bg,
      ratio: bg / sm,
      target: '≤ 1.5',
      verdict: verdict(bg / sm, 1.5),
    };
  }),
);
const extraMb = (bigRssKb - smallRssKb) / 1024;
console.log(
  `peak RSS: small-file server ${fmt(smallRssKb / 1024)} MB, 1 GiB server ${fmt(bigRssKb / 1024)} MB, extra ${fmt(extraMb)} MB (target < 30 MB extra: memory does not grow with the file): ${verdict(extraMb, 30)}`,
);
const cold = stats(coldMs);
console.log(
  `line count cost, cold (the first read of a new or changed 1 GiB version counts it whole): kimi Read -100 p50 ${fmt(cold.p50)} ms, max ${fmt(Math.max(...coldMs))} ms over ${coldMs.length} versions; warm reads take it from the cache`,
);

// The count alone, in process, on the page-cached file: WebAssembly SIMD vs a Buffer.indexOf loop.
const fh = new FdFile(openSync(bigPath, 'r'));
const wasmMs: number[] = [];
let counted = 0;
for (let i = 0; i < 3; i++) wasmMs.push(await time(async () => (counted = await countBreaks(fh, 'byte', 0, written))));
const buf = Buffer.allocUnsafe(1024 * 1024);
const indexOfMs = await time(async () => {
  let n = 0;
  for (let pos = 0; pos < written;) {
    const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
    if (bytesRead === 0) break;
    const v = buf.subarray(0, bytesRead);
    for (let p = v.indexOf(10); p !== -1; p = v.indexOf(10, p + 1)) n++;
    pos += bytesRead;
  }
  if (n !== counted) throw new Error(`counts differ: ${n} vs ${counted}`);
});
await fh.close();
const best = Math.min(...wasmMs);
report('counting the line breaks of 1 GiB (page-cached), in process', [
  { counter: 'WebAssembly SIMD (engine)', ms: best, 'GB/s': written / 1e6 / best, lines: counted },
  { counter: 'Buffer.indexOf loop (reference)', ms: indexOfMs, 'GB/s': written / 1e6 / indexOfMs, lines: counted },
]);
if (counted !== bigLines) throw new Error(`counted ${counted} lines, wrote ${bigLines}`);
