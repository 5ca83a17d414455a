// list_mcp_resources (Codex CLI 0.171.0), answered from Facet's own resources: compact JSON
// {"resources":[{server, uri, name, description, mimeType}]}, with "server" first when one was
// named. Codex sends it (direct mode) when an MCP server is configured; Facet is that server.
import type { ResourceEntry } from '../../registry/types.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { STRING } from './schema.js';
import { checkCursor, mcpServer } from './mcp-server.js';

interface Args {
  cursor?: string;
  server?: string;
}

/** A resource as Codex lists it: its server, then the MCP fields it has. */
const listed = (r: ResourceEntry, server: string) => ({
  server,
  uri: r.uri,
  name: r.name,
  ...(r.description ? { description: r.description } : {}),
  ...(r.mimeType ? { mimeType: r.mimeType } : {}),
});

export const listMcpResources = defineTool<Args>({
  name: 'list_mcp_resources',
  summary: 'List the resources Facet offers (its roots, agent instruction files, served shapes) as MCP resources.',
  description: [
    'Lists the MCP resources of this server (Facet, the one MCP server here) as JSON:',
    '{"resources":[{"server","uri","name","description","mimeType"}]}; with `server` (Facet\'s name, as the',
    'resources give it) the object starts with "server". Read one with read_mcp_resource.',
    '`cursor` continues a listing of one server (Facet lists everything in one page).',
  ],
  schema: {
    type: 'object',
    properties: { cursor: STRING, server: STRING },
    additionalProperties: false,
  },
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'Every resource',
      arguments: {},
      expectedOutcome: '{"resources":[{"server":"facet-codex","uri":"facet://roots","name":"roots",...}]}',
    },
  ],
  errorModes: [
    "unknown MCP server '<name>' for the selected environment: a server that is not this one.",
    'cursor can only be used when a server is specified.',
  ],
  async call(a, c): Promise<Reply> {
    checkCursor(a);
    const own = mcpServer(c, a.server);
    const entries = own?.resources ? await own.resources.list(c) : [];
    const resources = entries.map((r) => listed(r, own!.name));
    const named = a.server !== undefined && a.server !== '';
    const text = JSON.stringify(named ? { server: a.server, resources } : { resources });
    return { text, host: { summary: `${entries.length} resources`, details: { server: own?.name ?? null } } };
  },
});
