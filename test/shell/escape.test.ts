// Processes that leave their command's process group and session (setsid, daemons) are
// still the command's: a timeout, a cancel, a job stop, a session's end and the server's
// shutdown each leave nothing behind, found neither by command line nor by the marker
// every command's environment carries. The engine is checked with both mechanisms (a
// cgroup where this machine allows one, and the marker scan), the server as it runs here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import type { EngineError } from '../../src/engine/errors.js';
import { Scope } from '../../src/engine/scope.js';
import { Session } from '../../src/engine/session.js';
import { cgroupBase } from '../../src/engine/shell/cgroup.js';
import { MARKER_VAR, type ContainmentMode } from '../../src/engine/shell/kill.js';
import { commandArgv } from '../../src/engine/shell/process.js';
import {
  callTool,
  structured,
  tempDir,
  texts,
  withServer as withTestServer,
  type TestServer,
} from '../helpers/server.js';
import { bashEngine } from '../helpers/shell-engine.js';
import { eventually, marker, procsCarrying, procsRunning, procsWith } from './procs.js';

/**
 * A line whose first child escapes: its own session (so its own group), re-parented away
 * from the line when the subshell exits. "ready" is printed only once it runs.
 */
function escaping(m: string, then = `sleep ${m}`): string {
  return `(setsid sh -c 'echo $$ > esc-${m}.pid; exec sleep ${m}.5' &); while [ ! -s esc-${m}.pid ]; do sleep 0.01; done; echo ready; ${then}`;
}

/** Ends the line once the test has seen the escaped child (a file named go-<m> appears). */
const afterGo = (m: string): string => `while [ ! -e go-${m} ]; do sleep 0.01; done; echo done`;
const go = (dir: string, m: string): void => writeFileSync(path.join(dir, `go-${m}`), '');

function stat(pid: number): { ppid: number; pgid: number; sid: number } {
  const raw = readFileSync(`/proc/${pid}/stat`, 'latin1');
  const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), pgid: Number(f[2]), sid: Number(f[3]) };
}

/** The escaped process, checked to be outside the leader's group and session; its marker entry. */
let cgroupMode = false;

async function escapee(m: string, leader?: number): Promise<string> {
  assert.equal(await eventually(() => procsRunning(`sleep ${m}.5`).length === 1), true, 'the escaping child runs');
  const pid = procsRunning(`sleep ${m}.5`)[0]!;
  const s = stat(pid);
  if (leader !== undefined) {
    assert.notEqual(s.pgid, leader);
    assert.notEqual(s.sid, leader);
  }
  assert.equal(s.sid, pid, 'it leads a session of its own');
  // Where this machine lets the server make cgroups, the escaped child is inside the command's.
  const base = cgroupBase();
  if (cgroupMode && base !== null)
    assert.match(readFileSync(`/proc/${pid}/cgroup`, 'utf8'), new RegExp(`^0::.*/facet-${process.pid}/c\\d+$`, 'm'));
  const entry = readFileSync(`/proc/${pid}/environ`, 'latin1')
    .split('\0')
    .find((e) => e.startsWith(`${MARKER_VAR}=`));
  assert.ok(entry, 'it carries the marker');
  return entry;
}

function nothingLeft(m: string, entry: string): void {
  assert.deepEqual(procsWith(m), [], `by command line: ${procsWith(m).join(', ')}`);
  assert.deepEqual(procsCarrying(entry), [], `by marker: ${procsCarrying(entry).join(', ')}`);
}

async function eventuallyNothingLeft(m: string, entry: string): Promise<void> {
  await eventually(() => procsWith(m).length === 0 && procsCarrying(entry).length === 0);
  nothingLeft(m, entry);
}

for (const mode of ['auto', 'marker'] as ContainmentMode[]) {
  const setup = () => {
    const { dir, cleanup } = tempDir('facet-escape-');
    const engine = bashEngine(dir, { killGraceMs: 500, containment: mode });
    const session = new Session(`escape-${mode}`);
    cgroupMode = mode === 'auto';
    return {
      dir,
      engine,
      session,
      ctx: (signal?: AbortSignal) => ({ session, scope: Scope.fromRoots([dir]), signal }),
      cleanup,
    };
  };

  // A plain line, and one run by the reporting wrapper (the session directory and background
  // jobs reported), where bash joins the command's cgroup itself instead of a joining shell first.
  for (const [label, extra] of [
    ['', {}],
    [' of a line run by the reporting wrapper', { persistCwd: true, reportBackground: true }],
  ] as const) {
    test(`engine (${mode}): a timeout ends the escaped child${label}`, async () => {
      const { engine, ctx, session, cleanup } = setup();
      const m = marker();
      try {
        const running = engine.run(ctx(), { command: escaping(m), timeoutMs: 60_000, idleTimeoutMs: 3000, ...extra });
        const entry = await escapee(m);
        const r = await running;
        assert.equal(r.timedOut, true);
        assert.equal(r.stdout.text, 'ready\n');
        nothingLeft(m, entry);
      } finally {
        await session.dispose();
        cleanup();
      }
    });
  }

  // The kill TERMs again what was forked since its first round; a process it already TERMed is
  // not signalled twice, or a TERM trap still running (here for 300 ms) would run once more.
  test(`engine (${mode}): stopping a job runs its TERM trap once`, async () => {
    const { engine, ctx, session, cleanup } = setup();
    const m = marker();
    try {
      const job = await engine.start(ctx(), {
        command: `trap 'echo got TERM; sleep 0.3; echo trap done; exit 3' TERM; echo ready; sleep ${m} & wait`,
      });
      await engine.output(ctx(), job.id, { waitMs: 10000, until: 'output' });
      const stopped = await engine.stop(ctx(), job.id);
      assert.equal(stopped.status, 'killed');
      // bash may also report its background sleep as Terminated, at a point of its choosing.
      const text = (await engine.output(ctx(), job.id, { from: 'start' })).text;
      assert.equal(text.replace(/^.*Terminated.*\n/m, ''), 'ready\ngot TERM\ntrap done\n');
      assert.equal(await eventually(() => procsWith(m).length === 0), true);
    } finally {
      await session.dispose();
      cleanup();
    }
  });

  // Outside the sandbox an orphaned init of a PID namespace of the command's own is a leftover
  // like any other (only bwrap's init is let finish by itself, see the sandbox tests).
  test(`engine (${mode}): an orphaned namespace init the line left is killed with it`, async () => {
    const { engine, ctx, session, cleanup } = setup();
    const m = marker();
    const started = `unshare --user --map-root-user --pid --fork sleep ${m}.5`;
    try {
      const line = `(${started} </dev/null >/dev/null 2>&1 &); until pgrep -f '^sleep ${m}.5' >/dev/null; do sleep 0.01; done; pkill -KILL -f '^${started}'; echo done`;
      const r = await engine.run(ctx(), { command: line, persistCwd: true, reportBackground: true });
      assert.equal(r.stdout.text, 'done\n');
      assert.equal(r.leftovers, 'killed');
      assert.equal(await eventually(() => procsWith(m).length === 0), true, `left: ${procsWith(m).join(', ')}`);
    } finally {
      await session.dispose();
      cleanup();
    }
  });

  test(`engine (${mode}): the call's signal ends the escaped child too`, async () => {
    const { engine, ctx, session, cleanup } = setup();
    const m = marker();
    const ac = new AbortController();
    try {
      const running = engine.run(ctx(ac.signal), { command: escaping(m) });
      const entry = await escapee(m);
      ac.abort();
      await assert.rejects(running, (e: EngineError) => e.kind === 'cancelled');
      nothingLeft(m, entry);
    } finally {
      await session.dispose();
      cleanup();
    }
  });

  test(`engine (${mode}): a line that ends normally takes its escaped child with it, or keeps it until the session ends`, async () => {
    const { dir, engine, ctx, session, cleanup } = setup();
    const m = marker();
    try {
      const running = engine.run(ctx(), { command: escaping(m, afterGo(m)) });
      const entry = await escapee(m);
      go(dir, m);
      const r = await running;
      assert.equal(r.exitCode, 0);
      assert.equal(r.stdout.text, 'ready\ndone\n');
      assert.equal(r.leftovers, 'killed');
      nothingLeft(m, entry);

      const k = marker();
      const keeping = engine.run(ctx(), { command: escaping(k, afterGo(k)), keepBackground: true });
      const keptEntry = await escapee(k);
      go(dir, k);
      const kept = await keeping;
      assert.equal(kept.leftovers, 'kept');
      assert.equal((await escapee(k)) === keptEntry, true, 'still running after the line ended');
      await session.dispose();
      nothingLeft(k, keptEntry);
    } finally {
      await session.dispose();
      cleanup();
    }
  });

  test(`engine (${mode}): a daemon that let go of the output ends with its line (cgroup) or at the latest with the session (marker)`, async () => {
    const { dir, engine, ctx, session, cleanup } = setup();
    const m = marker();
    try {
      const line = `(setsid sh -c 'echo $$ > esc-${m}.pid; exec sleep ${m}.5' </dev/null >/dev/null 2>&1 &); while [ ! -s esc-${m}.pid ]; do sleep 0.01; done; ${afterGo(m)}`;
      const running = engine.run(ctx(), { command: line });
      const entry = await escapee(m);
      go(dir, m);
      const r = await running;
      assert.equal(r.stdout.text, 'done\n');
      const base = cgroupBase();
      if (mode === 'auto' && base !== null) {
        assert.equal(r.leftovers, 'killed');
        nothingLeft(m, entry);
      } else {
        // Nothing showed it when the line ended: no pipe held, its group and session its own.
        assert.equal(r.leftovers, 'none');
        assert.equal(procsRunning(`sleep ${m}.5`).length, 1);
      }
      await session.dispose();
      nothingLeft(m, entry);
    } finally {
      await session.dispose();
      cleanup();
    }
  });

  // A job-control shell puts a background job in a group of its own; started with `env -i`, it
  // carries no marker either. It stays in the command's session, and that finds it.
  test(`engine (${mode}): a background job of a job-control shell with a cleared environment ends with its job, or with the session`, async () => {
    const { dir, engine, ctx, session, cleanup } = setup();
    /**
     * The escaped child: its own group, not the leader's child, in the leader's session (`leader`, or some other
     * process's), no marker.
     */
    const unmarked = async (m: string, leader?: number): Promise<number> => {
      assert.equal(await eventually(() => procsRunning(`sleep ${m}.5`).length === 1), true, 'the escaping child runs');
      const pid = procsRunning(`sleep ${m}.5`)[0]!;
      const s = stat(pid);
      assert.notEqual(s.pgid, leader ?? s.sid, 'it has a group of its own');
      assert.notEqual(s.ppid, leader ?? s.sid);
      assert.equal(s.sid, leader ?? s.sid, "it stays in the command's session");
      assert.notEqual(s.sid, pid);
      const env = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      assert.deepEqual(
        env.filter((e) => e.startsWith(`${MARKER_VAR}=`)),
        [],
        'it carries no marker',
      );
      return pid;
    };
    const line = (m: string, then: string) =>
      `set -m; (env -i sh -c 'echo $$ > esc-${m}.pid; exec sleep ${m}.5' </dev/null >/dev/null 2>&1 &); while [ ! -s esc-${m}.pid ]; do sleep 0.01; done; echo ready; ${then}`;
    const m = marker();
    const k = marker();
    try {
      const job = await engine.start(ctx(), { command: line(m, `sleep ${m}`) });
      await unmarked(m, job.pid);
      assert.equal((await engine.stop(ctx(), job.id)).status, 'killed');
      assert.deepEqual(procsWith(m), []);

      // One whose line ended normally: the cgroup ends it with the line, else the session's end finds it.
      const running = engine.run(ctx(), { command: line(k, afterGo(k)) });
      await unmarked(k);
      go(dir, k);
      const r = await running;
      assert.equal(r.stdout.text, 'ready\ndone\n');
      await session.dispose();
      assert.deepEqual(procsWith(k), []);
    } finally {
      await session.dispose();
      for (const pid of [...procsRunning(`sleep ${m}.5`), ...procsRunning(`sleep ${k}.5`)])
        process.kill(pid, 'SIGKILL');
      cleanup();
    }
  });

  test(`engine (${mode}): stopping a job and ending its session end the escaped child too`, async () => {
    const { engine, ctx, session, cleanup } = setup();
    const m = marker();
    try {
      const job = await engine.start(ctx(), { command: escaping(m) });
      const entry = await escapee(m, job.pid);
      const stopped = await engine.stop(ctx(), job.id);
      assert.equal(stopped.status, 'killed');
      nothingLeft(m, entry);

      const k = marker();
      const other = await engine.start(ctx(), { command: escaping(k) });
      const otherEntry = await escapee(k, other.pid);
      await session.dispose();
      nothingLeft(k, otherEntry);
    } finally {
      await session.dispose();
      cleanup();
    }
  });

  test(`engine (${mode}): a job whose leader exits is ended whole, escaped child included`, async () => {
    const { dir, engine, ctx, session, cleanup } = setup();
    const m = marker();
    try {
      const job = await engine.start(ctx(), { command: escaping(m, afterGo(m)) });
      const entry = await escapee(m, job.pid);
      go(dir, m);
      const read = await engine.output(ctx(), job.id, { waitMs: 30_000, until: 'exit' });
      assert.equal(read.text, 'ready\ndone\n');
      assert.equal(read.job.status, 'completed');
      nothingLeft(m, entry);
    } finally {
      await session.dispose();
      cleanup();
    }
  });
}

async function withServer(args: string[], fn: (t: TestServer) => Promise<void>): Promise<void> {
  const setup = (dir: string) => mkdirSync(path.join(dir, '.state'));
  await withTestServer(
    { prefix: 'facet-escape-srv-', setup, args: (dir) => ['--state-dir', path.join(dir, '.state'), ...args] },
    (t) => {
      cgroupMode = true;
      return fn(t);
    },
  );
}

function jobOf(res: Awaited<ReturnType<typeof callTool>>): { id: string; pid: number } {
  assert.equal(res.error, '');
  const job = structured(res)!.job as { id: string; pid: number };
  return job;
}

test('server: a timed-out shell.run leaves nothing behind', () =>
  withServer([], async (t) => {
    const m = marker();
    const running = callTool(t.client, 'shell.run', { command: escaping(m), timeout_ms: 4000 });
    const entry = await escapee(m);
    const res = await running;
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_TIMEOUT);
    assert.equal(texts(res)[0], 'ready\n');
    nothingLeft(m, entry);
  }));

test('server: a call cancelled by its client deadline leaves nothing behind', () =>
  withServer([], async (t) => {
    const m = marker();
    const running = callTool(t.client, 'shell.run', { command: escaping(m) }, { deadlineMs: 4000 });
    const entry = await escapee(m);
    await assert.rejects(running, (err: { code?: number }) => err.code === 4); // DEADLINE_EXCEEDED
    await eventuallyNothingLeft(m, entry);
  }));

test('server: shell.stop leaves nothing behind', () =>
  withServer([], async (t) => {
    const m = marker();
    const job = jobOf(await callTool(t.client, 'shell.start', { command: escaping(m), wait_ms: 30_000 }));
    const entry = await escapee(m, job.pid);
    const stopped = await callTool(t.client, 'shell.stop', { id: job.id });
    assert.equal(texts(stopped)[0], `Job ${job.id} is killed.`);
    nothingLeft(m, entry);
  }));

test('server: an evicted session leaves nothing behind', () =>
  withServer(['--session-max', '1'], async (t) => {
    const m = marker();
    const job = jobOf(
      await callTool(t.client, 'shell.start', { command: escaping(m), wait_ms: 30_000 }, { session: 'first' }),
    );
    const entry = await escapee(m, job.pid);
    // A second session pushes the first out (the limit is one).
    await callTool(t.client, 'shell.jobs', {}, { session: 'second' });
    await eventuallyNothingLeft(m, entry);
  }));

test('server: shutdown leaves nothing behind', async () => {
  const m = marker();
  let entry = '';
  await withServer([], async (t) => {
    const job = jobOf(await callTool(t.client, 'shell.start', { command: escaping(m), wait_ms: 30_000 }));
    entry = await escapee(m, job.pid);
  });
  nothingLeft(m, entry);
});

// A shell that cannot write its pid to the cgroup (here: a path that does not exist) starts
// itself again without the path and runs the command: its command line then no longer shows
// a join in progress, which is how a kill knows to fall back on the marker.
test('a wrapper shell whose cgroup join fails still runs the command, without the path', () => {
  const procs = '/nonexistent/facet-join-test/cgroup.procs';
  const command = 'cat /proc/$$/cmdline; exit 7';
  const a = commandArgv({ command, shell: '/bin/bash', merge: true, report: false, join: procs });
  assert.deepEqual(a.args.slice(-2), [procs, command]);
  const r = spawnSync(a.file, a.args, { encoding: 'utf8' });
  assert.equal(r.status, 7);
  assert.equal(r.stdout, `${[a.file, ...a.args.slice(0, -2), '', command].join('\0')}\0`);
});
