// Code intelligence: on a generated TypeScript project of 200 files (each importing its
// neighbour), an fs.edit on a cold pool (it answers without waiting for the server: issue 38)
// and the time until that edit's diagnostics are ready for a later call (typescript-language-
// server and tsserver starting and loading the project), then a warm fs.edit with diagnostics
// against the same edit on an engine with --lsp off, and the resident memory of the pool's
// process trees against its cap. Targets: warm edit + diagnostics <= 300 ms over the plain
// edit, and <= 3x it.
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
import { fmt, ratioRow, report, reportRatios, verdict } from './lib.js';

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
if (!first.text.includes('is still starting; they come with a later call'))
  throw new Error(`the cold edit did not answer at once: ${first.text.slice(-300)}`);
// The diagnostics of the cold edit, checked once the server is up, wait for the session's next call.
const t0 = performance.now();
let late = on.engine.code.takeLate(session);
while (late.length === 0) {
  await new Promise((r) => setTimeout(r, 10));
  late = on.engine.code.takeLate(session);
}
const lateMs = first.ms + performance.now() - t0;
if (!JSON.stringify(late).includes("Type 'string' is not assignable to type 'number'"))
  throw new Error(`no diagnostics for the cold edit: ${JSON.stringify(late).slice(0, 300)}`);
await edit(on.core, GOOD, session);
const warm: number[] = [];
const warmCpu: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  for (const args of [BAD, GOOD]) {
    const r = await edit(on.core, args, session);
    warm.push(r.ms);
    warmCpu.push(r.cpuMs);
  }
}
const rss = on.engine.code.rss();
await on.engine.close();

const off = toolboxFor('off');
const plainSession = new Session('bench-plain', root);
const plain: number[] = [];
const plainCpu: number[] = [];
for (let i = -1; i < ROUNDS; i++) {
  for (const args of [BAD, GOOD]) {
    const r = await edit(off.core, args, plainSession);
    if (i < 0) continue;
    plain.push(r.ms);
    plainCpu.push(r.cpuMs);
  }
}

const extra = median(warm) - median(plain);
report(`lsp: ${FILES}-file TypeScript project, fs.edit of ${target} (median of ${ROUNDS * 2})`, [
  {
    case: 'cold edit: answered (no wait for the server)',
    wall_ms: fmt(first.ms, 0),
    facet_cpu_ms: fmt(first.cpuMs, 0),
  },
  { case: 'cold edit: its diagnostics ready for a later call', wall_ms: fmt(lateMs, 0), facet_cpu_ms: '' },
  { case: 'warm edit + diagnostics', wall_ms: fmt(median(warm)), facet_cpu_ms: fmt(median(warmCpu)) },
  { case: 'same edit, --lsp off', wall_ms: fmt(median(plain)), facet_cpu_ms: fmt(median(plainCpu)) },
  {
    case: 'diagnostics overhead (warm - off)',
    wall_ms: `${fmt(extra)} ${verdict(extra, 300)}`,
    facet_cpu_ms: fmt(median(warmCpu) - median(plainCpu)),
  },
  { case: 'pool RSS (language servers, MB)', wall_ms: fmt(rss / 1048576, 0), facet_cpu_ms: '' },
]);
const { maxServers, idleMs, memoryMb } = on.engine.code.pool.settings;
console.log(
  `pool bounds: at most ${maxServers} servers, each stopped after ${idleMs / 60_000} min idle, killed over ${memoryMb} MB (--lsp-max-servers, --lsp-idle-ms, --lsp-memory-mb)`,
);
reportRatios('ratios (issue 38)', [
  ratioRow('warm edit with diagnostics / edit with --lsp off', median(warm), median(plain), { max: 3 }),
]);
rmSync(work, { recursive: true, force: true });
process.exit(0);
