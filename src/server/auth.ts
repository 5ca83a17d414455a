// Bearer-token check for every RPC except health (probes carry no credentials).
// Compared in constant time so the token cannot be guessed byte by byte.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Metadata, ServerInterceptingCall, status, type ServerInterceptor } from '@grpc/grpc-js';

const OPEN_PREFIX = '/grpc.health.v1.Health/';

/**
 * Index of the token the `authorization: Bearer <token>` header carries, or -1. Every token
 * is compared, in constant time, so neither the token nor which one matched can be timed.
 */
export function matchingToken(tokens: readonly string[], header: string | undefined): number {
  if (!header) return -1;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!m) return -1;
  // Hash both sides so lengths match and the comparison leaks nothing about the length.
  const b = createHash('sha256').update(m[1]!).digest();
  let found = -1;
  tokens.forEach((t, i) => {
    if (timingSafeEqual(createHash('sha256').update(t).digest(), b) && found === -1) found = i;
  });
  return found;
}

/**
 * Who is calling, for sessions scoped to callers: a label derived from the bearer token
 * (a short hash: it names the caller in logs and never reveals the token), '' without tokens.
 */
export function callerOf(tokens: readonly string[], header: string | undefined): string {
  const i = matchingToken(tokens, header);
  return i === -1 ? '' : `token:${createHash('sha256').update(tokens[i]!).digest('hex').slice(0, 12)}`;
}

export function authInterceptor(tokens: readonly string[]): ServerInterceptor {
  return (method, call) =>
    new ServerInterceptingCall(call, {
      start(next) {
        next({
          onReceiveMetadata(metadata: Metadata, mdNext: (m: Metadata) => void) {
            if (method.path.startsWith(OPEN_PREFIX)) return mdNext(metadata);
            const header = metadata.get('authorization')[0];
            if (matchingToken(tokens, typeof header === 'string' ? header : header?.toString()) !== -1)
              return mdNext(metadata);
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
