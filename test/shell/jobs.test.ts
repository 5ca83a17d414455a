import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { Scope } from '../../src/engine/scope.js';
import { Session, SessionStore } from '../../src/engine/session.js';
import type { ShellContext } from '../../src/engine/shell/engine.js';
import { tempDir } from '../helpers/server.js';
import { bashEngine } from '../helpers/shell-engine.js';
import { eventually, marker, procsWith } from './procs.js';

const { dir: root, cleanup } = tempDir('facet-shell-jobs-');
const engine = bashEngine(root, { killGraceMs: 500, maxJobsPerSession: 3 });
const sessions: Session[] = [];
function ctx(session = new Session(`j${sessions.length}`)): ShellContext {
  sessions.push(session);
  return { session, scope: Scope.fromRoots([root]) };
}
after(async () => {
  await Promise.all(sessions.map((s) => s.dispose()));
  cleanup();
});

test('a background job starts at once; its output is read incrementally and after exit', async () => {
  const c = ctx();
  const job = await engine.start(c, {
    command: 'echo one; echo two >&2; read -t 0.3 x; echo three; exit 5',
    description: 'demo',
  });
  assert.equal(job.status, 'running');
  assert.equal(job.number, 1);
  assert.equal(job.description, 'demo');
  const first = await engine.output(c, job.id, { waitMs: 5000, until: 'output' });
  assert.ok(first.text.startsWith('one\n'), first.text);
  const rest = await engine.output(c, job.id, { waitMs: 10000, until: 'exit' });
  assert.equal(first.text + rest.text, 'one\ntwo\nthree\n');
  assert.equal(rest.job.status, 'failed');
  assert.equal(rest.job.exitCode, 5);
  assert.equal(rest.toOffset, 14);
  // Nothing new after that; from the start gives everything again; an offset pages.
  assert.equal((await engine.output(c, job.id)).text, '');
  assert.equal((await engine.output(c, job.id, { from: 'start' })).text, 'one\ntwo\nthree\n');
  const paged = await engine.output(c, job.id, { from: 4, maxBytes: 4 });
  assert.equal(paged.text, 'two\n');
  assert.equal(paged.hasMore, true);
  // Jobs are found by id, number or pid.
  assert.equal(engine.job(c, '1').id, job.id);
  assert.equal(engine.job(c, job.pid).id, job.id);
  assert.equal(readFileSync(job.logPath, 'utf8'), 'one\ntwo\nthree\n');
});

test('stop kills the whole group; the list shows status and exit', async () => {
  const c = ctx();
  const m = marker();
  const job = await engine.start(c, { command: `bash -c 'sleep ${m}; :' & bash -c 'sleep ${m}; :'; :` });
  assert.equal(await eventually(() => procsWith(m).length >= 2), true);
  const stopped = await engine.stop(c, job.id);
  assert.equal(stopped.status, 'killed');
  assert.equal(stopped.signal, 'SIGTERM');
  assert.deepEqual(procsWith(m), []);
  const done = await engine.start(c, { command: 'true' });
  await engine.output(c, done.id, { waitMs: 5000, until: 'exit' });
  assert.deepEqual(
    engine.jobs(c).map((j) => [j.id, j.status, j.exitCode]),
    [
      [job.id, 'killed', null],
      [done.id, 'completed', 0],
    ],
  );
  // Stopping again is harmless.
  assert.equal((await engine.stop(c, job.id)).status, 'killed');
  await assert.rejects(engine.output(c, 'nope'), (e: EngineError) => e.kind === 'not_found');
});

test('a job timeout kills it and says so', async () => {
  const c = ctx();
  const job = await engine.start(c, { command: 'echo begin; sleep 60', timeoutMs: 200 });
  const r = await engine.output(c, job.id, { waitMs: 10000, until: 'exit' });
  assert.equal(r.job.status, 'timed_out');
  assert.equal(r.text, 'begin\n');
});

test('interactive jobs take input through write and answer with their output', async () => {
  const c = ctx();
  const job = await engine.start(c, { command: 'while read l; do echo "got $l"; done; echo bye', stdin: true });
  const a = await engine.write(c, job.id, 'alpha\n', { waitMs: 5000, until: 'output' });
  assert.equal(a.text, 'got alpha\n');
  let b = (await engine.write(c, job.id, 'beta\ngamma\n', { waitMs: 5000, until: 'output' })).text;
  while (!b.includes('gamma')) b += (await engine.output(c, job.id, { waitMs: 5000, until: 'output' })).text;
  assert.equal(b, 'got beta\ngot gamma\n');
  const poll = await engine.write(c, job.id, '', { waitMs: 0 });
  assert.equal(poll.text, '');
  assert.equal(poll.job.status, 'running');
  await engine.stop(c, job.id);
  await assert.rejects(engine.write(c, job.id, 'x\n'), (e: EngineError) => e.kind === 'precondition_failed');
  const noStdin = await engine.start(c, { command: 'sleep 5' });
  await assert.rejects(engine.write(c, noStdin.id, 'x\n'), (e: EngineError) => e.kind === 'precondition_failed');
  await engine.stop(c, noStdin.id);
});

test('a tty job runs on a pseudo-terminal', async () => {
  const c = ctx();
  const job = await engine.start(c, { command: 'test -t 0 && echo on-a-tty; read -r x; echo "read:$x"', tty: true });
  assert.equal(job.tty, true);
  assert.equal(job.ttyFallback, undefined);
  assert.equal((await engine.output(c, job.id, { waitMs: 10000, until: 'output' })).text, 'on-a-tty\r\n');
  const r = await engine.write(c, job.id, 'typed\r', { waitMs: 10000, until: 'exit' });
  // The terminal echoes what was typed and ends lines with CR LF.
  assert.equal(r.text.replace(/\r/g, ''), 'typed\nread:typed\n');
  assert.equal(r.job.status, 'completed');
});

test('a read budget keeps head and tail and consumes the rest', async () => {
  const c = ctx();
  const job = await engine.start(c, { command: 'seq 1 1000' });
  const r = await engine.output(c, job.id, { waitMs: 5000, until: 'exit', maxBytes: 20, budget: 'head_tail' });
  assert.equal(r.head, '1\n2\n3\n4\n5\n');
  assert.equal(r.tail, '\n999\n1000\n');
  assert.equal(r.truncated, true);
  assert.equal(r.rangeBytes, 3893);
  assert.equal(r.rangeLines, 1000);
  assert.equal(r.omittedBytes, 3893 - 20);
  assert.equal(r.hasMore, false);
  const tail = await engine.tail(c, job.id, 9);
  assert.equal(tail.text, '999\n1000\n');
});

test('jobs are bounded per session', async () => {
  const c = ctx();
  const started = [];
  for (let k = 0; k < 3; k++) started.push(await engine.start(c, { command: 'sleep 30' }));
  await assert.rejects(engine.start(c, { command: 'sleep 30' }), (e: EngineError) => e.kind === 'resource_exhausted');
  for (const j of started) await engine.stop(c, j.id);
});

test('every job dies and its log goes when the session expires or the store closes', async () => {
  const store = new SessionStore({ maxSessions: 10, idleMs: 60_000 });
  const m = marker();
  const c = ctx(store.get('doomed'));
  const job = await engine.start(c, { command: `sleep ${m}` });
  const other = ctx(store.get('other'));
  await engine.start(other, { command: `sleep ${m}` });
  assert.equal(await eventually(() => procsWith(m).length >= 2), true);
  await store.close();
  assert.deepEqual(procsWith(m), []);
  assert.equal(existsSync(job.logPath), false);
  await assert.rejects(engine.start(c, { command: 'true' }), (e: EngineError) => e.kind === 'unavailable');
});

test('if the server process exits without a shutdown, its jobs die with it', async () => {
  const m = marker();
  const engineUrl = new URL('../../src/engine/shell/engine.js', import.meta.url).href;
  const scopeUrl = new URL('../../src/engine/scope.js', import.meta.url).href;
  const sessionUrl = new URL('../../src/engine/session.js', import.meta.url).href;
  const script = `
    const { ShellEngine } = await import(${JSON.stringify(engineUrl)});
    const { Scope } = await import(${JSON.stringify(scopeUrl)});
    const { Session } = await import(${JSON.stringify(sessionUrl)});
    const engine = new ShellEngine({ shell: '/bin/bash', allow: [], deny: [], routes: {}, env: [], stateDir: ${JSON.stringify(path.join(root, '.state-exit'))} });
    const ctx = { session: new Session('x'), scope: Scope.fromRoots([${JSON.stringify(root)}]) };
    await engine.start(ctx, { command: "bash -c 'sleep ${m}; :'" });
    await engine.run(ctx, { command: 'nohup sleep ${m} >/dev/null 2>&1 &', keepBackground: true });
    process.exit(0);
  `;
  const { execFileSync } = await import('node:child_process');
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
  assert.equal(await eventually(() => procsWith(m).length === 0), true, `left: ${procsWith(m).join(',')}`);
});
