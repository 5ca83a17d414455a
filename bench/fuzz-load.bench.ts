// Hostile calls under CPU load: a real `facet serve` (every shape) gets, over real gRPC, calls
// built from each tool's input schema to hurt it (wrong types, huge values, paths outside the
// roots, symlinks, a FIFO, binary and badly encoded files, huge and catastrophic patterns,
// commands that flood or hang), while busy child processes take the CPU. Every call must be
// answered (in band or as a gRPC status) within its bound; a call that is not is listed with its
// tool and argument kind. Knobs (environment): FUZZ_LOAD busy processes (default: one per core),
// FUZZ_CONCURRENCY calls in flight (8), FUZZ_BOUND_MS (10000), FUZZ_SHAPES / FUZZ_TOOLS
// (comma-separated substrings), FUZZ_KINDS (substrings of argument kinds), FUZZ_ROUNDS (1),
// FUZZ_SHELL_INACTIVITY_MS (the server's --shell-inactivity-ms; its default, Gemini's 300 s,
// unless set: a lower one shortens a run of the waiting commands).
// Run alone: npm run bench fuzz-load.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import { failureCodeToJSON } from '../src/gen/codefly/base/v0/failure.js';
import type { CallToolResponse, Tool, ToolboxClient } from '../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { parseConfig } from '../src/config.js';
import { callBound, COMMAND_BOUND_MS } from './fuzz-bounds.js';
import { fmt, peakRssKb, report, rssKb, startFacet, stats, verdict } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.resolve(here, '../../bench/.work/fuzz-load');
const env = process.env;
const LOAD = Number(env.FUZZ_LOAD ?? os.cpus().length);
const CONCURRENCY = Number(env.FUZZ_CONCURRENCY ?? 8);
const BOUND_MS = Number(env.FUZZ_BOUND_MS ?? 10_000);
const ROUNDS = Number(env.FUZZ_ROUNDS ?? 1);
const INACTIVITY_MS = Number(env.FUZZ_SHELL_INACTIVITY_MS ?? parseConfig([], {}).shell.inactivityMs);
const list = (v: string | undefined) => (v ? v.split(',').filter(Boolean) : []);
const only = (filters: string[], name: string) => filters.length === 0 || filters.some((f) => name.includes(f));

rmSync(work, { recursive: true, force: true });
mkdirSync(path.join(work, 'root', 'dir', 'sub'), { recursive: true });
mkdirSync(path.join(work, 'state'), { recursive: true });
const root = realpathSync(path.join(work, 'root'));
const at = (name: string) => path.join(root, name);

// The files the hostile paths name.
const line = (i: number) => `${String(i).padStart(8, '0')} ${'x'.repeat(70)}\n`;
writeFileSync(at('small.txt'), Array.from({ length: 50 }, (_, i) => line(i)).join(''));
writeFileSync(at('big.txt'), Array.from({ length: (8 * 1024 * 1024) / 80 }, (_, i) => line(i)).join(''));
writeFileSync(at('one-line.txt'), 'a'.repeat(4 * 1024 * 1024));
writeFileSync(at('bin.dat'), Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => (i * 7919) % 256)));
writeFileSync(at('latin1.txt'), Buffer.from('caf\xe9 cr\xe8me br\xfbl\xe9e\n'.repeat(1000), 'latin1'));
writeFileSync(
  at('bad-utf8.txt'),
  Buffer.concat([Buffer.from('ok\n'), Buffer.from([0xc3, 0x28, 0xe2, 0x82, 0xff, 0xfe])]),
);
writeFileSync(
  at('utf16.txt'),
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('wide text\n'.repeat(100), 'utf16le')]),
);
writeFileSync(at('nb.ipynb'), '{"cells": [ {"cell_type": "code", "source": 1}], "nbformat": "x"');
writeFileSync(at('dir/sub/a.ts'), 'export const a = 1;\n'.repeat(100));
symlinkSync('/etc', at('link-out'));
symlinkSync('/etc/passwd', at('link-passwd'));
symlinkSync('loop-b', at('loop-a'));
symlinkSync('loop-a', at('loop-b'));
symlinkSync('/dev/zero', at('zero'));
execFileSync('mkfifo', [at('fifo')]);
// Ignore files a hostile repository can ship: every walk through dir/ meets them (ripgrep would
// block on the FIFO and fill memory from /dev/zero; the guard hands such searches to the fallback).
execFileSync('mkfifo', [at('dir/.gitignore')]);
symlinkSync('/dev/zero', at('dir/sub/.ignore'));

const HUGE = 'A'.repeat(1024 * 1024);
const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });

type Kind = [kind: string, value: unknown];
/** Hostile values for one property, by its type and name. */
function hostile(name: string, schema: Record<string, unknown>): Kind[] {
  const t = schema.type;
  const out: Kind[] = [
    ['null', null],
    ['deep-object', deep(64)],
  ];
  if (t === 'string' || t === undefined) {
    out.push(['wrong-type:number', 12345], ['wrong-type:array', ['a', 'b']], ['huge-string', HUGE]);
    out.push(['empty-string', ''], ['nul-byte', 'a\u0000b'], ['lone-surrogate', 'a\ud800b']);
  } else if (t === 'number' || t === 'integer') {
    out.push(['wrong-type:string', 'ten'], ['huge-number', 1e300], ['negative', -1], ['fraction', 0.5]);
    out.push(['unsafe-int', 2 ** 53 + 2]);
  } else if (t === 'boolean') {
    out.push(['wrong-type:string', 'yes']);
  } else if (t === 'array') {
    out.push(['wrong-type:string', 'x'], ['huge-array', Array.from({ length: 100_000 }, (_, i) => `x${i}`)]);
    out.push(['array-of-junk', [null, 1, {}, []]]);
  } else if (t === 'object') {
    out.push(['wrong-type:array', [1, 2]], ['wrong-type:string', 'x']);
  }
  const n = name.toLowerCase();
  if (/path|file|dir|cwd|notebook|target|source|destination|old|new_path|workdir/.test(n)) {
    for (const p of [
      '/etc/passwd',
      '../../../../etc/passwd',
      'link-out/passwd',
      'link-passwd',
      'loop-a',
      'zero',
      '/dev/zero',
      '/proc/self/mem',
      'fifo',
      at('fifo'),
      'bin.dat',
      'latin1.txt',
      'bad-utf8.txt',
      'utf16.txt',
      'big.txt',
      at('big.txt'),
      'one-line.txt',
      'nb.ipynb',
      'dir',
      'n'.repeat(5000),
      'file:///etc/passwd',
      '~/.ssh/id_rsa',
    ])
      out.push([`path:${p.length > 40 ? `${p.slice(0, 8)}…(${p.length})` : p.replace(root, '<root>')}`, p]);
  }
  if (/pattern|regex|query|glob|include|exclude|ignore|match|search|old_string|old_str/.test(n)) {
    for (const [k, v] of [
      ['nested-quantifier', '(a+)+$'],
      ['backtracking', '(.*a){20}$'],
      ['alternation-bomb', Array.from({ length: 20_000 }, (_, i) => `w${i}`).join('|')],
      ['unclosed', '['.repeat(1000)],
      ['brace-bomb', '{a,b}'.repeat(40)],
      ['globstar-chain', `${'**/'.repeat(300)}*`],
      ['extglob', '+(+(+(+(a|b)))|*)'.repeat(20)],
      ['lookbehind', '(?<=a)b'],
      ['unicode-class', '\\p{L}+'],
      ['backref', '(a*)*\\1'],
    ] as const)
      out.push([`pattern:${k}`, v]);
  }
  if (/command|cmd|script|code|input|chars/.test(n)) {
    for (const [k, v] of [
      ['flood', 'yes | head -c 30000000'],
      ['binary-out', 'head -c 2000000 /dev/urandom'],
      ['hang-background', 'sleep 60 > /dev/null 2>&1 & echo started'],
      ['hold-stdout', '(sleep 60 &) ; echo held'],
      ['read-stdin', 'cat'],
      ['cat-fifo', 'cat fifo'],
      ['big-cat', 'cat big.txt'],
      ['syntax-error', 'if then fi ((('],
      ['many-lines', 'seq 1 2000000'],
      ['long-line', 'head -c 5000000 /dev/zero | tr "\\0" a'],
    ] as const)
      out.push([`command:${k}`, v]);
  }
  if (/url/.test(n)) {
    for (const u of ['http://127.0.0.1:1/', 'ftp://x/', 'javascript:alert(1)', 'http://[::1', 'file:///etc/passwd'])
      out.push([`url:${u}`, u]);
  }
  if (/content|new_string|new_str|text|body|patch|input/.test(n)) {
    out.push(['content:5mb', 'x'.repeat(5 * 1024 * 1024)]);
    out.push(['content:control', '\u0000\u0001\u001b[2J\uffff']);
    if (/patch|input/.test(n))
      out.push([
        'patch:escape',
        '*** Begin Patch\n*** Add File: ../../../tmp/escape.txt\n+x\n*** Update File: fifo\n@@\n-a\n+b\n*** End Patch',
      ]);
  }
  return out;
}

/** A plausible valid value for a property, so that one hostile argument at a time is tried. */
function plausible(name: string, schema: Record<string, unknown>): unknown {
  if (schema.enum && Array.isArray(schema.enum)) return schema.enum[0];
  const n = name.toLowerCase();
  switch (schema.type) {
    case 'string':
      if (/command|cmd/.test(n)) return 'echo ok';
      if (/path|file|dir/.test(n)) return /dir|cwd|workdir/.test(n) ? root : at('small.txt');
      if (/pattern|query|glob/.test(n)) return 'x';
      if (/url/.test(n)) return 'http://127.0.0.1:1/';
      return 'x';
    case 'number':
    case 'integer':
      return /timeout/.test(n) ? 2000 : 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'x';
  }
}

interface Call {
  shape: string;
  tool: string;
  kind: string;
  args: Record<string, unknown>;
  /** How long the call may take before it counts as unanswered. */
  boundMs: number;
}

function callsFor(shape: string, tool: Tool): Call[] {
  const schema = (tool.inputSchema ?? {}) as { properties?: Record<string, Record<string, unknown>> };
  const props = Object.entries(schema.properties ?? {});
  const base = Object.fromEntries(props.map(([k, s]) => [k, plausible(k, s)]));
  const calls: Call[] = [
    { shape, tool: tool.name, kind: 'no-arguments', args: {}, boundMs: BOUND_MS },
    { shape, tool: tool.name, kind: 'plausible', args: base, boundMs: BOUND_MS },
    { shape, tool: tool.name, kind: 'unknown-property', args: { ...base, zzz_unknown: HUGE }, boundMs: BOUND_MS },
  ];
  for (const [k, s] of props)
    for (const [kind, value] of hostile(k, s)) {
      const name = `${k}=${kind}`;
      const boundMs = callBound(shape, tool.name, name, { boundMs: BOUND_MS, inactivityMs: INACTIVITY_MS });
      calls.push({ shape, tool: tool.name, kind: name, args: { ...base, [k]: value }, boundMs });
    }
  return calls;
}

function call(
  client: ToolboxClient,
  c: Call,
  session: string,
): Promise<{ ms: number; outcome: string; error: string }> {
  const md = new grpc.Metadata();
  md.set('facet-shape', c.shape);
  md.set('facet-session', session);
  const t0 = performance.now();
  return new Promise((resolve) => {
    // A deadline well past the bound: a call still open then is reported, not waited for.
    client.callTool(
      { name: c.tool, arguments: c.args, roots: [] },
      md,
      { deadline: Date.now() + c.boundMs * 3 },
      (err: grpc.ServiceError | null, res?: CallToolResponse) => {
        const ms = performance.now() - t0;
        if (err) resolve({ ms, outcome: `grpc ${grpc.status[err.code]}`, error: err.details });
        else
          resolve({
            ms,
            outcome: res!.failure ? failureCodeToJSON(res!.failure.code).replace('FAILURE_CODE_', '') : 'ok',
            error: res!.error,
          });
      },
    );
  });
}

function listTools(client: ToolboxClient, shape: string): Promise<Tool[]> {
  const md = new grpc.Metadata();
  md.set('facet-shape', shape);
  return new Promise((resolve, reject) =>
    client.listTools({}, md, (err, res) => (err ? reject(err) : resolve(res!.tools))),
  );
}

// Busy children: each spins a core, as other work on the machine would.
const busy: ChildProcess[] = [];
const stopBusy = () => busy.forEach((b) => b.kill('SIGKILL'));
process.once('exit', stopBusy);

const facet = await startFacet(
  [
    '--root',
    root,
    '--state-dir',
    path.join(work, 'state'),
    '--shell-inactivity-ms',
    String(INACTIVITY_MS),
    // Several searches at once each let rg grow to this before the guard stops it.
    '--rg-memory-mb',
    '256',
  ],
  { HOME: work },
);
// Stopped by hand: the server and the busy children go too.
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.once(sig, () => {
    facet.child.kill('SIGKILL');
    process.exit(130);
  });
const shapes = ['core', 'claude', 'codex', 'gemini', 'qwen', 'kimi', 'grok', 'anthropic', 'openai'].filter((s) =>
  only(list(env.FUZZ_SHAPES), s),
);
const calls: Call[] = [];
const tools = new Set<string>();
for (const shape of shapes)
  for (const tool of await listTools(facet.client, shape)) {
    if (!only(list(env.FUZZ_TOOLS), tool.name)) continue;
    tools.add(`${shape}/${tool.name}`);
    for (const c of callsFor(shape, tool)) if (only(list(env.FUZZ_KINDS), c.kind)) calls.push(c);
  }

for (let i = 0; i < LOAD; i++) busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));

interface Done extends Call {
  ms: number;
  outcome: string;
}
const done: Done[] = [];
const started = performance.now();
for (let round = 0; round < ROUNDS; round++) {
  let next = 0;
  const worker = async (w: number) => {
    while (next < calls.length) {
      const c = calls[next++]!;
      // A session per worker and tool: hostile calls of one tool share state, as one agent's would.
      const r = await call(facet.client, c, `fuzz-${round}-${w}-${c.shape}-${c.tool}`);
      done.push({ ...c, ...r });
      if (r.ms > c.boundMs)
        console.log(
          `SLOW ${fmt(r.ms / 1000, 1)} s  ${c.shape}/${c.tool}  ${c.kind}  -> ${r.outcome} ${r.error.slice(0, 100)}`,
        );
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
}
const seconds = (performance.now() - started) / 1000;
stopBusy();
const alive = facet.child.exitCode === null;
const memory = alive ? { rss: rssKb(facet.pid) / 1024, peak: peakRssKb(facet.pid) / 1024 } : undefined;
await facet.stop();
rmSync(work, { recursive: true, force: true });

const late = done.filter((d) => d.ms > d.boundMs);
const s = stats(done.map((d) => d.ms));
const slowest = [...done].sort((a, b) => b.ms - a.ms).slice(0, 10);
report(
  'slowest calls',
  slowest.map((d) => ({ tool: `${d.shape}/${d.tool}`, kind: d.kind.slice(0, 60), outcome: d.outcome, ms: d.ms })),
);
report('hostile calls under load', [
  {
    calls: done.length,
    tools: tools.size,
    busy_processes: LOAD,
    concurrency: CONCURRENCY,
    seconds,
    p50_ms: s.p50,
    p99_ms: s.p99,
    max_ms: slowest[0]?.ms ?? 0,
    unanswered: late.length,
    server_alive: alive ? 'yes' : 'NO',
    server_rss_mb_end: memory?.rss ?? NaN,
    server_rss_mb_peak: memory?.peak ?? NaN,
  },
]);
console.log(
  `calls not answered within ${BOUND_MS / 1000} s (waiting commands: ${COMMAND_BOUND_MS / 1000} s, ${INACTIVITY_MS / 1000} s + 10 s where only inactivity ends them): ${late.length} of ${done.length} (target 0): ${verdict(late.length, 0)}${alive ? '' : '; the server died'}`,
);
process.exit(0);
