// A client's cancellation reaches the running handler: grpc-js's 'cancelled' event aborts the
// call's signal directly (CallContexts' cancel, no second AbortSignal in between), and the call
// is logged as cancelled. After the call ended, a late cancel changes nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { metadataFor, serverFixture } from '../helpers/server.js';
import { testShape, type SignalLog } from '../helpers/test-shape.js';
import { CallContexts } from '../../src/server/call-context.js';
import { Scope } from '../../src/engine/scope.js';
import { SessionStore } from '../../src/engine/session.js';
import { EngineError } from '../../src/engine/errors.js';
import os from 'node:os';

const log: SignalLog = { fired: new Map() };
const { t } = serverFixture({ shape: 'core', extraSpecs: new Map([['test', testShape(log)]]) });

test("a client's cancel aborts the handler's signal with a cancelled failure", async () => {
  const call = t.client.callTool(
    { name: 'test.wait', arguments: { label: 'cancel-me', ms: 30_000 }, roots: [] },
    metadataFor({ shape: 'test' }),
    () => undefined,
  );
  await new Promise((r) => setTimeout(r, 200));
  call.cancel();
  for (let i = 0; i < 200 && !log.fired.has('cancel-me'); i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(log.fired.get('cancel-me'), 'EngineError: the client cancelled the call or its deadline passed');
  for (let i = 0; i < 100 && !t.logs.some((l) => l.tool === 'test.wait' && l.outcome); i++)
    await new Promise((r) => setTimeout(r, 10));
  assert.equal(t.logs.find((l) => l.tool === 'test.wait')?.outcome, 'cancelled');
});

test('cancel aborts a call once; after done it does nothing', () => {
  const sessions = new SessionStore({ maxSessions: 4, idleMs: 60_000 });
  const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  const calls = new CallContexts(sessions, Scope.fromRoots([os.tmpdir()]), quiet as never);
  const first = calls.begin({ shape: 'core' });
  assert.equal(calls.inFlight, 1);
  first.cancel();
  assert.equal(first.ctx.signal.aborted, true);
  assert.ok(first.ctx.signal.reason instanceof EngineError);
  assert.equal((first.ctx.signal.reason as EngineError).kind, 'cancelled');
  first.done();
  assert.equal(calls.inFlight, 0);

  const second = calls.begin({ shape: 'core' });
  second.done();
  second.cancel();
  assert.equal(second.ctx.signal.aborted, false);
  // The signal form (MCP) still cancels.
  const transport = new AbortController();
  const third = calls.begin({ shape: 'core', cancelled: transport.signal });
  transport.abort();
  assert.equal((third.ctx.signal.reason as EngineError).kind, 'cancelled');
  third.done();
});

test("a transport's own controller is the call's: its signal, aborted by cancel and abortAll", () => {
  const sessions = new SessionStore({ maxSessions: 4, idleMs: 60_000 });
  const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  const calls = new CallContexts(sessions, Scope.fromRoots([os.tmpdir()]), quiet as never);
  const request = new AbortController();
  const adopted = calls.begin({ shape: 'core', cancelled: request.signal, controller: request });
  assert.equal(adopted.ctx.signal, request.signal);
  assert.equal(calls.inFlight, 1);
  calls.abortAll('the MCP client went away');
  assert.equal(request.signal.aborted, true);
  assert.equal((request.signal.reason as EngineError).message, 'the MCP client went away');
  adopted.done();
  assert.equal(calls.inFlight, 0);

  // The transport's own cancel reaches the call as it is (its reason is the transport's).
  const other = new AbortController();
  const second = calls.begin({ shape: 'core', controller: other });
  other.abort('the client said stop');
  assert.equal(second.ctx.signal.reason, 'the client said stop');
  second.done();
  // After done, abortAll leaves it alone; a call with a deadline keeps a controller of its own.
  const third = new AbortController();
  calls.begin({ shape: 'core', controller: third }).done();
  calls.abortAll();
  assert.equal(third.signal.aborted, false);
  const timed = calls.begin({ shape: 'core', controller: third, deadline: Date.now() + 60_000 });
  assert.notEqual(timed.ctx.signal, third.signal);
  timed.done();
});
