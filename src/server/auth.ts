// Bearer-token check for every RPC except health (probes carry no credentials).
import { Metadata, ServerInterceptingCall, status, type ServerInterceptor } from '@grpc/grpc-js';
import { matchingToken } from './tokens.js';

const OPEN_PREFIX = '/grpc.health.v1.Health/';

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
