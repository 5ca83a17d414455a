// Which Facet session an MCP request names. Apart from server.ts so that `facet mcp` can set up
// its connection before it has loaded either SDK.
import { SESSION_KEY } from '../session-key.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The request `_meta` key naming the Facet session, beside the `facet-session` header. */
export const SESSION_META = 'facet/session';

/**
 * The Facet session a request names: `_meta["facet/session"]`, else the `facet-session`
 * header (HTTP), else none (the caller falls back to its own default).
 */
export function facetSessionOf(extra: Pick<RequestExtra, '_meta' | 'requestInfo'>): string | undefined {
  const fromMeta = extra._meta?.[SESSION_META];
  if (typeof fromMeta === 'string' && fromMeta !== '') return fromMeta;
  const header = extra.requestInfo?.headers?.[SESSION_KEY];
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
