// Issue 38's per-call rows over MCP stdio, the same SDK client driving `facet mcp --shape core
// --lsp off` and @modelcontextprotocol/server-filesystem: listing a 53-entry directory
// (fs.list / list_directory), a small edit of a .ts file (fs.edit / edit_file, alternating so
// every call changes the file), and a 1 KB read (fs.read / read_text_file). Figures: p50 at c1
// and server CPU per call from /proc, at c1 and (reads) at c16; interleaved rounds, medians.
// Targets: list p50 ≤ 1.0×, edit p50 ≤ 1.2×, read CPU per call ≤ 0.8× the filesystem server's;
// the CPU of a list and an edit is shown beside their p50, against the same bound.
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CLI,
  fmt,
  load,
  loadAverage,
  median,
  processCpuUs,
  ratioRow,
  report,
  reportRatios,
  stats,
  type RatioRow,
} from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.resolve(here, '../../bench/.work/mcp-calls');
rmSync(work, { recursive: true, force: true });
mkdirSync(path.join(work, 'dir'), { recursive: true });
const root = realpathSync(work);
// 53 entries: 45 files and 8 directories, as in the measure.
for (let i = 0; i < 45; i++) writeFileSync(path.join(root, 'dir', `file${i}.ts`), `export const v${i} = ${i};\n`);
for (let i = 0; i < 8; i++) mkdirSync(path.join(root, 'dir', `sub${i}`));
const one = path.join(root, 'one-kb.txt');
writeFileSync(one, Array.from({ length: 16 }, (_, i) => `line ${i + 1} ${'x'.repeat(55)}`).join('\n') + '\n');
const edited = path.join(root, 'edit.ts');
writeFileSync(edited, `export function add(a: number, b: number): number {\n  return a + b; // alpha\n}\n`);

const ROUNDS = Number(process.env.ROUNDS ?? 5);
// Server CPU comes from schedstat (ns; see processCpuUs), not 10 ms ticks.
const N = Number(process.env.N ?? 1000);
/**
 * Calls of each op before the rounds (even, see below). With 100, both servers were still
 * compiling in the first two or three rounds (a server's CPU per list: 400, 290, 146, then
 * ~95-135 µs), so the median of five rounds was a warm-up figure.
 */
const WARMUP = 5000;

async function connect(args: string[]): Promise<{ client: Client; pid: number }> {
  const transport = new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' });
  const client = new Client({ name: 'facet-bench', version: '0' });
  await client.connect(transport);
  return { client, pid: (transport as unknown as { pid: number }).pid };
}

// Info level, as in production: the per-call log line is part of the cost.
const facet = await connect([CLI, 'mcp', '--shape', 'core', '--root', root, '--lsp', 'off', '--log-level', 'info']);
const fsServer = await connect([
  path.resolve(here, '../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'),
  root,
]);

type Call = () => Promise<unknown>;
const checked = (c: Client, name: string, args: () => Record<string, unknown>): Call => {
  return async () => {
    const r = (await c.callTool({ name, arguments: args() })) as { isError?: boolean; content: unknown };
    if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content).slice(0, 300)}`);
  };
};
const alternate = (a: () => Record<string, unknown>, b: () => Record<string, unknown>) => {
  let n = 0;
  return () => (n++ % 2 === 0 ? a() : b());
};
const edits = (keys: { path: string; old: string; new: string }) => ({
  forth: () => ({ [keys.path]: edited, [keys.old]: 'alpha', [keys.new]: 'beta' }),
  back: () => ({ [keys.path]: edited, [keys.old]: 'beta', [keys.new]: 'alpha' }),
});
const fe = edits({ path: 'path', old: 'old_string', new: 'new_string' });
const fsEdit = (forth: boolean) => ({
  path: edited,
  edits: [{ oldText: forth ? 'alpha' : 'beta', newText: forth ? 'beta' : 'alpha' }],
});

// Facet's edit asks for a read first (read-before-edit).
await facet.client.callTool({ name: 'fs.read', arguments: { path: edited } });

interface Op {
  name: string;
  facet: Call;
  mcp: Call;
  concurrency: number;
  f: { p50: number[]; cpu: number[] };
  m: { p50: number[]; cpu: number[] };
}
const ops: Op[] = [
  {
    name: 'list a 53-entry directory',
    facet: checked(facet.client, 'fs.list', () => ({ path: 'dir' })),
    mcp: checked(fsServer.client, 'list_directory', () => ({ path: path.join(root, 'dir') })),
    concurrency: 1,
  },
  {
    name: 'small edit of a .ts file',
    facet: checked(facet.client, 'fs.edit', alternate(fe.forth, fe.back)),
    mcp: checked(
      fsServer.client,
      'edit_file',
      alternate(
        () => fsEdit(true),
        () => fsEdit(false),
      ),
    ),
    concurrency: 1,
  },
  {
    name: '1 KB read',
    facet: checked(facet.client, 'fs.read', () => ({ path: one })),
    mcp: checked(fsServer.client, 'read_text_file', () => ({ path: one })),
    concurrency: 1,
  },
  {
    name: '1 KB read at c16',
    facet: checked(facet.client, 'fs.read', () => ({ path: one })),
    mcp: checked(fsServer.client, 'read_text_file', () => ({ path: one })),
    concurrency: 16,
  },
].map((o) => ({ ...o, f: { p50: [], cpu: [] }, m: { p50: [], cpu: [] } }));

// The edits must pair up: an odd warm-up would leave the file as the other side expects it not.
for (const o of ops) {
  await load(1, WARMUP, o.facet);
  await load(1, WARMUP, o.mcp);
}
async function measure(call: Call, pid: number, concurrency: number, into: { p50: number[]; cpu: number[] }) {
  const before = processCpuUs(pid);
  const run = await load(concurrency, N, call);
  into.cpu.push((processCpuUs(pid) - before) / N);
  into.p50.push(stats(run.latencies).p50);
}
for (let r = 0; r < ROUNDS; r++) {
  for (const o of ops) {
    // Alternating who goes first, so that load from elsewhere falls on both alike.
    if (r % 2 === 0) {
      await measure(o.facet, facet.pid, o.concurrency, o.f);
      await measure(o.mcp, fsServer.pid, o.concurrency, o.m);
    } else {
      await measure(o.mcp, fsServer.pid, o.concurrency, o.m);
      await measure(o.facet, facet.pid, o.concurrency, o.f);
    }
  }
}
await facet.client.close();
await fsServer.client.close();

report(
  `per call over MCP stdio, facet mcp --shape core --lsp off vs server-filesystem (medians of ${ROUNDS} rounds of ${N})`,
  ops.flatMap((o) => [
    {
      op: `${o.name} (c${o.concurrency})`,
      server: 'facet',
      'p50 (ms)': median(o.f.p50),
      'CPU µs/call': median(o.f.cpu),
    },
    { op: '', server: 'server-filesystem', 'p50 (ms)': median(o.m.p50), 'CPU µs/call': median(o.m.cpu) },
  ]),
);
const by = (name: string) => ops.find((o) => o.name === name)!;
const rows: RatioRow[] = [];
const list = by('list a 53-entry directory');
rows.push(ratioRow('list 53 entries: p50 / server-filesystem', median(list.f.p50), median(list.m.p50), { max: 1.0 }));
rows.push(
  ratioRow('list 53 entries: CPU / server-filesystem (shown)', median(list.f.cpu), median(list.m.cpu), { max: 1.0 }),
);
const edit = by('small edit of a .ts file');
rows.push(
  ratioRow('edit, no diagnostics: p50 / server-filesystem', median(edit.f.p50), median(edit.m.p50), { max: 1.2 }),
);
rows.push(
  ratioRow('edit, no diagnostics: CPU / server-filesystem (shown)', median(edit.f.cpu), median(edit.m.cpu), {
    max: 1.2,
  }),
);
for (const name of ['1 KB read', '1 KB read at c16']) {
  const o = by(name);
  rows.push(ratioRow(`${name}: CPU / server-filesystem`, median(o.f.cpu), median(o.m.cpu), { max: 0.8 }));
}
reportRatios('ratios (issue 38; value and reference: p50 in ms, CPU in µs per call)', rows);
// Each round measures both servers back to back: its own ratios show how far this machine's
// phases (its speed swings 2x within minutes) move a row, which the ratio of medians hides.
const spread = (f: number[], m: number[]) => {
  const r = f.map((v, i) => v / m[i]!).sort((a, b) => a - b);
  return `${fmt(median(r))} (${fmt(r[0]!)}-${fmt(r[r.length - 1]!)})`;
};
for (const o of ops) {
  console.log(
    `${o.name} (c${o.concurrency}), per-round ratios: p50 ${spread(o.f.p50, o.m.p50)}, CPU ${spread(o.f.cpu, o.m.cpu)}`,
  );
}
console.log(`load average ${loadAverage()}`);
rmSync(work, { recursive: true, force: true });
