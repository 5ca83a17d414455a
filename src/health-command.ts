// `facet health [serve options]`: asks a running server on this machine (the address and
// socket the same options and FACET_* variables name) whether it is SERVING, through
// grpc.health.v1. Exit 0 when it is, 1 when not or unreachable: what a container
// HEALTHCHECK needs, without grpcurl in the image.
import { readFileSync } from 'node:fs';
import * as grpc from '@grpc/grpc-js';
import { parseConfig, type FacetConfig } from './config.js';
import { HealthCheckResponse_ServingStatus, HealthClient } from './gen/grpc/health/v1/health.js';

/** Where a local client reaches the server: a wildcard listen address is asked on loopback. */
export function localTarget(config: FacetConfig): string {
  if (config.listen) {
    const { host, port } = config.listen;
    const local = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
    return local.includes(':') ? `[${local}]:${port}` : `${local}:${port}`;
  }
  return `unix:${config.socket}`;
}

export async function healthCommand(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 3000,
): Promise<{ ok: boolean; text: string }> {
  const config = parseConfig(args, env);
  const target = localTarget(config);
  const creds = config.tls
    ? // The server's own certificate is the trust anchor; the name checked is the certificate's, not "127.0.0.1".
      grpc.credentials.createSsl(readFileSync(config.tls.certFile), null, null, {
        checkServerIdentity: () => undefined,
      })
    : grpc.credentials.createInsecure();
  const client = new HealthClient(target, creds);
  try {
    const status = await new Promise<HealthCheckResponse_ServingStatus>((resolve, reject) =>
      client.check({ service: '' }, new grpc.Metadata(), { deadline: Date.now() + timeoutMs }, (err, res) =>
        err ? reject(err) : resolve(res.status),
      ),
    );
    const name = HealthCheckResponse_ServingStatus[status] ?? String(status);
    return { ok: status === HealthCheckResponse_ServingStatus.SERVING, text: `${target}: ${name}` };
  } catch (err) {
    return {
      ok: false,
      text: `${target}: unreachable (${(err as grpc.ServiceError).details || (err as Error).message})`,
    };
  } finally {
    client.close();
  }
}
