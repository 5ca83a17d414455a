// Test harness: a real Facet server on a real loopback socket, and the generated client.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { parseConfig, type FacetConfig } from '../../src/config.js';
import { ToolboxClient, type CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import type { ToolboxSpec } from '../../src/registry/types.js';
import { runQueued } from '../../src/server/after-response.js';
import { createLogger } from '../../src/server/logger.js';
import { startServer, type RunningServer } from '../../src/server/server.js';

export interface TestServer {
  server: RunningServer;
  client: ToolboxClient;
  config: FacetConfig;
  address: string;
  /** Log lines the server wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * The address a spawned `facet serve` (stdout piped) says it listens on. If it exits first, the
 * error holds what it printed (stderr too, when piped).
 */
export function listeningAddress(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"addresses":\["([^"]+)"\]/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening: ${out}${err}`)));
  });
}

/** The port a spawned `facet serve --listen 127.0.0.1:0` (stdout piped) says it listens on. */
export async function listeningPort(child: ChildProcess): Promise<number> {
  return Number((await listeningAddress(child)).split(':').pop());
}

/** A fresh temporary directory (real path), removed by the returned cleanup. */
export function tempDir(prefix = 'facet-test-'): { dir: string; cleanup: () => void } {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A real `facet serve` child process on an OS-chosen loopback port (`args`: more serve flags),
 * resolved once it listens. Its state directory is a temporary one, removed when the test process
 * exits: a child a test kills cannot remove it itself.
 */
export async function spawnServer(args: string[]): Promise<{ child: ChildProcess; client: ToolboxClient }> {
  const state = tempDir('facet-test-state-');
  process.once('exit', state.cleanup);
  const cli = path.resolve('dist/src/cli.js');
  const child = spawn(process.execPath, [cli, 'serve', '--listen', '127.0.0.1:0', '--state-dir', state.dir, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const address = await listeningAddress(child);
  return { child, client: new ToolboxClient(address, grpc.credentials.createInsecure()) };
}

/** Starts a server on 127.0.0.1 with an OS-chosen port; `args` are facet serve flags. */
export async function startTestServer(
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
  extraSpecs?: ReadonlyMap<string, ToolboxSpec>,
): Promise<TestServer> {
  // A state directory of its own unless the test names one, removed on close: the default
  // (<tmpdir>/facet-state) would stay behind after the run.
  const named = args.includes('--state-dir') || env.FACET_STATE_DIR !== undefined;
  const state = named ? undefined : tempDir('facet-test-state-');
  // Removed on close, and when the test process exits in case a test never closes its server.
  if (state) process.once('exit', state.cleanup);
  const config = parseConfig(
    ['--listen', '127.0.0.1:0', '--lsp', 'off', ...(state ? ['--state-dir', state.dir] : []), ...args],
    env,
  );
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      cb();
    },
  });
  const server = await startServer(config, { logger: createLogger('debug', sink), extraSpecs });
  const address = `127.0.0.1:${server.port}`;
  const client = new ToolboxClient(address, grpc.credentials.createInsecure());
  return {
    server,
    client,
    config,
    address,
    get logs() {
      // With the lines of calls whose responses have gone out and whose logging still waits its turn.
      runQueued();
      return logs;
    },
    async close() {
      client.close();
      await server.shutdown('test over');
      state?.cleanup();
    },
  };
}

export interface ServerFixtureOptions {
  /** Served as `--shape`; when it names one shape, also the shape `call` uses unless told otherwise. */
  shape?: string;
  /** More `facet serve` flags; a function gets the root, for flags that name paths in it. */
  args?: string[] | ((dir: string) => string[]);
  /** Set-up of the root (files, directories) before the server starts. */
  setup?: (dir: string) => void | Promise<void>;
  /** Prefix of the temporary root's name. */
  prefix?: string;
  /** The session `call` uses unless told otherwise. */
  session?: string;
  env?: NodeJS.ProcessEnv;
  extraSpecs?: ReadonlyMap<string, ToolboxSpec>;
}

export interface ServerFixture {
  /** The running server; its fields can be read once the suite's `before` hooks ran. */
  t: TestServer;
  /** The server's root, a fresh temporary directory (exists from the start). */
  dir: string;
  /** CallTool in the fixture's shape and session; `opts` (or a session name) override them. */
  call(tool: string, args: Record<string, unknown>, opts?: CallOptions | string): Promise<CallToolResponse>;
}

/**
 * One server on a temporary root for the enclosing suite (the file, or the `describe` it is
 * called in): registers the `before` hook that starts it and the `after` hook that closes it
 * and removes the root, so tests only use `t`, `dir` and `call`.
 */
export function serverFixture(opts: ServerFixtureOptions = {}): ServerFixture {
  const { dir, cleanup } = tempDir(opts.prefix);
  let running: TestServer | undefined;
  const live = (): TestServer => {
    if (!running) throw new Error('the fixture server is not running (used outside a test?)');
    return running;
  };
  before(async () => {
    // A file-level `before` runs as soon as it is registered: let the module finish loading
    // first, so `setup` and `args` can use what the file declares after this call.
    await Promise.resolve();
    running = await startOnRoot(dir, opts);
  });
  after(async () => {
    await running?.close();
    running = undefined;
    cleanup();
  });
  // A stable object standing for the server, so files can destructure it before it starts.
  const t: TestServer = {
    get server() {
      return live().server;
    },
    get client() {
      return live().client;
    },
    get config() {
      return live().config;
    },
    get address() {
      return live().address;
    },
    get logs() {
      return live().logs;
    },
    close: () => live().close(),
  };
  return { t, dir, call: caller(live, opts) };
}

/**
 * A test's own server on a fresh temporary root (for a test that needs flags of its own;
 * a list is short for `{ args }`): runs `fn`, then closes the server and removes the root
 * whatever happened.
 */
export async function withServer<T>(
  options: ServerFixtureOptions | string[],
  fn: (t: TestServer, dir: string, call: ServerFixture['call']) => Promise<T>,
): Promise<T> {
  const opts = Array.isArray(options) ? { args: options } : options;
  const { dir, cleanup } = tempDir(opts.prefix);
  try {
    const t = await startOnRoot(dir, opts);
    try {
      return await fn(
        t,
        dir,
        caller(() => t, opts),
      );
    } finally {
      await t.close();
    }
  } finally {
    cleanup();
  }
}

/** Runs `setup`, then starts the server on `dir`. */
async function startOnRoot(dir: string, opts: ServerFixtureOptions): Promise<TestServer> {
  await opts.setup?.(dir);
  const extra = typeof opts.args === 'function' ? opts.args(dir) : (opts.args ?? []);
  return startTestServer(
    ['--root', dir, ...(opts.shape ? ['--shape', opts.shape] : []), ...extra],
    opts.env,
    opts.extraSpecs,
  );
}

/** CallTool in the options' shape (when it names one) and session, unless the call says otherwise. */
function caller(server: () => TestServer, opts: ServerFixtureOptions): ServerFixture['call'] {
  const shape = opts.shape && /^[a-z]+$/.test(opts.shape) && opts.shape !== 'all' ? opts.shape : undefined;
  return (tool, args, o = {}) =>
    callTool(server().client, tool, args, {
      shape,
      session: opts.session,
      ...(typeof o === 'string' ? { session: o } : o),
    });
}

export interface CallOptions {
  shape?: string;
  session?: string;
  roots?: string[];
  deadlineMs?: number;
  metadata?: Record<string, string>;
}

export function metadataFor(opts: CallOptions): grpc.Metadata {
  const md = new grpc.Metadata();
  if (opts.shape) md.set('facet-shape', opts.shape);
  if (opts.session) md.set('facet-session', opts.session);
  for (const [k, v] of Object.entries(opts.metadata ?? {})) md.set(k, v);
  return md;
}

/** CallTool over the wire. */
export function callTool(
  client: ToolboxClient,
  name: string,
  args: Record<string, unknown>,
  opts: CallOptions = {},
): Promise<CallToolResponse> {
  return new Promise((resolve, reject) => {
    const callOpts: Partial<grpc.CallOptions> = opts.deadlineMs ? { deadline: Date.now() + opts.deadlineMs } : {};
    client.callTool({ name, arguments: args, roots: opts.roots ?? [] }, metadataFor(opts), callOpts, (err, res) =>
      err ? reject(err) : resolve(res!),
    );
  });
}

/** Promisifies any unary method of the client. */
export function unary<Req, Res>(
  fn: (
    req: Req,
    md: grpc.Metadata,
    opts: Partial<grpc.CallOptions>,
    cb: (err: grpc.ServiceError | null, res: Res) => void,
  ) => grpc.ClientUnaryCall,
  client: ToolboxClient,
  req: Req,
  opts: CallOptions = {},
): Promise<Res> {
  return new Promise((resolve, reject) => {
    fn.call(
      client,
      req,
      metadataFor(opts),
      opts.deadlineMs ? { deadline: Date.now() + opts.deadlineMs } : {},
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

/** The text items of a response, in order. */
export function texts(res: CallToolResponse): string[] {
  return res.content.flatMap((c) => (c.body?.$case === 'text' ? [c.body.value] : []));
}

/** The first structured item of a response. */
export function structured(res: CallToolResponse): Record<string, unknown> | undefined {
  for (const c of res.content) if (c.body?.$case === 'structured') return c.body.value as Record<string, unknown>;
  return undefined;
}
