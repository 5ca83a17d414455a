// list_mcp_resource_templates (Codex CLI 0.171.0): Facet's resources are all concrete, so the
// list is empty: {"resourceTemplates":[]} (with "server" first when one was named).
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { checkCursor, LIST_ERROR_MODES, LIST_SCHEMA, listed, mcpServer, type ListArgs } from './mcp-server.js';

export const listMcpResourceTemplates = defineTool<ListArgs>({
  name: 'list_mcp_resource_templates',
  summary: "List the MCP resource templates of Facet's server (it has none: its resources are listed whole).",
  description: [
    'Lists the parameterised resources (URI templates) of this server (Facet) as JSON:',
    '{"resourceTemplates":[{"server","uriTemplate","name","description","mimeType"}]}. Facet has none, so the list is',
    'empty; list_mcp_resources lists its resources.',
  ],
  schema: LIST_SCHEMA,
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [{ description: 'Every template', arguments: {}, expectedOutcome: '{"resourceTemplates":[]}' }],
  errorModes: LIST_ERROR_MODES,
  async call(a, c): Promise<Reply> {
    checkCursor(a);
    const own = mcpServer(c, a.server);
    const text = listed(a.server, 'resourceTemplates', []);
    return { text, host: { summary: '0 resource templates', details: { server: own?.name ?? null } } };
  },
});
