// Starting and killing commands: the engine's spawnChild (enclosed in a cgroup where the
// machine allows it, else by the environment marker) against a bare child_process.spawn,
// in this process, as ratios. (1) spawn + exit of `bash -c true`, sequential and at
// concurrency 8; (2) the cost of one kill (TERM to gone) of `sleep`; (3) kills per second
// when 32 commands are killed at once; (4) the same kill with 400 unrelated processes on
// the machine: a kill that read all of /proc would grow with them.
import { spawn, type ChildProcess } from 'node:child_process';
import { cgroupBase } from '../src/engine/shell/cgroup.js';
import type { ContainmentMode } from '../src/engine/shell/kill.js';
import { spawnChild, type Child } from '../src/engine/shell/process.js';
import { fmt, load, report, stats, type Stats } from './lib.js';

const N = 200;
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

function direct(command: string): ChildProcess {
  return spawn('/bin/bash', ['-c', command], { detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function directRun(): Promise<void> {
  const c = direct('true');
  c.stdout!.resume();
  c.stderr!.resume();
  await new Promise((r) => c.once('close', r));
}

function engineSpawn(command: string, mode: ContainmentMode): Promise<Child> {
  return spawnChild({
    command,
    shell: '/bin/bash',
    cwd: process.cwd(),
    env,
    merge: false,
    report: false,
    stdin: false,
    containment: mode,
  });
}

async function engineRun(mode: ContainmentMode): Promise<void> {
  const c = await engineSpawn('true', mode);
  await c.exited;
  await c.drained;
  c.release();
}

/**
 * Samples the ways in turn, one call each per round, so the machine's changing load
 * (other work on it) weighs on all alike. A way may return its own measure in ms.
 */
async function paired(n: number, ways: Array<() => Promise<number | void>>): Promise<number[][]> {
  for (let i = 0; i < 10; i++) for (const w of ways) await w();
  const out = ways.map((): number[] => []);
  for (let i = 0; i < n; i++) {
    for (const [k, w] of ways.entries()) {
      const t0 = performance.now();
      const own = await w();
      out[k]!.push(typeof own === 'number' ? own : performance.now() - t0);
    }
  }
  return out;
}

/** One sleeper started, then timed from the kill to the moment it is known gone. */
async function directKill(): Promise<number> {
  const c = direct('sleep 1000');
  await new Promise((r) => c.once('spawn', r));
  const gone = new Promise((r) => c.once('exit', r));
  const t0 = performance.now();
  process.kill(-c.pid!, 'SIGTERM');
  await gone;
  return performance.now() - t0;
}

async function engineKill(mode: ContainmentMode): Promise<number> {
  const c = await engineSpawn('sleep 1000', mode);
  const t0 = performance.now();
  await c.kill(2000);
  const ms = performance.now() - t0;
  c.detach();
  return ms;
}

async function killsPerSecond(count: number, start: () => Promise<() => Promise<unknown>>): Promise<number> {
  const killers = await Promise.all(Array.from({ length: count }, start));
  const t0 = performance.now();
  await Promise.all(killers.map((k) => k()));
  return count / ((performance.now() - t0) / 1000);
}

const directKiller = async () => {
  const c = direct('sleep 1000');
  await new Promise((r) => c.once('spawn', r));
  return () => {
    const gone = new Promise((r) => c.once('exit', r));
    process.kill(-c.pid!, 'SIGTERM');
    return gone;
  };
};
const engineKiller = (mode: ContainmentMode) => async () => {
  const c = await engineSpawn('sleep 1000', mode);
  return () => c.kill(2000);
};

const mechanism = cgroupBase() ? 'cgroup' : 'marker (no usable cgroup here)';
console.log(`auto enclosure on this machine: ${mechanism}`);

const [spawnD, spawnA, spawnM] = (await paired(N, [directRun, () => engineRun('auto'), () => engineRun('marker')])).map(
  stats,
) as [Stats, Stats, Stats];
report('spawn + exit of `bash -c true` (sequential, ms)', [
  { path: 'child_process.spawn', p50: spawnD.p50, p99: spawnD.p99, mean: spawnD.mean },
  { path: 'spawnChild auto', p50: spawnA.p50, p99: spawnA.p99, mean: spawnA.mean },
  { path: 'spawnChild marker', p50: spawnM.p50, p99: spawnM.p99, mean: spawnM.mean },
  {
    path: 'ratio auto / direct',
    p50: spawnA.p50 / spawnD.p50,
    p99: spawnA.p99 / spawnD.p99,
    mean: spawnA.mean / spawnD.mean,
  },
  {
    path: 'ratio marker / direct',
    p50: spawnM.p50 / spawnD.p50,
    p99: spawnM.p99 / spawnD.p99,
    mean: spawnM.mean / spawnD.mean,
  },
]);

const loadD = await load(8, 400, directRun);
const loadA = await load(8, 400, () => engineRun('auto'));
report('spawn + exit at concurrency 8', [
  { path: 'child_process.spawn', per_second: loadD.perSecond, p50_ms: stats(loadD.latencies).p50 },
  { path: 'spawnChild auto', per_second: loadA.perSecond, p50_ms: stats(loadA.latencies).p50 },
  {
    path: 'ratio auto / direct',
    per_second: loadA.perSecond / loadD.perSecond,
    p50_ms: stats(loadA.latencies).p50 / stats(loadD.latencies).p50,
  },
]);

const [killD, killA, killM] = (
  await paired(60, [directKill, () => engineKill('auto'), () => engineKill('marker')])
).map(stats) as [Stats, Stats, Stats];
report('one kill, TERM to gone (ms)', [
  { path: 'process.kill + exit event', p50: killD.p50, p99: killD.p99 },
  { path: 'Child.kill auto', p50: killA.p50, p99: killA.p99 },
  { path: 'Child.kill marker', p50: killM.p50, p99: killM.p99 },
  { path: 'ratio auto / direct', p50: killA.p50 / killD.p50, p99: killA.p99 / killD.p99 },
  { path: 'ratio marker / direct', p50: killM.p50 / killD.p50, p99: killM.p99 / killD.p99 },
]);

const kpsD = await killsPerSecond(32, directKiller);
const kpsA = await killsPerSecond(32, engineKiller('auto'));
const kpsM = await killsPerSecond(32, engineKiller('marker'));
report('32 commands killed at once', [
  { path: 'process.kill', kills_per_second: kpsD },
  { path: 'Child.kill auto', kills_per_second: kpsA },
  { path: 'Child.kill marker', kills_per_second: kpsM },
  { path: 'ratio auto / direct', kills_per_second: kpsA / kpsD },
  { path: 'ratio marker / direct', kills_per_second: kpsM / kpsD },
]);

// 400 bystanders: a kill that scans /proc pays for each of them; one that reads its own
// cgroup does not. Compared with the direct kill measured in the same rounds.
const bystanders = Array.from({ length: 400 }, () => spawn('sleep', ['1000'], { stdio: 'ignore' }));
await Promise.all(bystanders.map((b) => new Promise((r) => b.once('spawn', r))));
await new Promise((r) => setTimeout(r, 500));
try {
  const [crowdD, crowdA, crowdM] = (
    await paired(60, [directKill, () => engineKill('auto'), () => engineKill('marker')])
  ).map(stats) as [Stats, Stats, Stats];
  report('one kill with 400 more processes on the machine (ms)', [
    { path: 'process.kill + exit event', p50: crowdD.p50, p99: crowdD.p99, ratio_to_direct_p50: 1, quiet_ratio_p50: 1 },
    {
      path: 'Child.kill auto',
      p50: crowdA.p50,
      p99: crowdA.p99,
      ratio_to_direct_p50: crowdA.p50 / crowdD.p50,
      quiet_ratio_p50: killA.p50 / killD.p50,
    },
    {
      path: 'Child.kill marker',
      p50: crowdM.p50,
      p99: crowdM.p99,
      ratio_to_direct_p50: crowdM.p50 / crowdD.p50,
      quiet_ratio_p50: killM.p50 / killD.p50,
    },
  ]);
} finally {
  for (const b of bystanders) b.kill('SIGKILL');
}
console.log(
  `\nspawn costs ${fmt(spawnA.p50 / spawnD.p50)}x a bare child_process.spawn (p50, ${mechanism}); a kill ${fmt(killA.p50 / killD.p50)}x; ${fmt(kpsA)} kills/s with 32 at once.`,
);
