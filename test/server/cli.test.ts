// The real `facet` binary: --help, a bad flag, and SIGTERM draining a running server.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import * as grpc from '@grpc/grpc-js';
import { ToolboxClient } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { HealthCheckResponse_ServingStatus, HealthClient } from '../../src/gen/grpc/health/v1/health.js';
import { tempDir, unary } from '../helpers/server.js';
import { eventually, marker, procsRunning, procsWith } from '../shell/procs.js';

const CLI = path.resolve('dist/src/cli.js');
const run = promisify(execFile);

test('facet serve --help prints the options and exits 0', async () => {
  const { stdout } = await run(process.execPath, [CLI, 'serve', '--help']);
  assert.match(stdout, /^Usage: facet serve \[options\]/);
  assert.match(
    stdout,
    /--listen <value>\n {6}TCP address host:port to serve on; "none" to serve only on --socket \(default: 127\.0\.0\.1:50051\) \[FACET_LISTEN\]/,
  );
});

test('a bad flag value stops start-up with exit code 2 and names the flag', async () => {
  await assert.rejects(
    run(process.execPath, [CLI, 'serve', '--max-message-bytes', 'lots']),
    (e: { code: number; stderr: string }) => {
      assert.equal(e.code, 2);
      assert.equal(e.stderr, 'facet: --max-message-bytes must be a whole number, got "lots"\n');
      return true;
    },
  );
});

test('SIGTERM drains and exits 0; call log lines reach stdout promptly, batched, and all of them by exit', async () => {
  const { dir, cleanup } = tempDir();
  const child = spawn(process.execPath, [CLI, 'serve', '--listen', '127.0.0.1:0', '--root', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const seen = (re: RegExp): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const check = (): boolean => {
        const m = re.exec(out);
        if (m) resolve(m);
        return m !== null;
      };
      if (check()) return;
      const onData = (): void => void (check() && child.stdout.off('data', onData));
      child.stdout.on('data', onData);
      child.once('exit', (code) => reject(new Error(`exited ${code} before ${re}: ${out}`)));
    });
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  try {
    const address = (await seen(/"addresses":\["([^"]+)"\]/))[1]!;
    const client = new ToolboxClient(address, grpc.credentials.createInsecure());
    const id = await unary(client.identity, client, {});
    assert.equal(id.name, 'facet-core');
    // One quiet call: its line is not held back waiting for a full batch.
    await unary(client.callTool, client, { name: 'fs.list', arguments: {}, roots: [] });
    await seen(/"rpc":"CallTool","tool":"fs.list"/);
    // A burst, then exit right away: every line is written before the process ends.
    for (let i = 0; i < 20; i++)
      await unary(client.callTool, client, { name: 'fs.stat', arguments: { path: `f${i}` }, roots: [] });
    client.close();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.equal(out.match(/"tool":"fs.stat"/g)?.length, 20);
    assert.doesNotThrow(() =>
      out
        .trim()
        .split('\n')
        .forEach((l) => JSON.parse(l)),
    );
  } finally {
    child.kill('SIGKILL');
    cleanup();
  }
});

/** `facet serve` as a child, its stdout collected, its address once it serves. */
async function serve(args: string[]): Promise<{ child: ReturnType<typeof spawn>; address: string; out: () => string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--listen', '127.0.0.1:0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const address = await new Promise<string>((resolve, reject) => {
    const onData = (): void => {
      const m = /"addresses":\["([^"]+)"\]/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code} before serving: ${out}`)));
  });
  return { child, address, out: () => out };
}

/** Sends SIGTERM; resolves with the exit code and the milliseconds it took (Infinity: still running after 15 s). */
function terminate(child: ReturnType<typeof spawn>): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
    child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
    timer = setTimeout(() => resolve({ code: null, ms: Infinity }), 15_000);
  });
  child.kill('SIGTERM');
  return exited.finally(() => clearTimeout(timer));
}

// The issue asks for a bound: SIGTERM ends the server within --grace-ms. The slack covers
// process exit and this machine's scheduling, not any waiting of the server's.
const GRACE_MS = 2000;
const SLACK_MS = 1000;

test('SIGTERM exits within --grace-ms while a call hangs, and its command and job are gone', async () => {
  const { dir, cleanup } = tempDir();
  const { child, address, out } = await serve(['--root', dir, '--grace-ms', String(GRACE_MS)]);
  const m = marker();
  const client = new ToolboxClient(address, grpc.credentials.createInsecure());
  try {
    // A job with a child that left its session, and a call whose command ignores TERM.
    const job = await unary(client.callTool, client, {
      name: 'shell.start',
      arguments: { command: `(setsid sleep ${m}.5 &); echo ready; sleep ${m}`, wait_ms: 30_000 },
      roots: [],
    });
    assert.equal(job.error, '');
    const hung = new Promise<unknown>((resolve) =>
      client.callTool(
        {
          name: 'shell.run',
          arguments: { command: `trap '' TERM; echo hanging; sleep ${m}.7`, timeout_ms: 600_000 },
          roots: [],
        },
        (err, res) => resolve(err ?? res),
      ),
    );
    assert.equal(
      await eventually(() => procsRunning(`sleep ${m}.5`).length === 1 && procsRunning(`sleep ${m}.7`).length === 1),
      true,
    );
    const { code, ms } = await terminate(child);
    assert.equal(code, 0);
    assert.ok(ms < GRACE_MS + SLACK_MS, `exited after ${ms} ms`);
    await hung;
    // The exit hook KILLed what had not finished its TERM; the kernel takes a moment to reap.
    assert.equal(await eventually(() => procsWith(m).length === 0), true, `left: ${procsWith(m).join(', ')}`);
    assert.match(out(), /"msg":"stopped"/);
  } finally {
    client.close();
    child.kill('SIGKILL');
    cleanup();
  }
});

test('SIGTERM exits within --grace-ms while a client holds a connection and a stream open', async () => {
  const { dir, cleanup } = tempDir();
  const { child, address } = await serve(['--root', dir, '--grace-ms', String(GRACE_MS)]);
  const client = new ToolboxClient(address, grpc.credentials.createInsecure());
  const health = new HealthClient(address, grpc.credentials.createInsecure());
  try {
    assert.equal((await unary(client.identity, client, {})).name, 'facet-core');
    // A Watch stream never ends by itself; the client keeps both channels open.
    const stream = health.watch({ service: '' });
    const statuses: number[] = [];
    stream.on('data', (r: { status: number }) => statuses.push(r.status));
    stream.on('error', () => undefined);
    assert.equal(await eventually(() => statuses.length > 0), true);
    const { code, ms } = await terminate(child);
    assert.equal(code, 0);
    assert.ok(ms < GRACE_MS + SLACK_MS, `exited after ${ms} ms`);
    assert.deepEqual(statuses.slice(0, 2), [
      HealthCheckResponse_ServingStatus.SERVING,
      HealthCheckResponse_ServingStatus.NOT_SERVING,
    ]);
  } finally {
    client.close();
    health.close();
    child.kill('SIGKILL');
    cleanup();
  }
});
