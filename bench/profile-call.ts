// Where one small CallTool's server time goes: starts Facet under --cpu-prof, makes N calls of
// one tool at concurrency 1, stops it and sums the profile's self time by place (Facet's own
// files, grpc-js, pino, node internals, GC, idle) and by function. Not a *.bench.ts: run it by
// hand, `node dist/bench/profile-call.js [fs.read|search.grep|fs.edit|shell.run] [calls]`.
// The profile file stays in bench/.work/profiles for a closer look (Chrome DevTools).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CallToolResponse } from '../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, fmt, load, report, startEcho, startFacet } from './lib.js';
import { smallCalls } from './small-calls.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const profiles = path.resolve(here, '../../bench/.work/profiles');
const echo = process.argv[2] === 'echo';
const tool = echo ? 'fs.read' : (process.argv[2] ?? 'fs.read');
const calls = Number(process.argv[3] ?? 20000);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame belongs, for the summary by place. */
function place(url: string, fn: string): string {
  if (fn === '(garbage collector)') return 'GC';
  if (fn === '(idle)') return 'idle (waiting in epoll)';
  if (fn === '(program)') return 'native (libuv, syscalls, V8 outside JS)';
  if (url === '') return `native: ${fn || '(anonymous)'}`;
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  const src = /dist\/(src\/.*)$/.exec(url);
  return src ? `facet: ${src[1]!.replace(/\/[^/]+$/, '')}` : url;
}

const { subject, cleanup } = await smallCalls(tool);
rmSync(profiles, { recursive: true, force: true });
mkdirSync(profiles, { recursive: true });
const profiling = ['--cpu-prof', '--cpu-prof-dir', profiles, '--cpu-prof-interval', '100'];
// `echo` profiles the reference instead: the bare grpc-js server answering fs.read's bytes.
const server = echo
  ? await (async () => {
      const plain = await startFacet(subject.facetArgs);
      const bytes = CallToolResponse.encode(await callTool(plain.client, 'fs.read', { path: 'small.txt' })).finish();
      await plain.stop();
      return startEcho(bytes, [], profiling);
    })()
  : await startFacet(subject.facetArgs, {}, profiling);
const call =
  'client' in server
    ? (await subject.prepare?.(server.client), () => callTool(server.client, subject.tool, subject.args()))
    : server.call;
await load(1, 500, call);
// The window of the measured calls on the monotonic clock the profile's timestamps use, so
// start-up and warm-up (module loading, schema compiling, JIT) are left out.
const from = Number(process.hrtime.bigint() / 1000n);
const run = await load(1, calls, call);
const to = Number(process.hrtime.bigint() / 1000n);
await server.stop();
cleanup();

const file = readdirSync(profiles).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${profiles}`);
const prof = JSON.parse(readFileSync(path.join(profiles, file), 'utf8')) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
let at = prof.startTime;
let inWindow = 0;
for (let i = 0; i < prof.samples.length; i++) {
  at += prof.timeDeltas[i] ?? 0;
  if (at < from || at > to) continue;
  inWindow += prof.timeDeltas[i] ?? 0;
  selfUs.set(prof.samples[i]!, (selfUs.get(prof.samples[i]!) ?? 0) + (prof.timeDeltas[i] ?? 0));
}
if (inWindow < 0.5 * (to - from))
  throw new Error(`the profile covers ${inWindow} µs of the ${to - from} µs window: clocks differ`);
const byPlace = new Map<string, number>();
const byFn = new Map<string, number>();
let busy = 0;
for (const [id, us] of selfUs) {
  const f = byId.get(id)!.callFrame;
  const p = place(f.url, f.functionName);
  byPlace.set(p, (byPlace.get(p) ?? 0) + us);
  if (!p.startsWith('idle')) busy += us;
  const name = `${f.functionName || '(anonymous)'} ${f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : ''}`;
  byFn.set(name, (byFn.get(name) ?? 0) + us);
}
const total = calls;
const rows = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => ({ where: k, 'µs/call': us / total, share: `${fmt((100 * us) / busy, 1)}%` }));
const who = echo ? 'echo' : tool;
report(`${who}: server self time by place (${total} calls at c1, share of busy time)`, rows(byPlace, 25));
report(`${who}: top functions by self time`, rows(byFn, 30));
console.log(
  `\nbusy ${fmt(busy / total, 1)} µs/call; client-side p50 ${fmt(run.latencies.sort((a, b) => a - b)[run.latencies.length >> 1]!, 3)} ms; profile ${path.join(profiles, file)}`,
);
writeFileSync(
  path.join(profiles, `${who}.summary.json`),
  JSON.stringify({ busy, total, byPlace: Object.fromEntries(byPlace), byFn: Object.fromEntries(byFn) }, null, 1),
);
