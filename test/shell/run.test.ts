import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { Scope } from '../../src/engine/scope.js';
import { Session } from '../../src/engine/session.js';
import type { ShellContext } from '../../src/engine/shell/engine.js';
import { tempDir } from '../helpers/server.js';
import { bashEngine } from '../helpers/shell-engine.js';
import { eventually, marker, procsWith, zombieChildren } from './procs.js';

const { dir: root, cleanup } = tempDir('facet-shell-run-');
mkdirSync(path.join(root, 'sub'));
const engine = bashEngine(root, { env: ['EXTRA_NAME', 'SET_BY_CONFIG=configured'] });
const sessions: Session[] = [];
function ctx(signal?: AbortSignal): ShellContext {
  const session = new Session(`s${sessions.length}`);
  sessions.push(session);
  return { session, scope: Scope.fromRoots([root]), signal };
}
after(async () => {
  await Promise.all(sessions.map((s) => s.dispose()));
  cleanup();
});

test('exit codes, signals and separate streams', async () => {
  const c = ctx();
  const ok = await engine.run(c, { command: 'echo out; echo err >&2' });
  assert.equal(ok.exitCode, 0);
  assert.equal(ok.signal, null);
  assert.equal(ok.stdout.text, 'out\n');
  assert.equal(ok.stderr.text, 'err\n');
  assert.equal(ok.timedOut, false);
  assert.equal(ok.cwd, root);

  const failed = await engine.run(c, { command: 'exit 42' });
  assert.equal(failed.exitCode, 42);

  const killed = await engine.run(c, { command: 'kill -USR1 $$' });
  assert.equal(killed.exitCode, null);
  assert.equal(killed.signal, 'SIGUSR1');

  const argv = await engine.run(c, { command: ['printf', '%s|', 'a b', '$HOME'] });
  assert.equal(argv.stdout.text, 'a b|$HOME|');
});

test('merged output keeps the exact order of stdout and stderr', async () => {
  const r = await engine.run(ctx(), {
    command: 'for i in 1 2 3 4 5; do echo o$i; echo e$i >&2; done',
    streams: 'merged',
  });
  assert.equal(r.output.text, 'o1\ne1\no2\ne2\no3\ne3\no4\ne4\no5\ne5\n');
  assert.equal(r.stderr.text, '');
  // Separate streams still give each one in its own order, and the merged view holds both.
  const s = await engine.run(ctx(), { command: 'echo a; echo b >&2; echo c' });
  assert.equal(s.stdout.text, 'a\nc\n');
  assert.equal(s.stderr.text, 'b\n');
  assert.deepEqual([...s.output.text].sort().join(''), [...'a\nb\nc\n'].sort().join(''));
  // argv form can merge too.
  const a = await engine.run(ctx(), { command: ['bash', '-c', 'echo 1; echo 2 >&2; echo 3'], streams: 'merged' });
  assert.equal(a.output.text, '1\n2\n3\n');
});

test('stdin input reaches the command and is then closed', async () => {
  const r = await engine.run(ctx(), { command: 'tr a-z A-Z; echo done', input: 'hello\n' });
  assert.equal(r.stdout.text, 'HELLO\ndone\n');
  const closed = await engine.run(ctx(), { command: 'cat; echo end' });
  assert.equal(closed.stdout.text, 'end\n');
});

test('a timeout kills a process tree three levels deep', async () => {
  const m = marker();
  const r = await engine.run(ctx(), {
    command: `bash -c "bash -c 'sleep ${m}; :'; :"; echo unreachable`,
    timeoutMs: 400,
    killGraceMs: 1000,
  });
  assert.equal(r.timedOut, true);
  assert.equal(r.timeoutMs, 400);
  assert.equal(r.signal, 'SIGTERM');
  assert.equal(r.stdout.text, '');
  assert.deepEqual(procsWith(m), []);
  // An exited child is reaped asynchronously (SIGCHLD): allow the moment it takes.
  assert.equal(await eventually(() => zombieChildren().length === 0), true, `zombies: ${zombieChildren().join(', ')}`);
});

test('processes that ignore TERM are killed after the grace period', async () => {
  const m = marker();
  const r = await engine.run(ctx(), {
    command: `trap '' TERM; bash -c "trap '' TERM; sleep ${m}; :"; :`,
    timeoutMs: 300,
    killGraceMs: 300,
  });
  assert.equal(r.timedOut, true);
  assert.equal(r.signal, 'SIGKILL');
  assert.deepEqual(procsWith(m), []);
});

test('the call signal cancels the command and kills its tree', async () => {
  const m = marker();
  const ac = new AbortController();
  const running = engine.run(ctx(ac.signal), { command: `bash -c 'sleep ${m}; :'; :` });
  assert.equal(await eventually(() => procsWith(m).length > 0), true);
  ac.abort();
  await assert.rejects(running, (err: EngineError) => err.kind === 'cancelled');
  assert.deepEqual(procsWith(m), []);
});

test('a no-output (idle) timeout fires only when output stops', async () => {
  const r = await engine.run(ctx(), {
    command: 'echo a; sleep 0.1; echo b; sleep 30',
    idleTimeoutMs: 1000,
    timeoutMs: 60000,
  });
  assert.equal(r.timedOut, true);
  assert.equal(r.idle, true);
  assert.equal(r.stdout.text, 'a\nb\n');
});

test('a flood stays inside the cap, counted, with bounded memory', async () => {
  const before = process.memoryUsage().rss;
  const r = await engine.run(ctx(), { command: 'yes | head -c 400000000', maxOutputBytes: 1000, headShare: 0.25 });
  const grown = process.memoryUsage().rss - before;
  assert.equal(r.exitCode, 0);
  assert.equal(r.stdout.totalBytes, 400_000_000);
  assert.equal(r.stdout.totalLines, 200_000_000);
  assert.equal(r.stdout.truncated, true);
  assert.equal(r.stdout.head, 'y\n'.repeat(125));
  assert.equal(r.stdout.tail, 'y\n'.repeat(375));
  assert.equal(r.stdout.omittedBytes, 400_000_000 - 1000);
  assert.ok(grown < 100 * 1024 * 1024, `rss grew by ${grown} bytes`);
  // An endless flood is stopped by its timeout with the same bound.
  const endless = await engine.run(ctx(), { command: 'yes', timeoutMs: 300, maxOutputBytes: 64 });
  assert.equal(endless.timedOut, true);
  assert.equal(endless.stdout.text.length, 64);
});

test('large output spills whole to a bounded file under the state directory', async () => {
  const r = await engine.run(ctx(), { command: 'seq 1 100000', maxOutputBytes: 100, spillOverBytes: 1000 });
  assert.equal(r.stdout.truncated, true);
  assert.ok(r.spill);
  assert.ok(r.spill.path.startsWith(path.join(root, '.state') + path.sep));
  const full = readFileSync(r.spill.path, 'utf8');
  assert.equal(full, Array.from({ length: 100000 }, (_, i) => `${i + 1}\n`).join(''));
  assert.equal(r.spill.truncated, false);
  assert.equal(statSync(r.spill.path).mode & 0o777, 0o600);
  const small = await engine.run(ctx(), { command: 'echo small', spillOverBytes: 1000 });
  assert.equal(small.spill, undefined);
  const capped = await engine.run(ctx(), { command: 'seq 1 100000', spillOverBytes: 10, maxSpillBytes: 50 });
  assert.equal(capped.spill?.bytes, 50);
  assert.equal(capped.spill?.truncated, true);
});

test('multi-byte characters are never cut in half', async () => {
  const r = await engine.run(ctx(), { command: "printf 'é%.0s' $(seq 1 1000)", maxOutputBytes: 101 });
  assert.equal(r.stdout.truncated, true);
  assert.equal(r.stdout.head, 'é'.repeat(25));
  assert.equal(r.stdout.tail, 'é'.repeat(25));
  assert.equal(r.stdout.omittedBytes, 2000 - 100);
});

test('the session directory persists across calls and resets when it leaves the roots', async () => {
  const c = ctx();
  const cd = await engine.run(c, { command: 'cd sub && pwd', persistCwd: true });
  assert.equal(cd.stdout.text, `${root}/sub\n`);
  assert.equal(c.session.cwd, path.join(root, 'sub'));
  const next = await engine.run(c, { command: 'pwd', persistCwd: true });
  assert.equal(next.stdout.text, `${root}/sub\n`);
  assert.equal(next.cwdReset, undefined);
  // exit with a code still reports the directory.
  const up = await engine.run(c, { command: 'cd .. ; exit 3', persistCwd: true });
  assert.equal(up.exitCode, 3);
  assert.equal(c.session.cwd, root);
  const out = await engine.run(c, { command: 'cd /tmp', persistCwd: true });
  assert.deepEqual(out.cwdReset, { attempted: '/tmp', resetTo: root });
  assert.equal(c.session.cwd, undefined);
  assert.equal((await engine.run(c, { command: 'pwd' })).stdout.text, `${root}\n`);
  // Through a symlink that points out of the roots: also a reset.
  symlinkSync('/tmp', path.join(root, 'escape'));
  const viaLink = await engine.run(c, { command: 'cd escape', persistCwd: true });
  assert.equal(viaLink.cwdReset?.resetTo, root);
  // Without persistence a cd does not hold.
  await engine.run(c, { command: 'cd sub' });
  assert.equal((await engine.run(c, { command: 'pwd' })).stdout.text, `${root}\n`);
  // The user's own fd 3 stays free for the command.
  const fd3 = await engine.run(c, { command: 'exec 3>fd3.txt; echo x >&3; cat fd3.txt', persistCwd: true });
  assert.equal(fd3.stdout.text, 'x\n');
});

test('workdir is checked against the roots', async () => {
  const c = ctx();
  assert.equal((await engine.run(c, { command: 'pwd', workdir: 'sub' })).stdout.text, `${root}/sub\n`);
  await assert.rejects(
    engine.run(c, { command: 'pwd', workdir: '/etc', workdirField: 'dir_path' }),
    (e: EngineError) => e.kind === 'permission_denied' && e.field === 'dir_path',
  );
  await assert.rejects(engine.run(c, { command: 'pwd', workdir: 'nope' }), (e: EngineError) => e.kind === 'not_found');
  await assert.rejects(
    engine.run(c, { command: '   ' }),
    (e: EngineError) => e.kind === 'invalid_argument' && e.field === 'command',
  );
  await assert.rejects(engine.run(c, { command: ['no-such-program-xyz'] }), (e: EngineError) => e.kind === 'not_found');
});

test('the environment is built from the allow list: server secrets never leak', async () => {
  process.env.FACET_TOKEN = 'secret-token';
  process.env.FACET_ANYTHING = 'x';
  process.env.EXTRA_NAME = 'passed';
  process.env.UNLISTED_VAR = 'hidden';
  try {
    const r = await engine.run(ctx(), { command: 'env', env: { FACET_SNEAKY: 'no', PAGER: 'cat' } });
    const vars = new Map(
      r.stdout.text
        .trim()
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    assert.equal(
      [...vars.keys()].some((k) => k.startsWith('FACET_')),
      false,
    );
    assert.equal(r.stdout.text.includes('secret-token'), false);
    assert.equal(vars.get('EXTRA_NAME'), 'passed');
    assert.equal(vars.get('SET_BY_CONFIG'), 'configured');
    assert.equal(vars.get('PAGER'), 'cat');
    assert.equal(vars.has('UNLISTED_VAR'), false);
    assert.equal(vars.get('PATH'), process.env.PATH);
  } finally {
    delete process.env.FACET_TOKEN;
    delete process.env.FACET_ANYTHING;
    delete process.env.EXTRA_NAME;
    delete process.env.UNLISTED_VAR;
  }
});

test('background leftovers are killed when the line ends, or kept and reported when asked', async () => {
  const m1 = marker();
  const killed = await engine.run(ctx(), { command: `sleep ${m1} & echo started`, reportBackground: true });
  assert.equal(killed.stdout.text, 'started\n');
  assert.equal(killed.leftovers, 'killed');
  assert.equal(killed.backgroundPids.length, 1);
  assert.equal(await eventually(() => procsWith(m1).length === 0), true);

  const m2 = marker();
  const c = ctx();
  const kept = await engine.run(c, {
    command: `nohup sleep ${m2} >/dev/null 2>&1 & echo started`,
    keepBackground: true,
    reportBackground: true,
  });
  assert.equal(kept.leftovers, 'kept');
  // Polled: while the job execs (bash, then nohup, then sleep) its command line can read empty for a moment.
  let seen: number[] = [];
  assert.equal(await eventually(() => (seen = procsWith(m2)).length === 1), true);
  assert.deepEqual(kept.backgroundPids, seen);
  // The session's end takes kept processes with it.
  await c.session.dispose();
  assert.deepEqual(procsWith(m2), []);
});

test('the policy is checked before anything runs', async () => {
  const strict = bashEngine(root, { deny: ['touch'], routes: { git: 'git-box' } });
  const c = ctx();
  await assert.rejects(
    strict.run(c, { command: 'echo hi && touch made.txt' }),
    (e: EngineError) => e.kind === 'security_policy' && e.facts.rule === 'touch',
  );
  assert.equal(existsSync(path.join(root, 'made.txt')), false);
  await assert.rejects(strict.start(c, { command: 'git log' }), (e: EngineError) => e.routedTo === 'git-box');
});
