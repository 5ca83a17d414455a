// Auth, health, graceful shutdown and the Unix socket listener, over real sockets.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { ToolboxClient } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { HealthCheckResponse_ServingStatus, HealthClient } from '../../src/gen/grpc/health/v1/health.js';
import { parseConfig } from '../../src/config.js';
import { startServer } from '../../src/server/server.js';
import { createLogger } from '../../src/server/logger.js';
import { callTool, startTestServer, tempDir, texts, unary, withServer } from '../helpers/server.js';
import { testShape, type SignalLog } from '../helpers/test-shape.js';

function healthCheck(address: string, service = ''): Promise<HealthCheckResponse_ServingStatus> {
  const client = new HealthClient(address, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) => {
    client.check({ service }, (err, res) => {
      client.close();
      if (err) reject(err);
      else resolve(res!.status);
    });
  });
}

test('the bearer token is required on toolbox RPCs, but not on health', async () => {
  await withServer({ args: ['--token', 's3cret-token'] }, async (t) => {
    await assert.rejects(unary(t.client.identity, t.client, {}), (e: grpc.ServiceError) => {
      assert.equal(e.code, grpc.status.UNAUTHENTICATED);
      assert.equal(e.details, 'missing authorization: Bearer <token> metadata');
      return true;
    });
    await assert.rejects(
      unary(t.client.identity, t.client, {}, { metadata: { authorization: 'Bearer wrong' } }),
      (e: grpc.ServiceError) => {
        assert.equal(e.code, grpc.status.UNAUTHENTICATED);
        assert.equal(e.details, 'the bearer token is not valid');
        return true;
      },
    );
    await assert.rejects(
      unary(t.client.identity, t.client, {}, { metadata: { authorization: 's3cret-token' } }),
      (e: grpc.ServiceError) => e.code === grpc.status.UNAUTHENTICATED,
    );
    const ok = await unary(t.client.identity, t.client, {}, { metadata: { authorization: 'Bearer s3cret-token' } });
    assert.equal(ok.name, 'facet-core');
    assert.equal(await healthCheck(t.address), HealthCheckResponse_ServingStatus.SERVING);
  });
});

test('health reports SERVING when ready and NOT_SERVING while draining; draining lets a call in flight finish', async () => {
  const { dir, cleanup } = tempDir();
  const t = await startTestServer(['--root', dir, '--grace-ms', '5000'], {}, new Map([['test', testShape()]]));
  try {
    assert.equal(await healthCheck(t.address), HealthCheckResponse_ServingStatus.SERVING);
    assert.equal(
      await healthCheck(t.address, 'codefly.services.toolbox.v0.Toolbox'),
      HealthCheckResponse_ServingStatus.SERVING,
    );
    assert.equal(
      await healthCheck(t.address, 'facet.toolbox.v1.ToolboxStream'),
      HealthCheckResponse_ServingStatus.SERVING,
    );
    // A health client connected before draining sees the status flip.
    const watcher = new HealthClient(t.address, grpc.credentials.createInsecure());
    const seen: number[] = [];
    const stream = watcher.watch({ service: '' });
    stream.on('data', (r: HealthCheckResponse) => seen.push(r.status));
    stream.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 100));

    const inflight = callTool(t.client, 'test.wait', { label: 'drain', ms: 400 }, { shape: 'test' });
    await new Promise((r) => setTimeout(r, 100));
    const closing = t.server.shutdown('test drain');
    const res = await inflight;
    assert.equal(res.error, '');
    assert.deepEqual(texts(res), ['waited 400 ms']);
    await closing;
    assert.deepEqual(seen.slice(0, 2), [
      HealthCheckResponse_ServingStatus.SERVING,
      HealthCheckResponse_ServingStatus.NOT_SERVING,
    ]);
    stream.cancel();
    watcher.close();
    await assert.rejects(unary(t.client.identity, t.client, {}, { deadlineMs: 1000 }));
  } finally {
    t.client.close();
    cleanup();
  }
});

type HealthCheckResponse = { status: HealthCheckResponse_ServingStatus };

test('when the grace period runs out, calls in flight are cancelled through their signal', async () => {
  const { dir, cleanup } = tempDir();
  const log: SignalLog = { fired: new Map() };
  const t = await startTestServer(['--root', dir, '--grace-ms', '200'], {}, new Map([['test', testShape(log)]]));
  try {
    const inflight = callTool(t.client, 'test.wait', { label: 'long', ms: 60_000 }, { shape: 'test' });
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await t.server.shutdown('test grace');
    assert.ok(Date.now() - started < 5_000, 'shutdown did not wait for the 60 s call');
    assert.equal(log.fired.get('long'), 'EngineError: the server is shutting down');
    const res = await inflight.catch((e: grpc.ServiceError) => e);
    if ('failure' in res) assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_CANCELLED);
    else assert.ok([grpc.status.CANCELLED, grpc.status.UNAVAILABLE].includes(res.code), `status ${res.code}`);
  } finally {
    t.client.close();
    cleanup();
  }
});

test('a Unix socket listener is created mode 0600 and serves the toolbox', async () => {
  const { dir, cleanup } = tempDir();
  const socket = path.join(dir, 'facet.sock');
  const config = parseConfig(['--listen', 'none', '--socket', socket, '--root', dir]);
  const server = await startServer(config, { logger: createLogger('silent') });
  const client = new ToolboxClient(`unix:${socket}`, grpc.credentials.createInsecure());
  try {
    assert.equal(statSync(socket).mode & 0o777, 0o600);
    assert.deepEqual(server.addresses, [`unix:${socket}`]);
    const res = await unary(client.identity, client, {});
    assert.equal(res.name, 'facet-core');
  } finally {
    client.close();
    await server.shutdown();
    cleanup();
  }
  assert.throws(() => statSync(socket), /ENOENT/, 'the socket file is removed on shutdown');
});

test('--read-only hides destructive tools from the catalog and from CallTool', async () => {
  await withServer({ args: ['--read-only'] }, async (t) => {
    const all = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] });
    assert.ok(all.tools.length > 0);
    assert.deepEqual(
      all.tools.filter((x) => x.destructive),
      [],
    );
    const id = await unary(t.client.identity, t.client, {});
    assert.match(id.sandboxSummary, /read-only: writes, edits and shell are disabled; shell: off/);
  });
});
