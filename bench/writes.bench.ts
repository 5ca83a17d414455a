// Large writes and the event loop: how long each write or edit call holds up the server's
// event loop (perf_hooks.monitorEventLoopDelay), from the request's decoding to the response's
// encoding, for small and large changes; the worst case across all calls is named. Target:
// no call blocks the loop for more than a few milliseconds (10 ms here), whatever its size.
// Two baselines (the idle loop, alone and beside a busy thread) show what the machine adds;
// loop_busy_ms is the time the loop was not idle during the call (all its stretches together:
// a bound on the longest one that does not count time spent waiting).
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { Session as Inspector } from 'node:inspector/promises';
import path from 'node:path';
import { monitorEventLoopDelay, performance as perf, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parseConfig } from '../src/config.js';
import { Scope } from '../src/engine/scope.js';
import { Session } from '../src/engine/session.js';
import { CallToolRequest, CallToolResponse } from '../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { decodeCallToolRequest, hasPendingText, settleArguments } from '../src/server/wire-request.js';
import { Toolbox } from '../src/registry/toolbox.js';
import { encodeWithinLimit } from '../src/server/wire.js';
import { buildShapes } from '../src/shapes/index.js';
import { createEngine } from '../src/engine/index.js';
import { fmt, report, verdict } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.resolve(here, '../../bench/.work/writes');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const root = realpathSync(work);

const config = parseConfig(['--root', root]);
const shapes = buildShapes(config, createEngine(config));
const toolboxes = new Map([...shapes].map(([name, spec]) => [name, new Toolbox(spec)]));
const scope = Scope.fromRoots([root]);
const quiet = { debug: () => undefined, warn: () => undefined };
// The CallTool response path as the server runs it: the 4 MiB default limit, cut-to-fit for changes.
const limit = Math.min(config.responseBytes, config.maxMessageBytes);

const rows = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => `${f(i)}\n`).join('');
const shuffled = (text: string) => {
  const lines = text.split(/(?<=\n)/);
  let seed = 7;
  for (let i = lines.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
  }
  return lines.join('');
};

interface Case {
  name: string;
  shape: string;
  tool: string;
  /** Puts the file in place before each call; returns the call's arguments. */
  setup: () => Record<string, unknown>;
}

const file = (name: string, content?: string) => {
  const p = path.join(root, name);
  rmSync(p, { force: true });
  if (content !== undefined) writeFileSync(p, content);
  return p;
};
// The big texts are made when a case first needs them and dropped after it: held for the whole
// run, they sat in the measured process's heap (a server holds none of them) and their 40 MB of
// buffers counted as external memory, bringing full collections into calls that make none.
const fixtures = new Map<string, string | Buffer>();
const fixture = <T extends string | Buffer>(key: string, make: () => T): T => {
  let made = fixtures.get(key) as T | undefined;
  if (made === undefined) fixtures.set(key, (made = make()));
  return made;
};
const b200 = rows(2_000, () => 'b'.repeat(99));
const c200 = rows(2_000, () => 'c'.repeat(99));
const b1m = rows(10_000, () => 'b'.repeat(99));
const c1m = rows(10_000, () => 'c'.repeat(99));
const numbered = rows(10_000, (i) => `${String(i).padStart(8, '0')} ${'n'.repeat(90)}`);
const d3m = () => fixture('d3m', () => rows(30_000, () => 'd'.repeat(99)));
const ordered = rows(20_000, (i) => `line ${i}`);
const small = rows(200, (i) => `small line ${i} ${'s'.repeat(30)}`);
// A small edit of a big file: the request is tiny, the file is not (decoding, encoding and
// counting the lines of 50 MB run on the loop in one piece each; this case shows what that costs).
const big50 = () => fixture('big50', () => rows(500_000, (i) => `${String(i).padStart(8, '0')} ${'e'.repeat(90)}`));
// 20 MB texts in each kind of encoding the engine converts (UTF-8, a legacy single-byte one
// through iconv, UTF-16 with a BOM): decoding, checking and encoding them held the loop for ~1 ms per MB.
const mb20 = () => fixture('mb20', () => rows(200_000, (i) => `${String(i).padStart(8, '0')} ${'t'.repeat(81)} é`));
const latin20 = () => fixture('latin20', () => Buffer.from(mb20(), 'latin1'));
const utf16of20 = () =>
  fixture('utf16of20', () =>
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(mb20().slice(0, mb20().length / 2), 'utf16le')]),
  );
/** The 20 MB rows: their own verdict line. */
const BIG_TEXT = '20 MB';

const cases: Case[] = [
  {
    name: 'fs.edit: one line of a 10 KB file',
    shape: 'core',
    tool: 'fs.edit',
    setup: () => (
      file('small.txt', small),
      { path: 'small.txt', old_string: 'small line 100 ', new_string: 'SMALL LINE 100 ' }
    ),
  },
  {
    name: 'fs.write: 200 KB, every line changed',
    shape: 'core',
    tool: 'fs.write',
    setup: () => (file('two.txt', b200), { path: 'two.txt', content: c200 }),
  },
  {
    name: 'fs.write: 1 MB, every line changed',
    shape: 'core',
    tool: 'fs.write',
    setup: () => (file('one.txt', b1m), { path: 'one.txt', content: c1m }),
  },
  {
    name: 'fs.write: 1 MB, one line changed',
    shape: 'core',
    tool: 'fs.write',
    setup: () => (
      file('num.txt', numbered),
      { path: 'num.txt', content: numbered.replace('00005000 ', '00005000 changed ') }
    ),
  },
  {
    name: 'fs.write: 20000 lines shuffled',
    shape: 'core',
    tool: 'fs.write',
    setup: () => (file('shuf.txt', ordered), { path: 'shuf.txt', content: shuffled(ordered) }),
  },
  {
    name: 'fs.write: new 3 MB file',
    shape: 'core',
    tool: 'fs.write',
    setup: () => (file('three.txt'), { path: 'three.txt', content: d3m() }),
  },
  {
    name: 'gemini write_file: new 3 MB file',
    shape: 'gemini',
    tool: 'write_file',
    setup: () => ({ file_path: file('g3.txt'), content: d3m() }),
  },
  {
    name: 'fs.edit: one line of a 50 MB file',
    shape: 'core',
    tool: 'fs.edit',
    setup: () => (
      file('big50.txt', big50()),
      { path: 'big50.txt', old_string: '00250000 ', new_string: '00250000 changed ' }
    ),
  },
  {
    name: 'fs.read: a 20 MB file, 1 MiB of it',
    shape: 'core',
    tool: 'fs.read',
    setup: () => (file('r20.txt', mb20()), { path: 'r20.txt' }),
  },
  {
    name: 'fs.read: a 20 MB Latin-1 file, 1 MiB of it',
    shape: 'core',
    tool: 'fs.read',
    setup: () => (writeFileSync(file('rl20.txt'), latin20()), { path: 'rl20.txt' }),
  },
  {
    name: 'fs.write: 20 MB over a 20 MB UTF-8 file',
    shape: 'core',
    tool: 'fs.write',
    setup: () => (file('w20.txt', mb20()), { path: 'w20.txt', content: mb20().replace(/t/g, 'u') }),
  },
  {
    name: 'fs.write: 20 MB over a 20 MB Latin-1 file',
    shape: 'core',
    tool: 'fs.write',
    setup: () => (writeFileSync(file('l20.txt'), latin20()), { path: 'l20.txt', content: mb20().replace(/t/g, 'u') }),
  },
  {
    name: 'fs.write: 20 MB over a 20 MB UTF-16 file',
    shape: 'core',
    tool: 'fs.write',
    setup: () => (
      writeFileSync(file('u20.txt'), utf16of20()),
      {
        path: 'u20.txt',
        content: mb20()
          .slice(0, mb20().length / 2)
          .replace(/t/g, 'u'),
      }
    ),
  },
  {
    name: 'fs.edit: one line of a 20 MB file',
    shape: 'core',
    tool: 'fs.edit',
    setup: () => (
      file('e20.txt', mb20()),
      { path: 'e20.txt', old_string: '00100000 ', new_string: '00100000 changed ' }
    ),
  },
  {
    name: 'fs.apply_patch: add a 3 MB file',
    shape: 'core',
    tool: 'fs.apply_patch',
    setup: () => (
      file('p3.txt'),
      { patch: `*** Begin Patch\n*** Add File: p3.txt\n${d3m().replace(/^(?=.)/gm, '+')}*** End Patch` }
    ),
  },
];

// Garbage collection pauses the loop too (large strings make garbage): the longest pause in each
// call is shown beside the delay, so that what the call itself holds up can be told apart.
let gcMaxMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, e.duration);
}).observe({ entryTypes: ['gc'] });

// WRITES_PROFILE=<dir> keeps a CPU profile (100 µs samples) of each measured call, from the
// request's decoding to the response's encoding, for a look at the longest synchronous stretch.
const profileDir = process.env.WRITES_PROFILE;
const inspector = profileDir ? new Inspector() : undefined;
if (inspector) {
  mkdirSync(profileDir!, { recursive: true });
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
}

const ROUNDS = 5;
// One round of every case first, unmeasured: the first calls compile code and start the diff worker.
const WARMUP = 1;
const h = monitorEventLoopDelay({ resolution: 1 });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: Array<Record<string, string | number>> = [];
let worst = { ms: 0, name: '' };
let worstMedian = { ms: 0, name: '' };
let worstBigText = { ms: 0, name: '' };
// WRITES_CASES=<substring> measures only the cases whose name holds it (e.g. "20 MB").
for (const c of cases.filter((x) => !process.env.WRITES_CASES || x.name.includes(process.env.WRITES_CASES))) {
  const toolbox = toolboxes.get(c.shape)!;
  const delays: number[] = [];
  const gcs: number[] = [];
  const times: number[] = [];
  const busy: number[] = [];
  let outcome = '';
  let bytes = 0;
  for (let round = -WARMUP; round < ROUNDS; round++) {
    // The client's side (building and encoding the request) is not the server's loop: done first.
    const request = CallToolRequest.encode({ name: c.tool, arguments: c.setup(), roots: [] }).finish();
    const session = new Session(`bench-${c.name}-${round}`);
    (globalThis as { gc?: () => void }).gc?.(); // start each call with no garbage of the one before
    await new Promise((r) => setTimeout(r, 20));
    if (inspector && round >= 0) await inspector.post('Profiler.start');
    // Beside the profile, the loop's stalls: a 1 ms timer's late firings (monotonic µs, the profile's clock).
    const ticks: number[] = [];
    let ticking = inspector !== undefined && round >= 0;
    const tick = () => {
      ticks.push(Number(process.hrtime.bigint() / 1000n));
      if (ticking) setTimeout(tick, 1);
    };
    if (ticking) tick();
    h.reset();
    h.enable();
    // The histogram records a delay from its second tick on: without this wait, a stall at the
    // call's start (decoding the request) went unseen.
    await new Promise((res) => setTimeout(res, 3));
    gcMaxMs = 0;
    const elu0 = perf.eventLoopUtilization();
    const t0 = performance.now();
    // As the gRPC server decodes a CallTool request: its own decoder, big strings a MiB per turn.
    const req = decodeCallToolRequest(request);
    if (hasPendingText(req)) await settleArguments(req);
    const ctx = { signal: new AbortController().signal, session, scope, shape: c.shape, logger: quiet };
    const r = await toolbox.callTool(req.name, req.arguments ?? {}, ctx);
    const out = encodeWithinLimit(r.response, limit, r.changed === true).bytes;
    const ms = performance.now() - t0;
    const busyMs = perf.eventLoopUtilization(elu0).active;
    await new Promise((res) => setTimeout(res, 5)); // let the histogram see the last stretch
    h.disable();
    if (round < 0) continue;
    if (inspector) {
      ticking = false;
      const { profile } = await inspector.post('Profiler.stop');
      const slug = c.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
      writeFileSync(path.join(profileDir!, `${slug}.${round}.cpuprofile`), JSON.stringify(profile));
      writeFileSync(path.join(profileDir!, `${slug}.${round}.ticks.json`), JSON.stringify(ticks));
    }
    times.push(ms);
    busy.push(busyMs);
    gcs.push(gcMaxMs);
    delays.push(h.max / 1e6);
    const sent = CallToolResponse.decode(out);
    outcome = sent.failure ? `FAILED: ${sent.error.slice(0, 60)}` : 'ok';
    bytes = out.length;
  }
  const most = Math.max(...delays);
  if (most > worst.ms) worst = { ms: most, name: c.name };
  if (median(delays) > worstMedian.ms) worstMedian = { ms: median(delays), name: c.name };
  if (c.name.includes(BIG_TEXT) && median(delays) > worstBigText.ms)
    worstBigText = { ms: median(delays), name: c.name };
  results.push({
    call: c.name,
    outcome,
    response_kb: bytes / 1024,
    call_ms_median: median(times),
    loop_busy_ms_median: median(busy),
    loop_delay_max_ms_median: median(delays),
    loop_delay_max_ms_worst: most,
    longest_gc_ms: Math.max(...gcs),
  });
  fixtures.clear();
}
// The floor on this machine: the loop doing nothing for a second, alone and beside a thread that
// computes (as the diff worker does), 5 times each.
for (const busy of [false, true]) {
  const delays: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const spin = busy
      ? new Worker('const end = Date.now() + 1000; while (Date.now() < end);', { eval: true })
      : undefined;
    h.reset();
    h.enable();
    await new Promise((r) => setTimeout(r, 1000));
    h.disable();
    await spin?.terminate();
    delays.push(h.max / 1e6);
  }
  const name = busy ? 'baseline: idle loop beside a busy thread, 1 s' : 'baseline: idle loop, 1 s';
  results.push({
    call: name,
    outcome: '',
    response_kb: 0,
    call_ms_median: 1000,
    loop_busy_ms_median: 0,
    loop_delay_max_ms_median: median(delays),
    loop_delay_max_ms_worst: Math.max(...delays),
    longest_gc_ms: 0,
  });
}
// The floor for a call that takes a 20 MB string: V8 holds a string in one piece, and making one
// (here joining two 10 MB halves and searching it, as the joined argument is at its first use)
// is one stretch of the loop whatever the code around it.
const floor: number[] = [];
const halves = ['a'.repeat(10_000_000), 'b'.repeat(10_000_000)];
for (let round = 0; round < ROUNDS; round++) {
  (globalThis as { gc?: () => void }).gc?.();
  h.reset();
  h.enable();
  await new Promise((r) => setTimeout(r, 3));
  (halves[0]! + halves[1]!).includes('\r');
  await new Promise((r) => setTimeout(r, 5));
  h.disable();
  floor.push(h.max / 1e6);
}
results.push({
  call: 'baseline: one 20 MB string made on the loop',
  outcome: '',
  response_kb: 0,
  call_ms_median: 0,
  loop_busy_ms_median: 0,
  loop_delay_max_ms_median: median(floor),
  loop_delay_max_ms_worst: Math.max(...floor),
  longest_gc_ms: 0,
});
report(
  `event-loop delay per call (${ROUNDS} calls each: the median and the worst of each call's longest delay; the histogram's resolution is 1 ms)`,
  results,
);
console.log(
  `worst event-loop delay: ${fmt(worst.ms)} ms, in "${worst.name}"; worst median: ${fmt(worstMedian.ms)} ms, in "${worstMedian.name}" (target ≤ 10 ms): ${verdict(worstMedian.ms, 10)}`,
);
console.log(
  `20 MB reads, writes and edits: worst median event-loop delay ${fmt(worstBigText.ms)} ms, in "${worstBigText.name}"; ratio ${fmt(worstBigText.ms / 10)} of the target (≤ 10 ms): ${verdict(worstBigText.ms, 10)}; ${fmt(worstBigText.ms / median(floor))}× making one 20 MB string on this machine (${fmt(median(floor))} ms)`,
);
console.log(
  "(the delays include time the process was not scheduled: compare with the baselines, and with the small edit's row)",
);
rmSync(work, { recursive: true, force: true });
process.exit(0);
