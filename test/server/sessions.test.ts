// Sessions under pressure, over the wire: an evicted session's next call says why; sessions
// with jobs running outlast idle ones; calls in flight keep their session; and callers with
// tokens of their own can neither reach nor evict each other's sessions.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { callTool, structured, withServer, type CallOptions, type TestServer } from '../helpers/server.js';

const evictedText = (id: string, max: number, extra = '') =>
  `this session ("${id}") was evicted: the server keeps at most ${max} sessions${extra} and dropped this one, the least recently used, to make room for another. What it held is gone: the files read in it, its shell working directory and its todo list`;
const notRun = '. This call was not run; read again any file you mean to change, then repeat the call';

const evictionLogs = (t: TestServer) => t.logs.filter((l) => l.msg === 'session evicted: too many sessions');

test("an evicted session's next call says it was evicted, why, and what to do; the call after works in a fresh session", async () => {
  await withServer(['--session-max', '2'], async (t, dir) => {
    const file = path.join(dir, 'a.txt');
    writeFileSync(file, 'hello\n');
    const claude = (name: string, args: Record<string, unknown>, session: string) =>
      callTool(t.client, name, args, { shape: 'claude@2.1.197', session });
    assert.equal((await claude('Read', { file_path: file }, 'A')).error, '');
    assert.equal((await claude('Read', { file_path: file }, 'B')).error, '');
    assert.equal((await claude('Read', { file_path: file }, 'C')).error, ''); // A, the least recently used, goes

    const edit = { file_path: file, old_string: 'hello', new_string: 'bye' };
    const refused = await claude('Edit', edit, 'A');
    assert.equal(refused.error, `<tool_use_error>T${evictedText('A', 2).slice(1)}${notRun}.</tool_use_error>`);
    assert.equal(refused.failure?.code, FailureCode.FAILURE_CODE_PRECONDITION_FAILED);
    assert.equal(refused.failure?.message, `${evictedText('A', 2)}${notRun}`);

    // Told once; then A is a fresh session: the edit needs a read, as the message said.
    assert.equal(
      (await claude('Edit', edit, 'A')).error,
      '<tool_use_error>This file has not been read in this session yet. Read it first, then change it.</tool_use_error>',
    );
    assert.equal((await claude('Read', { file_path: file }, 'A')).error, '');
    assert.equal((await claude('Edit', edit, 'A')).error, '');

    // The pressure shows in the log: one warning per session evicted, naming it and the cap.
    const logs = evictionLogs(t);
    assert.deepEqual(
      logs.map((l) => [l.session, l.reason, l.jobsStopped, l.maxSessions]),
      // A made room for C; A's return made room by evicting B.
      [
        ['A', 'capacity', false, 2],
        ['B', 'capacity', false, 2],
      ],
    );
    assert.equal(logs[0]!.level, 40);
  });
});

test('a session with a job running outlasts idle sessions under eviction pressure', async () => {
  await withServer(['--session-max', '2'], async (t) => {
    const core = (name: string, args: Record<string, unknown>, session: string) =>
      callTool(t.client, name, args, { session });
    const started = await core('shell.start', { command: 'sleep 60' }, 'J');
    assert.equal(started.error, '');
    const jobId = (structured(started)!.job as { id: string }).id;
    for (const s of ['I1', 'I2', 'I3', 'I4']) assert.equal((await core('fs.list', {}, s)).error, '');

    const jobs = await core('shell.jobs', {}, 'J');
    assert.equal(jobs.error, '');
    assert.deepEqual(
      (structured(jobs)!.jobs as Array<{ id: string; status: string }>).map((j) => [j.id, j.status]),
      [[jobId, 'running']],
    );
    // The idle ones went instead, least recently used first; J never did.
    assert.deepEqual(
      evictionLogs(t).map((l) => l.session),
      ['I1', 'I2', 'I3'],
    );
    assert.equal((await core('fs.list', {}, 'I1')).error, `${evictedText('I1', 2)}${notRun}`);

    // With only sessions that run jobs left, the least recently used of them goes, jobs and all, and is told so.
    assert.equal((await core('shell.start', { command: 'sleep 60' }, 'K')).error, '');
    assert.equal((await core('shell.start', { command: 'sleep 60' }, 'L')).error, '');
    const last = evictionLogs(t).at(-1)!;
    assert.deepEqual([last.session, last.jobsStopped], ['J', true]);
    assert.equal(
      (await core('shell.jobs', {}, 'J')).error,
      `${evictedText('J', 2)}, and its background jobs, which were stopped${notRun}`,
    );
  });
});

test('concurrent calls in more new sessions than the cap all run: no session is evicted while one of its calls runs', async () => {
  const max = 4;
  const n = 40;
  await withServer(['--session-max', String(max)], async (t) => {
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        callTool(t.client, 'shell.start', { command: 'sleep 60' }, { session: `c${i}` }),
      ),
    );
    assert.deepEqual(
      results.map((r) => r.error).filter((e) => e !== ''),
      [],
    );
    assert.equal(results.filter((r) => (structured(r)?.job as { status?: string })?.status === 'running').length, n);
    // Once the calls are over, the store is back at its cap: every session beyond it was evicted, each once.
    const evicted = evictionLogs(t).map((l) => l.session as string);
    assert.equal(evicted.length, n - max);
    assert.equal(new Set(evicted).size, n - max);
    assert.ok(evicted.every((s) => /^c\d+$/.test(s)));
  });
});

test("with a token per caller, one caller can neither reach nor evict another's session of the same id", async () => {
  const as = (token: string, session: string): CallOptions => ({
    session,
    metadata: { authorization: `Bearer ${token}` },
  });
  await withServer(['--token', 'alice-token', '--token', 'bob-token', '--session-max', '2'], async (t, dir) => {
    writeFileSync(path.join(dir, 'a.txt'), 'one\n');
    const edit = (opts: CallOptions, from: string, to: string) =>
      callTool(t.client, 'fs.edit', { path: 'a.txt', old_string: from, new_string: to, require_read: true }, opts);
    assert.equal((await callTool(t.client, 'fs.read', { path: 'a.txt' }, as('alice-token', 's'))).error, '');

    // Bob's "s" is not Alice's: Bob has read nothing there.
    const bob = await edit(as('bob-token', 's'), 'one', 'two');
    assert.equal(bob.failure?.code, FailureCode.FAILURE_CODE_CONFLICT);
    assert.match(bob.error, /^a\.txt has not been read in this session\./);

    // Bob fills his sessions many times over; Alice's stays, and her edit goes through.
    for (let i = 0; i < 6; i++)
      assert.equal((await callTool(t.client, 'fs.list', {}, as('bob-token', `b${i}`))).error, '');
    assert.equal((await edit(as('alice-token', 's'), 'one', 'two')).error, '');
    assert.ok(evictionLogs(t).length > 0);
    assert.ok(
      evictionLogs(t).every(
        (l) =>
          typeof l.caller === 'string' &&
          /^token:[0-9a-f]{12}$/.test(l.caller) &&
          !JSON.stringify(l).includes('bob-token'),
      ),
    );

    // Each caller has its own cap, and the message says so.
    await callTool(t.client, 'fs.list', {}, as('alice-token', 'x'));
    await callTool(t.client, 'fs.list', {}, as('alice-token', 'y'));
    assert.equal(
      (await callTool(t.client, 'fs.list', {}, as('alice-token', 's'))).error,
      `${evictedText('s', 2, ' per caller')}${notRun}`,
    );

    // Without a valid token nothing is reached at all.
    await assert.rejects(
      callTool(t.client, 'fs.list', {}, as('mallory-token', 's')),
      (e: grpc.ServiceError) => e.code === grpc.status.UNAUTHENTICATED,
    );
  });
});

test('--session-scope shared: every token names the same sessions', async () => {
  const as = (token: string, session: string): CallOptions => ({
    session,
    metadata: { authorization: `Bearer ${token}` },
  });
  await withServer(['--token', 'alice-token', '--token', 'bob-token', '--session-scope', 'shared'], async (t, dir) => {
    writeFileSync(path.join(dir, 'a.txt'), 'one\n');
    assert.equal((await callTool(t.client, 'fs.read', { path: 'a.txt' }, as('alice-token', 's'))).error, '');
    const bob = await callTool(
      t.client,
      'fs.edit',
      { path: 'a.txt', old_string: 'one', new_string: 'two', require_read: true },
      as('bob-token', 's'),
    );
    assert.equal(bob.error, '');
  });
});

test('a session that expires when idle leaves the same kind of note, naming the idle time', async () => {
  const { SessionStore } = await import('../../src/engine/session.js');
  const { sessionEvicted } = await import('../../src/engine/session-evicted.js');
  const seen: string[] = [];
  const store = new SessionStore({
    maxSessions: 10,
    idleMs: 90 * 60_000,
    onEvict: (e) => seen.push(`${e.session}:${e.reason}`),
  });
  try {
    const idle = store.get('old');
    idle.lastUsed = Date.now() - 2 * 3600_000;
    const busy = store.acquire('busy'); // a call in flight: never expired from under it
    busy.lastUsed = idle.lastUsed;
    await (store as unknown as { sweep(): Promise<void> }).sweep();
    assert.deepEqual(seen, ['old:idle']);
    assert.equal(store.size, 1);
    const note = store.get('old').takeEviction();
    assert.ok(note);
    assert.equal(
      sessionEvicted(note).message,
      'this session ("old") expired after 90 minutes without a call. What it held is gone: the files read in it, its shell working directory and its todo list. This call was not run; read again any file you mean to change, then repeat the call',
    );
    assert.equal(store.get('old').takeEviction(), undefined);
  } finally {
    await store.close();
  }
});

test('every shape gives the eviction notice, in its own wrapping, before looking at the arguments', async () => {
  const { ALL_SHAPES } = await import('../../src/config.js');
  const { unary } = await import('../helpers/server.js');
  await withServer(['--session-max', '1'], async (t) => {
    for (const shape of ALL_SHAPES) {
      const tools = await unary(t.client.listTools, t.client, {}, { shape });
      const name = tools.tools[0]!.name;
      const a = `${shape}-a`;
      await callTool(t.client, name, {}, { shape, session: a });
      await callTool(t.client, name, {}, { shape, session: `${shape}-b` });
      const res = await callTool(t.client, name, { no_such_argument: 1 }, { shape, session: a });
      assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_PRECONDITION_FAILED, `${shape} ${name}`);
      assert.ok(
        // grok-dev answers JSON, whose quotes are escaped.
        res.error
          .replace(/\\"/g, '"')
          .toLowerCase()
          .includes(evictedText(a, 1).replace('1 sessions', '1 session').toLowerCase()),
        `${shape} ${name}: ${res.error}`,
      );
    }
  });
});

test('catalog calls neither create sessions nor evict them', async () => {
  const { unary } = await import('../helpers/server.js');
  await withServer(['--session-max', '1'], async (t, dir) => {
    writeFileSync(path.join(dir, 'a.txt'), 'one\n');
    assert.equal((await callTool(t.client, 'fs.read', { path: 'a.txt' }, { session: 'A' })).error, '');
    for (const session of ['B', 'C', undefined]) {
      await unary(t.client.identity, t.client, {}, { session });
      await unary(t.client.listTools, t.client, {}, { session });
      await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { session });
      await unary(t.client.describeTool, t.client, { name: 'fs.read' }, { session });
      await unary(t.client.listPrompts, t.client, {}, { session });
    }
    const edit = await callTool(
      t.client,
      'fs.edit',
      { path: 'a.txt', old_string: 'one', new_string: 'two', require_read: true },
      { session: 'A' },
    );
    assert.equal(edit.error, '');
    assert.deepEqual(evictionLogs(t), []);
  });
});
