// Code intelligence: on a generated TypeScript project of 200 files (each importing its
// neighbour), an fs.edit on a cold pool (it answers without waiting for the server: issue 38)
// and the time until that edit's diagnostics are ready for a later call (typescript-language-
// server and tsserver starting and loading the project), then a warm fs.edit with diagnostics
// against the same edit on an engine with --lsp off, and the resident memory of the pool's
// process trees against its cap. A warm edit waits for its diagnostics at most twice its own
// time (--lsp-diagnostics-ratio 2); what misses that comes with the session's next call, so the
// bench waits (untimed) for each edit's report before the next edit, and reports both when the
// edit answered and when its diagnostics were ready. Targets: a cold edit (and the next, while
// the project loads) answers within 500 ms, without the diagnostics; a warm edit answers within
// 3x the plain edit, its diagnostics are ready <= 300 ms over it, and Facet's CPU for the edit
// and its whole check (the part after the answer included) is <= 3x the plain edit's; the
// pool's RSS within --lsp-memory-mb.
// Wall times on a shared machine are noisy: CPU of this process is reported beside them.
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '../src/config.js';
import { createEngine } from '../src/engine/index.js';
import { Scope } from '../src/engine/scope.js';
import { Session } from '../src/engine/session.js';
import { Toolbox } from '../src/registry/toolbox.js';
import { buildShapes } from '../src/shapes/index.js';
import { fmt, loadAverage, ratioRow, report, reportRatios, verdict } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.resolve(here, '../../bench/.work/lsp');
rmSync(work, { recursive: true, force: true });
mkdirSync(path.join(work, 'src'), { recursive: true });
const root = realpathSync(work);

const FILES = 200;
writeFileSync(
  path.join(root, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'es2022', moduleResolution: 'bundler' },
    include: ['src'],
  }),
);
for (let i = 0; i < FILES; i++) {
  const dep = i === 0 ? '' : `import { f${i - 1} } from './m${i - 1}';\n`;
  const body = Array.from(
    { length: 20 },
    (_, k) => `export function g${i}_${k}(x: number): number {\n  return x * ${k} + ${i};\n}\n`,
  ).join('');
  writeFileSync(
    path.join(root, 'src', `m${i}.ts`),
    `${dep}export function f${i}(n: number): number {\n  return ${i === 0 ? 'n' : `f${i - 1}(n) + 1`};\n}\n${body}`,
  );
}

const quiet = { debug: () => undefined, warn: () => undefined };
const scope = Scope.fromRoots([root]);
const target = 'src/m100.ts';
const BAD = { path: target, old_string: 'return f99(n) + 1;', new_string: 'return f99(n) + "1";' };
const GOOD = { path: target, old_string: 'return f99(n) + "1";', new_string: 'return f99(n) + 1;' };

function toolboxFor(lsp: 'on' | 'off') {
  const config = parseConfig([
    '--root',
    root,
    '--lsp',
    lsp,
    '--lsp-diagnostics-ms',
    '120000',
    '--lsp-start-timeout-ms',
    '120000',
  ]);
  const engine = createEngine(config);
  return { engine, core: new Toolbox(buildShapes(config, engine).get('core')!) };
}

async function edit(core: Toolbox, args: Record<string, unknown>, session: Session) {
  const ctx = { signal: new AbortController().signal, session, scope, shape: 'core', logger: quiet };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await core.callTool('fs.edit', args, ctx);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const text = r.response.content.find((c) => c.body?.$case === 'text')?.body;
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, text: text?.$case === 'text' ? text.value : '' };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ROUNDS = 10;

const on = toolboxFor('on');
const session = new Session('bench-lsp', root);
const first = await edit(on.core, BAD, session);
// The second edit comes while typescript-language-server is still starting or tsserver is loading
// the project: it must not wait either (the server has answered no diagnostics yet).
const second = await edit(on.core, GOOD, session);
for (const r of [first, second])
  if (!r.text.includes('is still starting; they come with a later call'))
    throw new Error(`a cold edit did not answer at once: ${r.text.slice(-300)}`);
// The diagnostics of the cold edits, checked once the server is up, wait for the session's next call.
const t0 = performance.now();
const late = on.engine.code.takeLate(session);
while (late.length < 2) {
  await on.engine.code.whenLate(session);
  late.push(...on.engine.code.takeLate(session));
}
const lateMs = first.ms + second.ms + performance.now() - t0;
if (!JSON.stringify(late[0]).includes("Type 'string' is not assignable to type 'number'"))
  throw new Error(`no diagnostics for the cold edit: ${JSON.stringify(late).slice(0, 300)}`);
const warm: number[] = [];
const warmCpu: number[] = [];
/** From the edit's start until its diagnostics were ready: in its answer, or for the next call. */
const ready: number[] = [];
const readyCpu: number[] = [];
let inTime = 0;
const plain: number[] = [];
const plainCpu: number[] = [];
const off = toolboxFor('off');
const plainSession = new Session('bench-plain', root);
for (const args of [BAD, GOOD]) await edit(off.core, args, plainSession);
// Interleaved: each round makes the same two edits with diagnostics, then with --lsp off.
for (let i = 0; i < ROUNDS; i++) {
  for (const args of [BAD, GOOD]) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await edit(on.core, args, session);
    // Past its wait, the check goes on and its report is kept for the next call: waited for here.
    let found = r.text;
    if (r.text.includes('is still checking')) {
      // Not polled: a poll every few ms would add this process's own wake-ups to Facet's CPU.
      await on.engine.code.whenLate(session);
      const reports = on.engine.code.takeLate(session);
      found = JSON.stringify(reports);
    } else inTime++;
    ready.push(performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    readyCpu.push((cpu.user + cpu.system) / 1000);
    if (args === BAD && !found.includes('not assignable'))
      throw new Error(`a warm edit's diagnostics are missing: ${found.slice(-300)}`);
    warm.push(r.ms);
    warmCpu.push(r.cpuMs);
  }
  for (const args of [BAD, GOOD]) {
    const r = await edit(off.core, args, plainSession);
    plain.push(r.ms);
    plainCpu.push(r.cpuMs);
  }
}
const rss = on.engine.code.rss();
const { maxServers, idleMs, memoryMb } = on.engine.code.pool.settings;
await on.engine.close();
await off.engine.close();

const extra = median(ready) - median(plain);
report(`lsp: ${FILES}-file TypeScript project, fs.edit of ${target} (median of ${ROUNDS * 2})`, [
  {
    case: 'cold edit: answered (no wait for the server)',
    wall_ms: fmt(first.ms, 0),
    facet_cpu_ms: fmt(first.cpuMs, 0),
  },
  { case: 'second edit, project loading: answered', wall_ms: fmt(second.ms, 0), facet_cpu_ms: fmt(second.cpuMs, 0) },
  { case: 'cold edits: their diagnostics ready for a later call', wall_ms: fmt(lateMs, 0), facet_cpu_ms: '' },
  { case: 'warm edit + diagnostics: answered', wall_ms: fmt(median(warm)), facet_cpu_ms: fmt(median(warmCpu)) },
  {
    case: 'warm edit: its diagnostics ready (answer or next call)',
    wall_ms: fmt(median(ready)),
    facet_cpu_ms: fmt(median(readyCpu)),
  },
  { case: 'same edit, --lsp off', wall_ms: fmt(median(plain)), facet_cpu_ms: fmt(median(plainCpu)) },
  {
    case: 'diagnostics overhead (ready - off)',
    wall_ms: fmt(extra),
    facet_cpu_ms: fmt(median(readyCpu) - median(plainCpu)),
  },
]);
console.log(`warm edits whose diagnostics came in their own answer: ${inTime} of ${warm.length}`);
console.log(
  `pool bounds: at most ${maxServers} servers, each stopped after ${idleMs / 60_000} min idle, ${memoryMb} MB for all of them (--lsp-max-servers, --lsp-idle-ms, --lsp-memory-mb)`,
);
/** A row against an absolute bound, beside the ratio rows. */
const bounded = (measure: string, value: number, unit: string, max: number) => ({
  measure,
  value: `${fmt(value, 0)} ${unit}`,
  target: `≤ ${max} ${unit}`,
  verdict: verdict(value, max),
});
const absolute = [
  // Before issue 38 a cold edit waited out the diagnostics bound (3 s) while tsserver loaded.
  bounded('cold edit answered (was: waited up to 3000 ms)', first.ms, 'ms', 500),
  bounded('second edit while the project loads, answered', second.ms, 'ms', 500),
  bounded('warm edit: diagnostics overhead (ready - off)', extra, 'ms', 300),
  bounded('pool RSS, language servers warm', rss / 1048576, 'MB', memoryMb),
];
report('targets (issue 38)', absolute);
const missed =
  absolute.filter((r) => r.verdict !== 'PASS').length +
  reportRatios('ratios (issue 38)', [
    ratioRow('warm edit with diagnostics / edit with --lsp off (wall)', median(warm), median(plain), { max: 3 }),
    ratioRow(
      'warm edit with diagnostics, whole check / edit with --lsp off (Facet CPU)',
      median(readyCpu),
      median(plainCpu),
      { max: 3 },
    ),
  ]);
console.log(`load average ${loadAverage()}; ${missed} MISS in all`);
rmSync(work, { recursive: true, force: true });
process.exit(0);
