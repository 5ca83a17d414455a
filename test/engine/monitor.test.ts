// Monitored commands and the session notification queue, over real child processes: stdout
// lines as events (one per arrival, partial lines held), stderr only in the output file, the
// end with its reason, exit code and newest lines; deadlines, stops, silence and event caps;
// background jobs that queue their end; the queue's bound. Every wait is on an event.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { isCondition } from '../../src/engine/errors.js';
import { readForModel } from '../../src/engine/files/model-read.js';
import { readFile } from '../../src/engine/files/read.js';
import {
  drainNotifications,
  MAX_QUEUED,
  nextNotification,
  pendingNotifications,
  pushNotification,
  type SessionNotification,
} from '../../src/engine/notifications.js';
import { readScopeFor } from '../../src/engine/read-grants.js';
import { Scope } from '../../src/engine/scope.js';
import { Session } from '../../src/engine/session.js';
import { endReported } from '../../src/shapes/kit/shell/announce.js';
import type { ShellContext } from '../../src/engine/shell/engine.js';
import { tempDir } from '../helpers/server.js';
import { bashEngine } from '../helpers/shell-engine.js';

const { dir: root, cleanup } = tempDir('facet-monitor-');
const shell = bashEngine(root, { killGraceMs: 500 });
const sessions: Session[] = [];
function ctx(): ShellContext {
  const session = new Session(`m${sessions.length}`);
  sessions.push(session);
  return { session, scope: Scope.fromRoots([root]) };
}
after(async () => {
  await Promise.all(sessions.map((s) => s.dispose()));
  cleanup();
});

/** Drains notifications until one of `type` arrived; returns all drained on the way. */
async function until(c: ShellContext, type: SessionNotification['type']): Promise<SessionNotification[]> {
  const got: SessionNotification[] = [];
  while (!got.some((n) => n.type === type)) {
    await nextNotification(c.session);
    got.push(...drainNotifications(c.session).notifications);
  }
  return got;
}
const gate = (name: string) => `until [ -e ${name} ]; do sleep 0.01; done`;
const linesOf = (ns: SessionNotification[]) => ns.flatMap((n) => (n.type === 'monitor_lines' ? [n.lines] : []));

test('stdout lines become events as they arrive; stderr stays in the output file; a failure ends with its code and newest lines', async () => {
  const c = ctx();
  const go = path.join(root, 'go1');
  const m = await shell.monitor(c, {
    command: `printf 'a\\nb\\n'; ${gate(go)}; printf 'err\\n' >&2; printf 'c'; exit 3`,
    description: 'watch build',
    timeoutMs: 60_000,
  });
  assert.equal(m.outputFile, m.job.logPath);
  assert.equal(m.expiresAt, m.job.startedAt + 60_000);
  const first = await until(c, 'monitor_lines');
  assert.deepEqual(
    first.map((n) => [
      n.type,
      n.type === 'monitor_lines' && n.lines,
      n.type === 'monitor_lines' && n.monitor,
      n.type === 'monitor_lines' && n.description,
    ]),
    [['monitor_lines', ['a', 'b'], m.job.id, 'watch build']],
  );
  writeFileSync(go, '');
  const rest = await until(c, 'monitor_ended');
  // The unfinished last line comes out at the end, before the end itself.
  assert.deepEqual(linesOf(rest), [['c']]);
  const end = rest.at(-1)!;
  assert.ok(end.type === 'monitor_ended');
  assert.deepEqual(
    [end.reason, end.job.exitCode, end.job.status, end.events, end.outputFile],
    ['failed', 3, 'failed', 2, m.outputFile],
  );
  assert.deepEqual([...end.lastLines].sort(), ['a', 'b', 'c', 'err']);
  assert.deepEqual(readFileSync(m.outputFile, 'utf8').split('\n').sort(), ['a', 'b', 'c', 'err']);
  // The output file is readable by the session's read tools (granted), and listed with the monitors.
  assert.ok(readScopeFor(c.scope, c.session, m.outputFile, root).contains(m.outputFile));
  assert.deepEqual(shell.monitors(c), [{ id: m.job.id, description: 'watch build', events: 2, ended: 'failed' }]);
  assert.equal(pendingNotifications(c.session), 0);
});

test('lines of one burst are one event, however the reads split them; a later burst is another', async () => {
  const c = ctx();
  const go = path.join(root, 'go-burst');
  await shell.monitor(c, {
    // Two writes 20 ms apart reach the server as two reads; the batch window (5 s here) joins them.
    command: `printf 'x\\n'; sleep 0.02; printf 'y\\n'; ${gate(go)}; printf 'z\\n'`,
    description: 'burst',
    timeoutMs: 60_000,
    batchMs: 5_000,
  });
  assert.deepEqual(linesOf(await until(c, 'monitor_lines')), [['x', 'y']]);
  writeFileSync(go, '');
  const rest = await until(c, 'monitor_ended');
  // The end flushes the waiting burst at once rather than after its window.
  assert.deepEqual(linesOf(rest), [['z']]);
  const end = rest.at(-1)!;
  assert.ok(end.type === 'monitor_ended');
  assert.deepEqual([end.reason, end.events], ['completed', 2]);
});

test('a line split across writes is one line; an exit 0 ends as completed', async () => {
  const c = ctx();
  const go = path.join(root, 'go2');
  await shell.monitor(c, {
    command: `printf 'par'; ${gate(go)}; printf 'tial\\nnext\\n'`,
    description: 'd',
    timeoutMs: 60_000,
  });
  writeFileSync(go, '');
  const got = await until(c, 'monitor_ended');
  assert.deepEqual(linesOf(got), [['partial', 'next']]);
  const end = got.at(-1)!;
  assert.ok(end.type === 'monitor_ended');
  assert.deepEqual([end.reason, end.job.exitCode, end.events, end.lastLines], ['completed', 0, 1, ['partial', 'next']]);
});

test('the deadline stops the command and ends it as expired', async () => {
  const c = ctx();
  const m = await shell.monitor(c, { command: 'echo up; exec sleep 30', description: 'slow', timeoutMs: 300 });
  const got = await until(c, 'monitor_ended');
  const end = got.at(-1)!;
  assert.ok(end.type === 'monitor_ended');
  assert.deepEqual([end.reason, end.job.status, end.monitor], ['expired', 'timed_out', m.job.id]);
  assert.deepEqual(linesOf(got), [['up']]);
});

test('a monitor is stopped by its job id like any job', async () => {
  const c = ctx();
  const m = await shell.monitor(c, { command: 'echo up; exec sleep 30', description: 'stoppable', timeoutMs: 60_000 });
  await until(c, 'monitor_lines');
  const stopped = await shell.stop(c, m.job.id);
  assert.equal(stopped.status, 'killed');
  const end = (await until(c, 'monitor_ended')).at(-1)!;
  assert.ok(end.type === 'monitor_ended');
  assert.deepEqual([end.reason, end.events], ['stopped', 1]);
});

test('an event cap and a silence limit stop the monitor with their own reasons', async () => {
  const c = ctx();
  await shell.monitor(c, {
    command: 'echo one; exec sleep 30',
    description: 'capped',
    timeoutMs: 60_000,
    maxEvents: 1,
  });
  const capped = await until(c, 'monitor_ended');
  assert.deepEqual(linesOf(capped), [['one']]);
  const cap = capped.at(-1)!;
  assert.ok(cap.type === 'monitor_ended');
  assert.deepEqual([cap.reason, cap.job.status], ['max_events', 'killed']);
  const d = ctx();
  await shell.monitor(d, {
    command: 'echo one; exec sleep 30',
    description: 'quiet',
    timeoutMs: 60_000,
    idleTimeoutMs: 200,
  });
  const idle = await until(d, 'monitor_ended');
  assert.deepEqual(linesOf(idle), [['one']]);
  const quiet = idle.at(-1)!;
  assert.ok(quiet.type === 'monitor_ended');
  assert.equal(quiet.reason, 'idle');
});

test('with events from both streams, stderr lines are events too', async () => {
  const c = ctx();
  await shell.monitor(c, { command: 'echo out; echo err >&2', description: 'both', timeoutMs: 60_000, events: 'both' });
  const got = await until(c, 'monitor_ended');
  assert.deepEqual(linesOf(got).flat().sort(), ['err', 'out']);
});

test('a background job started to notify queues its end once; an end told otherwise is not queued', async () => {
  const c = ctx();
  const job = await shell.startNotified(c, { command: 'echo hi; echo there; exit 2' }, 'greeter');
  const [end] = await until(c, 'job_ended');
  assert.ok(end?.type === 'job_ended');
  assert.deepEqual(
    [end.job.id, end.job.status, end.job.exitCode, end.label, end.lastLines, end.outputFile],
    [job.id, 'failed', 2, 'greeter', ['hi', 'there'], job.logPath],
  );
  assert.ok(readScopeFor(c.scope, c.session, job.logPath, root).contains(job.logPath));
  // The model read the end itself: nothing is queued for it.
  const quiet = await shell.startNotified(c, { command: 'echo bye' });
  const read = await shell.output(c, quiet.id, { waitMs: 30_000, until: 'exit' });
  assert.equal(read.job.status, 'completed');
  endReported(c.session, quiet.id);
  assert.deepEqual(drainNotifications(c.session), { notifications: [], dropped: 0 });
  // Any job's output file is granted on request.
  const plain = await shell.start(c, { command: 'true' });
  await shell.output(c, plain.id, { waitMs: 30_000, until: 'exit' });
  assert.deepEqual(shell.outputFile(c, plain.id).path, plain.logPath);
  assert.ok(readScopeFor(c.scope, c.session, plain.logPath, root).contains(plain.logPath));
  assert.ok(existsSync(plain.logPath));
});

test("a log trailer ends a job's log after a blank line, told how the job ended; not in its newest output", async () => {
  const c = ctx();
  const trailer = (end: { status: string; exitCode: number | null }) => `[${end.status} ${end.exitCode}]`;
  const done = await shell.startNotified(c, { command: 'echo out; exit 3', logTrailer: trailer });
  const [end] = await until(c, 'job_ended');
  assert.ok(end?.type === 'job_ended');
  assert.deepEqual(end.lastLines, ['out']);
  assert.equal(readFileSync(done.logPath, 'utf8'), 'out\n\n[failed 3]\n');
  const stopped = await shell.start(c, { command: 'echo up; exec sleep 30', logTrailer: trailer });
  await shell.output(c, stopped.id, { waitMs: 30_000, until: 'output' });
  await shell.stop(c, stopped.id);
  assert.equal(readFileSync(stopped.logPath, 'utf8'), 'up\n\n[killed null]\n');
});

test('the queue is bounded: the oldest lines go first, ends stay, and a drain counts what went', async () => {
  const c = ctx();
  const job = (await shell.start(c, { command: 'true' })) as never;
  pushNotification(c.session, { type: 'job_ended', job, outputFile: '/x', lastLines: [] });
  for (let i = 0; i < MAX_QUEUED + 10; i++)
    pushNotification(c.session, { type: 'monitor_lines', monitor: 'm', description: 'd', lines: [String(i)] });
  const d = drainNotifications(c.session);
  assert.equal(d.notifications.length, MAX_QUEUED);
  assert.equal(d.dropped, 11);
  assert.equal(d.notifications[0]!.type, 'job_ended');
  assert.deepEqual(d.notifications[1]!.type === 'monitor_lines' && d.notifications[1]!.lines, ['11']);
  assert.deepEqual(d.notifications.map((n) => n.seq).slice(0, 2), [1, 13]);
  assert.deepEqual(drainNotifications(c.session), { notifications: [], dropped: 0 });
});

test('waiting for a notification ends with the call; an ended session queues nothing', async () => {
  const c = ctx();
  const abort = new AbortController();
  const waiting = nextNotification(c.session, abort.signal);
  abort.abort();
  await assert.rejects(waiting, (e) => isCondition(e, 'cancelled'));
  await c.session.dispose();
  pushNotification(c.session, { type: 'monitor_lines', monitor: 'm', description: 'd', lines: ['x'] });
  assert.equal(pendingNotifications(c.session), 0);
});

test("a job's output file is read by any read path of its session, and by no other session", async () => {
  const c = ctx();
  const job = await shell.startNotified(c, { command: 'echo logged' });
  await until(c, 'job_ended');
  // The state directory lies under the root here; a scope of a sibling directory keeps the log outside it.
  const elsewhere = path.join(root, 'elsewhere');
  mkdirSync(elsewhere, { recursive: true });
  const scope = Scope.fromRoots([elsewhere]);
  assert.equal(scope.contains(job.logPath), false);
  const read = await readFile(scope, job.logPath, { session: c.session, cwd: elsewhere });
  assert.deepEqual(read.kind === 'text' && read.lines, ['logged']);
  const model = await readForModel(scope, job.logPath, { session: c.session, cwd: elsewhere, maxAnyBytes: 1000 });
  assert.deepEqual(model.kind === 'text' && model.lines, ['logged']);
  await assert.rejects(readFile(scope, job.logPath, { session: new Session('other'), cwd: elsewhere }), (e) =>
    isCondition(e, 'outside_roots'),
  );
});
