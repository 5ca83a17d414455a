// The queue of work a call leaves for after its response (log lines, spare AbortSignals).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { afterResponse, responseSent, runQueued } from '../../src/server/after-response.js';
import { CallContexts } from '../../src/server/call-context.js';
import { SessionStore } from '../../src/engine/session.js';
import { Scope } from '../../src/engine/scope.js';
import { createLogger } from '../../src/server/logger.js';

test('queued work runs in order once the transport says the response has gone', () => {
  const ran: string[] = [];
  afterResponse(() => ran.push('a'));
  afterResponse(() => {
    ran.push('b');
    afterResponse(() => ran.push('c'));
  });
  assert.deepEqual(ran, [], 'nothing runs while the call is still answering');
  responseSent();
  assert.deepEqual(ran, ['a', 'b', 'c']);
  responseSent(); // nothing queued: nothing runs
  assert.deepEqual(ran, ['a', 'b', 'c']);
});

test('queued work runs on its own when no transport says a response has gone', async () => {
  let ran = false;
  afterResponse(() => (ran = true));
  for (let i = 0; i < 200 && !ran; i++) await new Promise((r) => setTimeout(r, 5));
  assert.equal(ran, true);
});

test('each call gets a signal of its own, fresh, whether made at once or spare', () => {
  const calls = new CallContexts(
    new SessionStore({ maxSessions: 4, idleMs: 60_000 }),
    Scope.fromRoots(['/']),
    createLogger('silent'),
  );
  const first = calls.begin({ shape: 'core' });
  runQueued(); // makes a spare
  const second = calls.begin({ shape: 'core' });
  const third = calls.begin({ shape: 'core' });
  first.cancel();
  first.done();
  assert.equal(first.ctx.signal.aborted, true);
  for (const c of [second, third]) assert.equal(c.ctx.signal.aborted, false);
  assert.notEqual(second.ctx.signal, third.ctx.signal);
  assert.notEqual(first.ctx.signal, second.ctx.signal);
  second.done();
  third.done();
  runQueued();
});
