// list_mcp_resources (Codex CLI 0.171.0), answered from Facet's own resources: compact JSON
// {"resources":[{server, uri, name, description, mimeType}]}, with "server" first when one was
// named. Codex sends it (direct mode) when an MCP server is configured; Facet is that server.
import type { ResourceEntry } from '../../registry/types.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { checkCursor, LIST_ERROR_MODES, LIST_SCHEMA, listed, mcpServer, type ListArgs } from './mcp-server.js';

/** A resource as Codex lists it: its server, then the MCP fields it has. */
const entry = (r: ResourceEntry, server: string) => ({
  server,
  uri: r.uri,
  name: r.name,
  ...(r.description ? { description: r.description } : {}),
  ...(r.mimeType ? { mimeType: r.mimeType } : {}),
});

export const listMcpResources = defineTool<ListArgs>({
  name: 'list_mcp_resources',
  summary: 'List the resources Facet offers (its roots, agent instruction files, served shapes) as MCP resources.',
  description: [
    'Lists the MCP resources of this server (Facet, the one MCP server here) as JSON:',
    '{"resources":[{"server","uri","name","description","mimeType"}]}; with `server` (Facet\'s name, as the',
    'resources give it) the object starts with "server". Read one with read_mcp_resource.',
    '`cursor` continues a listing of one server (Facet lists everything in one page).',
  ],
  schema: LIST_SCHEMA,
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'Every resource',
      arguments: {},
      expectedOutcome: '{"resources":[{"server":"facet-codex","uri":"facet://roots","name":"roots",...}]}',
    },
  ],
  errorModes: LIST_ERROR_MODES,
  async call(a, c): Promise<Reply> {
    checkCursor(a);
    const own = mcpServer(c, a.server);
    const entries = own?.resources ? await own.resources.list(c) : [];
    const text = listed(
      a.server,
      'resources',
      entries.map((r) => entry(r, own!.name)),
    );
    return { text, host: { summary: `${entries.length} resources`, details: { server: own?.name ?? null } } };
  },
});
