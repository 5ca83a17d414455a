// Test harness: a real Facet server on a real loopback socket, and the generated client.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import * as grpc from '@grpc/grpc-js';
import { parseConfig, type FacetConfig } from '../../src/config.js';
import { ToolboxClient, type CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import type { ToolboxSpec } from '../../src/registry/types.js';
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

/** A fresh temporary directory (real path), removed by the returned cleanup. */
export function tempDir(prefix = 'facet-test-'): { dir: string; cleanup: () => void } {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts a server on 127.0.0.1 with an OS-chosen port; `args` are facet serve flags. */
export async function startTestServer(
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
  extraSpecs?: ReadonlyMap<string, ToolboxSpec>,
): Promise<TestServer> {
  const config = parseConfig(['--listen', '127.0.0.1:0', ...args], env);
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
    logs,
    async close() {
      client.close();
      await server.shutdown('test over');
    },
  };
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
export function callTool(client: ToolboxClient, name: string, args: Record<string, unknown>, opts: CallOptions = {}): Promise<CallToolResponse> {
  return new Promise((resolve, reject) => {
    const callOpts: Partial<grpc.CallOptions> = opts.deadlineMs ? { deadline: Date.now() + opts.deadlineMs } : {};
    client.callTool({ name, arguments: args, roots: opts.roots ?? [] }, metadataFor(opts), callOpts, (err, res) => (err ? reject(err) : resolve(res!)));
  });
}

/** Promisifies any unary method of the client. */
export function unary<Req, Res>(
  fn: (req: Req, md: grpc.Metadata, opts: Partial<grpc.CallOptions>, cb: (err: grpc.ServiceError | null, res: Res) => void) => grpc.ClientUnaryCall,
  client: ToolboxClient,
  req: Req,
  opts: CallOptions = {},
): Promise<Res> {
  return new Promise((resolve, reject) => {
    fn.call(client, req, metadataFor(opts), opts.deadlineMs ? { deadline: Date.now() + opts.deadlineMs } : {}, (err, res) =>
      err ? reject(err) : resolve(res),
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
