// Bearer-token check for every RPC except health (probes carry no credentials).
// Compared in constant time so the token cannot be guessed byte by byte.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Metadata, ServerInterceptingCall, status, type ServerInterceptor } from '@grpc/grpc-js';

const OPEN_PREFIX = '/grpc.health.v1.Health/';

export function tokenMatches(expected: string, header: string | undefined): boolean {
  if (!header) return false;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!m) return false;
  // Hash both sides so lengths match and the comparison leaks nothing about the length.
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(m[1]!).digest();
  return timingSafeEqual(a, b);
}

export function authInterceptor(token: string): ServerInterceptor {
  return (method, call) =>
    new ServerInterceptingCall(call, {
      start(next) {
        next({
          onReceiveMetadata(metadata: Metadata, mdNext: (m: Metadata) => void) {
            if (method.path.startsWith(OPEN_PREFIX)) return mdNext(metadata);
            const header = metadata.get('authorization')[0];
            if (tokenMatches(token, typeof header === 'string' ? header : header?.toString())) return mdNext(metadata);
            call.sendStatus({
              code: status.UNAUTHENTICATED,
              details: header ? 'the bearer token is not valid' : 'missing authorization: Bearer <token> metadata',
              metadata: new Metadata(),
            });
          },
        });
      },
    });
}
