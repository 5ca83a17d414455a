// `--sandboxd`: Facet as an agent-sandbox runtime. The gRPC ProcessService and the REST API
// listen on their own ports (the SDKs dial them apart), over the runtime every other transport
// shares: the same engine, roots, sandbox and audit log as the shapes' tools.
import type { Server as HttpServer } from 'node:http';
import * as grpc from '@grpc/grpc-js';
import type { FacetConfig } from '../../config.js';
import { ProcessServiceService } from '../../gen/process/v1/process.js';
import type { Runtime } from '../runtime.js';
import { ProcessService } from './process.js';
import { SandboxdRest } from './rest.js';

export interface SandboxdListeners {
  /** host:port actually bound (the real port when 0 was asked). */
  grpc?: string;
  rest?: string;
  /** /v1/health answers 503 from now on; nothing else changes until close. */
  drain(): void;
  /** Stops both listeners (open connections are cut). */
  close(): Promise<void>;
}

const hostPort = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

export async function startSandboxd(runtime: Runtime, config: FacetConfig): Promise<SandboxdListeners> {
  const { grpc: grpcAt, rest: restAt, metadataPrefix } = config.sandboxd;
  let grpcServer: grpc.Server | undefined;
  let http: HttpServer | undefined;
  const rest = new SandboxdRest(runtime, { metadataPrefix, env: process.env });
  const close = async () => {
    grpcServer?.forceShutdown();
    if (http) {
      const h = http;
      await new Promise<void>((resolve) => h.close(() => resolve()).closeAllConnections());
    }
  };
  const out: SandboxdListeners = { drain: () => (rest.draining = true), close };
  try {
    if (grpcAt) {
      const server = new grpc.Server({
        'grpc.max_receive_message_length': config.maxMessageBytes,
        'grpc.max_send_message_length': config.maxMessageBytes,
        'grpc.enable_channelz': 0,
      });
      grpcServer = server;
      server.addService(
        ProcessServiceService,
        new ProcessService(runtime, config.maxMessageBytes - 1024).implementation(),
      );
      const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync(hostPort(grpcAt.host, grpcAt.port), grpc.ServerCredentials.createInsecure(), (err, p) =>
          err
            ? reject(new Error(`cannot serve sandboxd gRPC on ${grpcAt.host}:${grpcAt.port}: ${err.message}`))
            : resolve(p),
        ),
      );
      out.grpc = hostPort(grpcAt.host, port);
    }
    if (restAt) {
      const server = rest.server();
      http = server;
      await new Promise<void>((resolve, reject) => {
        server.once('error', (err) =>
          reject(new Error(`cannot serve sandboxd REST on ${restAt.host}:${restAt.port}: ${err.message}`)),
        );
        server.listen(restAt.port, restAt.host, () => resolve());
      });
      const addr = server.address();
      out.rest = hostPort(restAt.host, typeof addr === 'object' && addr ? addr.port : restAt.port);
    }
  } catch (err) {
    await close();
    throw err;
  }
  return out;
}
