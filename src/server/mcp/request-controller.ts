// The SDK's controller of a request being handled, for the call to adopt as its own (CallStart.controller): the SDK's
// Protocol makes one per incoming request and keeps it in a map by request id until the handler is done. There is no
// public accessor, so it is read from that map and checked against the request's own signal; a test pins that it is
// found, so an SDK that stops keeping it fails that test (calls would still run, each with a controller of its own).
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';

interface WithControllers {
  _requestHandlerAbortControllers?: Map<RequestId, AbortController>;
}

/** The controller whose signal is `extra.signal`, when `server` (an SDK Protocol) holds it; else undefined. */
export function requestController(
  server: unknown,
  extra: { requestId: RequestId; signal: AbortSignal },
): AbortController | undefined {
  const c = (server as WithControllers)._requestHandlerAbortControllers?.get(extra.requestId);
  return c?.signal === extra.signal ? c : undefined;
}
