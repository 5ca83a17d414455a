// Sums a V8 CPU profile's self time over a window of measured calls, by place (Facet's own
// files, packages, node internals, GC, idle) and by function, and prints both: the shared part
// of profile-call (gRPC) and profile-mcp (MCP stdio).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fmt, report } from './lib.js';

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

/**
 * Reads the one profile in `profiles` and reports where the server's time went between `from`
 * and `to` (µs on the monotonic clock), per call of `calls`.
 */
export function summariseProfile(
  profiles: string,
  from: number,
  to: number,
  calls: number,
  who: string,
  latencies: number[],
): void {
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
  // Total (inclusive) time of Facet's own functions: each sample counts once for every distinct
  // function on its stack.
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byFnTotal = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      if (!/dist\/src\//.test(f.url)) continue;
      const name = `${f.functionName || '(anonymous)'} ${path.basename(f.url)}:${f.lineNumber + 1}`;
      if (!seen.has(name)) byFnTotal.set(name, (byFnTotal.get(name) ?? 0) + us);
      seen.add(name);
    }
  }
  const total = calls;
  const rows = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => ({ where: k, 'µs/call': us / total, share: `${fmt((100 * us) / busy, 1)}%` }));
  report(`${who}: server self time by place (${total} calls at c1, share of busy time)`, rows(byPlace, 25));
  report(`${who}: top functions by self time`, rows(byFn, 30));
  report(`${who}: Facet's functions by total time`, rows(byFnTotal, 30));
  console.log(
    `\nbusy ${fmt(busy / total, 1)} µs/call; client-side p50 ${fmt(latencies.sort((a, b) => a - b)[latencies.length >> 1]!, 3)} ms; profile ${path.join(profiles, file)}`,
  );
  writeFileSync(
    path.join(profiles, `${who}.summary.json`),
    JSON.stringify({ busy, total, byPlace: Object.fromEntries(byPlace), byFn: Object.fromEntries(byFn) }, null, 1),
  );
}
