// The request metadata key naming a call's Facet session (gRPC metadata, MCP over HTTP headers),
// in a module of its own so the MCP path can read it without loading the gRPC service.
export const SESSION_KEY = 'facet-session';
