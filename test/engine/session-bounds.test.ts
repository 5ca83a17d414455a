// The session store stays bounded however many sessions come and go (issue 38): after 10,000
// sessions created, each holding read records, a bag and a disposer, the store keeps at most its
// cap, every evicted session was disposed (its state released), and the eviction notes stop at
// their own cap. Counts only; nothing is timed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_NOTES, SessionStore } from '../../src/engine/session.js';

test('10,000 sessions created and evicted: the store holds its cap, notes theirs, and all evicted are disposed', async () => {
  const cap = 50;
  const store = new SessionStore({ maxSessions: cap, idleMs: 3_600_000 });
  let disposed = 0;
  let largest = 0;
  for (let i = 0; i < 10_000; i++) {
    const s = store.acquire(`s${i}`);
    s.reads.set(`/work/file${i}.ts`, { size: 1, mtimeMs: 1, hash: 'h', complete: true });
    s.bag('todos', () => [{ text: `todo ${i}` }]);
    s.onDispose(() => void disposed++);
    store.release(s);
    largest = Math.max(largest, store.size);
  }
  assert.equal(largest, cap);
  assert.equal(store.size, cap);
  assert.equal(store.evictions.capacity, 10_000 - cap);
  assert.equal(disposed, 10_000 - cap);
  assert.equal(store.notes, MAX_NOTES);
  // The kept sessions are the most recent ones, and an evicted id's next call learns why it went.
  assert.deepEqual(
    [...store.all()].map((s) => s.id),
    Array.from({ length: cap }, (_, i) => `s${10_000 - cap + i}`),
  );
  assert.equal(store.get('s9000').takeEviction()?.reason, 'capacity');
  await store.close();
  // Every session that registered a disposer was disposed (s9000's return made room by evicting one more).
  assert.equal(disposed, 10_000);
  assert.equal(store.size, 0);
});

test('a session disposed on eviction releases its reads and bags', async () => {
  const store = new SessionStore({ maxSessions: 1, idleMs: 3_600_000 });
  const first = store.acquire('a');
  first.reads.set('/work/a.ts', { size: 1, mtimeMs: 1, hash: 'h', complete: true });
  first.bag('jobs', () => ({ finished: [1, 2, 3] }));
  store.release(first);
  store.release(store.acquire('b'));
  // dispose() is async: it has run once its disposers settled.
  await new Promise((r) => setImmediate(r));
  assert.equal(first.disposed, true);
  assert.equal(first.reads.size, 0);
  assert.equal(first.peek('jobs'), undefined);
  await store.close();
});
