// read_mcp_resource: Qwen Code 0.24.4's read of an MCP resource, answered from Facet's own
// resources (server_name: this toolbox's name, as the host knows the server). The contents come
// between Qwen's "--- Content from MCP resource <server>:<uri> [<nonce>] ---" fences; bytes go
// to the host as blobs, as Qwen sends them as inline data.
import { randomUUID } from 'node:crypto';
import { EngineError } from '../../engine/index.js';
import type { Blob } from '../../registry/types.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';

interface Args {
  server_name: string;
  uri: string;
}

export const readMcpResource = defineTool<Args>({
  name: 'read_mcp_resource',
  summary: "Read one of the MCP server's resources by server name and URI.",
  description: [
    "Reads the resource `uri` of MCP server `server_name` (this server's name; its resources are the workspace roots",
    'and the agent instruction files) and returns its text between "--- Content from MCP resource ... ---" lines.',
  ],
  schema: {
    type: 'object',
    properties: {
      server_name: { type: 'string', minLength: 1, maxLength: 1024 },
      uri: { type: 'string', minLength: 1 },
    },
    required: ['server_name', 'uri'],
    additionalProperties: false,
  },
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'Read the roots',
      arguments: { server_name: 'facet-qwen', uri: 'facet://roots' },
      expectedOutcome: '--- Content from MCP resource facet-qwen:facet://roots [...] --- then the JSON.',
    },
  ],
  errorModes: [
    "NOT_FOUND: MCP server '<name>' is not configured (a server other than this one), or no resource at that URI.",
  ],
  errors: (err) =>
    err.field === 'server_name' ? `MCP server '${String(err.facts.server)}' is not configured.` : undefined,
  async call(a, c): Promise<Reply> {
    const own = c.toolbox;
    if (!own || a.server_name !== own.name || !own.resources)
      throw new EngineError('not_found', `no MCP server ${a.server_name}`, {
        field: 'server_name',
        facts: { server: a.server_name },
      });
    const label = `${a.server_name}:${a.uri}`;
    const items = await own.resources.read(a.uri, c);
    const blobs: Blob[] = [];
    const texts: string[] = [];
    for (const item of items) {
      if ('text' in item) texts.push(item.text);
      else if ('structured' in item) texts.push(JSON.stringify(item.structured));
      else blobs.push(item.blob);
    }
    const nonce = randomUUID().slice(0, 8);
    const text = `\n--- Content from MCP resource ${label} [${nonce}] ---\n${texts.join('')}\n--- End of MCP resource ${label} [${nonce}] ---\n`;
    return {
      text,
      ...(blobs.length > 0 ? { blobs } : {}),
      host: { summary: `Read resource ${label}`, details: { server: a.server_name, uri: a.uri } },
    };
  },
});
