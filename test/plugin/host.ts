// A codefly host in miniature, doing what codefly-dev/core's manager.Load does with a toolbox
// binary: start it with a fresh token (and a socket path, or none for loopback TCP), read the
// first stdout line as "VERSION|endpoint" (unix:/abs/path or dns:///127.0.0.1:<port>), dial it,
// wait for grpc.health.v1 to say SERVING for "", then call with the token on every RPC
// (x-codefly-token, as its per-RPC credentials do). Stopping sends SIGTERM and waits for the exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { ToolboxClient } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { HealthCheckResponse_ServingStatus, HealthClient } from '../../src/gen/grpc/health/v1/health.js';

export const CLI = path.resolve('dist/src/cli.js');
/** manager.DefaultStartupTimeout: how long the host waits for the handshake line. */
const STARTUP_TIMEOUT_MS = 30_000;
/** manager.DefaultDialTimeout. */
const DIAL_TIMEOUT_MS = 10_000;

export interface Plugin {
  child: ChildProcess;
  token: string;
  /** The handshake line as printed. */
  handshake: string;
  /** The gRPC target the handshake names. */
  endpoint: string;
  /** A Toolbox client that sends the token on every call, as the host's connection does. */
  client: ToolboxClient;
  /** The same server without the token (to check refusals). */
  bare: ToolboxClient;
  health: InstanceType<typeof HealthClient>;
  /** Everything the plugin wrote to stdout after the handshake line, and to stderr, so far. */
  stdoutAfterHandshake(): string;
  stderr(): string;
  /** SIGTERM, then the exit code and signal once it has exited. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Closes the clients and kills the process if still running. */
  close(): void;
}

export interface LaunchOptions {
  /** Arguments after the script; codefly itself starts the binary with none. */
  args?: string[];
  /** The socket path to hand over (CODEFLY_AGENT_UDS_PATH); undefined: loopback TCP. */
  socket?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** Starts the plugin and returns once it is dialled and SERVING, as manager.Load returns. */
export async function launch(opts: LaunchOptions = {}): Promise<Plugin> {
  const token = randomBytes(32).toString('hex');
  const child = spawn(process.execPath, [CLI, ...(opts.args ?? [])], {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env, CODEFLY_AGENT_TOKEN: token, CODEFLY_AGENT_UDS_PATH: opts.socket ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const handshake = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no handshake within ${STARTUP_TIMEOUT_MS} ms; stderr: ${err}`)),
      STARTUP_TIMEOUT_MS,
    );
    const check = () => {
      const nl = out.indexOf('\n');
      if (nl === -1) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve(out.slice(0, nl));
    };
    child.stdout!.on('data', check);
    void exited.then((r) =>
      reject(new Error(`plugin exited before its handshake (${r.code ?? r.signal}); stderr: ${err}`)),
    );
  }).catch((e: unknown) => {
    child.kill('SIGKILL');
    throw e;
  });
  const endpoint = parseHandshake(handshake);

  const withToken: grpc.Interceptor = (options, nextCall) =>
    new grpc.InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        metadata.set('x-codefly-token', token);
        next(metadata, listener);
      },
    });
  const creds = grpc.credentials.createInsecure();
  const client = new ToolboxClient(endpoint, creds, { interceptors: [withToken] });
  const bare = new ToolboxClient(endpoint, creds);
  const health = new HealthClient(endpoint, creds);
  const close = () => {
    client.close();
    bare.close();
    health.close();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    await waitServing(health);
  } catch (e) {
    close();
    throw new Error(`${(e as Error).message}; stderr: ${err}`);
  }
  return {
    child,
    token,
    handshake,
    endpoint,
    client,
    bare,
    health,
    stdoutAfterHandshake: () => out.slice(handshake.length + 1),
    stderr: () => err,
    async stop() {
      child.kill('SIGTERM');
      const r = await exited;
      // The pipes may still hold the last bytes: let them drain.
      await Promise.all(
        [child.stdout!, child.stderr!].map((s) =>
          s.readableEnded ? Promise.resolve() : new Promise((res) => s.once('end', res)),
        ),
      );
      return r;
    },
    close,
  };
}

/** What parseAgentHandshake accepts: version 2, then unix:/absolute/path or dns:///127.0.0.1:<port>. */
export function parseHandshake(line: string): string {
  const m = /^(\d+)\|(.*)$/.exec(line);
  if (!m) throw new Error(`invalid agent handshake line: ${JSON.stringify(line)}`);
  if (m[1] !== '2') throw new Error(`agent protocol version mismatch: ${m[1]} (expected 2)`);
  const endpoint = m[2]!;
  if (endpoint.startsWith('unix:')) {
    if (!path.isAbsolute(endpoint.slice('unix:'.length))) throw new Error('unix socket path must be absolute');
    return endpoint;
  }
  const port = /^dns:\/\/\/127\.0\.0\.1:(\d+)$/.exec(endpoint);
  if (!port || Number(port[1]) <= 0 || Number(port[1]) > 65535) throw new Error(`invalid agent endpoint: ${endpoint}`);
  return endpoint;
}

/** The channel becomes ready, then health Check for "" answers SERVING (no token: health is exempt). */
async function waitServing(health: InstanceType<typeof HealthClient>): Promise<void> {
  const deadline = Date.now() + DIAL_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => health.waitForReady(deadline, (e) => (e ? reject(e) : resolve())));
  const status = await new Promise<HealthCheckResponse_ServingStatus>((resolve, reject) =>
    health.check({ service: '' }, new grpc.Metadata(), { deadline }, (e, res) => (e ? reject(e) : resolve(res.status))),
  );
  if (status !== HealthCheckResponse_ServingStatus.SERVING)
    throw new Error(`health says ${HealthCheckResponse_ServingStatus[status]}`);
}
