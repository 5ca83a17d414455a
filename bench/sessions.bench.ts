// What sessions cost in memory (issue 38), in process over the core toolbox as the server runs
// it: the heap and resident memory an idle session holds after one read (its read record, its
// bags), what a finished background job holds (its record, its last lines), and whether memory
// stays flat over 10,000 sessions created and evicted under a cap of 100. Heap figures are
// taken after full collections (run with --expose-gc, as `npm run bench` does); resident
// memory is shown beside them but the allocator keeps what it once took, so it is not judged.
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '../src/config.js';
import { createEngine } from '../src/engine/index.js';
import { Scope } from '../src/engine/scope.js';
import { SessionStore, type Session } from '../src/engine/session.js';
import { Toolbox } from '../src/registry/toolbox.js';
import { buildShapes } from '../src/shapes/index.js';
import { fmt, loadAverage, report } from './lib.js';
import { smallText } from './small-calls.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (npm run bench does)');

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.resolve(here, '../../bench/.work/sessions');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const root = realpathSync(work);
writeFileSync(path.join(root, 'small.txt'), smallText());

const config = parseConfig(['--root', root, '--lsp', 'off', '--log-level', 'silent']);
const engine = createEngine(config);
const core = new Toolbox(buildShapes(config, engine).get('core')!);
const scope = Scope.fromRoots([root]);
const quiet = { debug: () => undefined, warn: () => undefined };

async function call(tool: string, args: Record<string, unknown>, session: Session) {
  const r = await core.callTool(tool, args, {
    signal: new AbortController().signal,
    session,
    scope,
    shape: 'core',
    logger: quiet,
  });
  if (r.response.error) throw new Error(`${tool}: ${r.response.error}`);
  return r;
}

async function memory(): Promise<{ heap: number; rss: number }> {
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setImmediate(r));
    gc!();
  }
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

/** A session used as an agent would: one read (a read record for read-before-edit), then idle. */
async function readSession(store: SessionStore, id: string): Promise<void> {
  const s = store.acquire(id);
  try {
    await call('fs.read', { path: 'small.txt' }, s);
  } finally {
    store.release(s);
  }
}

// Warm-up: every module and cache the calls below use is loaded before the first baseline.
const warm = new SessionStore({ maxSessions: 10, idleMs: 3_600_000 });
for (let i = 0; i < 50; i++) await readSession(warm, `w${i}`);
const ws = warm.acquire('jobs-warm');
for (let i = 0; i < 4; i++) await call('shell.start', { command: 'echo warm' }, ws);
await allFinished(ws);
warm.release(ws);
await warm.close();

// 1. Idle sessions, all kept.
const IDLE = 2000;
const live = new SessionStore({ maxSessions: 100_000, idleMs: 3_600_000 });
const idle0 = await memory();
for (let i = 0; i < IDLE; i++) await readSession(live, `idle-${i}`);
const idle1 = await memory();
await live.close();

// 2. Finished background jobs: 4 sessions of 32 (the per-session job limit keeps no more).
async function allFinished(s: Session): Promise<void> {
  for (;;) {
    const r = await call('shell.jobs', { running_only: true }, s);
    const text = r.response.content.find((c) => c.body?.$case === 'text')?.body;
    if (text?.$case === 'text' && !/running/.test(text.value)) return;
    await new Promise((res) => setTimeout(res, 20));
  }
}
const JOB_SESSIONS = 4;
const JOBS = 32;
const jobStore = new SessionStore({ maxSessions: 100, idleMs: 3_600_000 });
const jobSessions = Array.from({ length: JOB_SESSIONS }, (_, i) => jobStore.acquire(`jobs-${i}`));
for (const s of jobSessions) await call('fs.read', { path: 'small.txt' }, s);
const job0 = await memory();
for (const s of jobSessions) {
  for (let j = 0; j < JOBS; j++) await call('shell.start', { command: `echo job ${j}; seq 1 20` }, s);
  await allFinished(s);
}
const job1 = await memory();
for (const s of jobSessions) jobStore.release(s);
await jobStore.close();

// 3. 10,000 sessions created and evicted under a cap of 100.
const CAP = 100;
const churn = new SessionStore({ maxSessions: CAP, idleMs: 3_600_000 });
const marks: Array<{ sessions: number; heap: number; rss: number; kept: number; notes: number }> = [];
for (let i = 1; i <= 10_000; i++) {
  await readSession(churn, `c${i}`);
  if (i === 1000 || i === 5000 || i === 10_000)
    marks.push({ sessions: i, ...(await memory()), kept: churn.size, notes: churn.notes });
}
await churn.close();
await engine.close();

const mb = (bytes: number) => fmt(bytes / 1048576, 1);
const row = (measure: string, value: number, unit: string, target: string, pass?: boolean) => ({
  measure,
  value: `${fmt(value, unit === '×' ? 3 : 1)} ${unit}`,
  target,
  verdict: pass === undefined ? '' : pass ? 'PASS' : 'MISS',
});
const perSessionHeap = (idle1.heap - idle0.heap) / IDLE / 1024;
const perJobHeap = (job1.heap - job0.heap) / (JOB_SESSIONS * JOBS) / 1024;
const at = (n: number) => marks.find((m) => m.sessions === n)!;
const growth = at(10_000).heap / at(5000).heap;
report(
  'churn: 10,000 sessions of one read each, cap 100 (heap after full GC)',
  marks.map((m) => ({
    'sessions so far': String(m.sessions),
    'heap MB': fmt(m.heap / 1048576, 1),
    'RSS MB': fmt(m.rss / 1048576, 1),
    'sessions kept': String(m.kept),
    'eviction notes': String(m.notes),
  })),
);
report('memory (issue 38)', [
  row(
    `idle session after one read: heap per session (${IDLE} kept)`,
    perSessionHeap,
    'KB',
    '≤ 16 KB',
    perSessionHeap <= 16,
  ),
  row(
    `idle session: RSS per session (not judged; RSS ${mb(idle0.rss)} → ${mb(idle1.rss)} MB)`,
    (idle1.rss - idle0.rss) / IDLE / 1024,
    'KB',
    '(report)',
  ),
  row(`finished background job: heap per job (${JOB_SESSIONS * JOBS})`, perJobHeap, 'KB', '≤ 32 KB', perJobHeap <= 32),
  row('heap after 10,000 sessions / after 5,000 (flat)', growth, '×', '≤ 1.05', growth <= 1.05),
  row(`sessions kept after 10,000 (cap ${CAP})`, at(10_000).kept, 'sessions', `≤ ${CAP}`, at(10_000).kept <= CAP),
]);
console.log(`load average ${loadAverage()}`);
rmSync(work, { recursive: true, force: true });
process.exit(0);
