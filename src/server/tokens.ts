// Bearer tokens: which one a header carries, compared in constant time so a token cannot be
// guessed byte by byte, and the caller it names. Free of grpc-js: MCP over HTTP and the
// runtime use it too (auth.ts holds the gRPC interceptor).
import { createHash, timingSafeEqual } from 'node:crypto';

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
