// list_mcp_resource_templates (Codex CLI 0.171.0): Facet's resources are all concrete, so the
// list is empty: {"resourceTemplates":[]} (with "server" first when one was named).
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { STRING } from './schema.js';
import { checkCursor, mcpServer } from './mcp-server.js';

interface Args {
  cursor?: string;
  server?: string;
}

export const listMcpResourceTemplates = defineTool<Args>({
  name: 'list_mcp_resource_templates',
  summary: "List the MCP resource templates of Facet's server (it has none: its resources are listed whole).",
  description: [
    'Lists the parameterised resources (URI templates) of this server (Facet) as JSON:',
    '{"resourceTemplates":[{"server","uriTemplate","name","description","mimeType"}]}. Facet has none, so the list is',
    'empty; list_mcp_resources lists its resources.',
  ],
  schema: {
    type: 'object',
    properties: { cursor: STRING, server: STRING },
    additionalProperties: false,
  },
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [{ description: 'Every template', arguments: {}, expectedOutcome: '{"resourceTemplates":[]}' }],
  errorModes: [
    "unknown MCP server '<name>' for the selected environment: a server that is not this one.",
    'cursor can only be used when a server is specified.',
  ],
  async call(a, c): Promise<Reply> {
    checkCursor(a);
    const own = mcpServer(c, a.server);
    const named = a.server !== undefined && a.server !== '';
    const text = JSON.stringify(named ? { server: a.server, resourceTemplates: [] } : { resourceTemplates: [] });
    return { text, host: { summary: '0 resource templates', details: { server: own?.name ?? null } } };
  },
});
