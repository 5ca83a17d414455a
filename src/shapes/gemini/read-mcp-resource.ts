// read_mcp_resource: Gemini CLI 0.61.0's read of an MCP resource by URI, answered from Facet's own
// resources. The URI is one list_mcp_resources gives, bare or qualified by the server
// ("facet-gemini:facet://roots"). Each text comes back followed by a line break, as the vendor
// joins a resource's contents; binary contents are named "[Binary Data (<type>)]" and go to the
// host as blobs.
import { EngineError } from '../../engine/index.js';
import type { Blob } from '../../registry/types.js';
import { defineTool } from '../common/define.js';
import { shapeError } from '../gemini-family/shared.js';
import { TAGS } from '../tags.js';
import { object } from '../gemini-family/schema.js';
import { ownResources } from './list-mcp-resources.js';

export const readMcpResource = defineTool<{ uri: string; wait_for_previous?: boolean }>({
  name: 'read_mcp_resource',
  summary: "Read one of this server's MCP resources by the URI list_mcp_resources gives.",
  description: [
    'Returns the contents of the resource uri (as list_mcp_resources lists it, with or without its "<server>:" prefix),',
    'each text followed by a line break; a binary content is named "[Binary Data (<type>)]" and sent to the host as data.',
    'Facet offers its roots, the agent instruction files of the roots and the shapes it serves.',
  ],
  schema: object({ uri: 'string', wait_for_previous: 'boolean' }, ['uri']),
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: "The session's roots",
      arguments: { uri: 'facet://roots' },
      expectedOutcome: '{"roots":["/work/project"]}',
    },
  ],
  errorModes: [
    'mcp_resource_not_found: "Resource not found for URI: <uri>" for a URI list_mcp_resources does not give.',
    'mcp_tool_error: "Failed to read resource: <reason>" when the resource cannot be read (a file gone since).',
  ],
  async call(a, c) {
    const { own, entries } = await ownResources(c);
    const resource = entries.find((r) => `${own?.name}:${r.uri}` === a.uri) ?? entries.find((r) => r.uri === a.uri);
    if (!own?.resources || !resource)
      throw shapeError('not_found', `Resource not found for URI: ${a.uri}`, 'mcp_resource_not_found', { uri: a.uri });
    let items;
    try {
      items = await own.resources.read(resource.uri, c);
    } catch (err) {
      const why = err instanceof EngineError || err instanceof Error ? err.message : String(err);
      throw shapeError('unavailable', `Failed to read resource: ${why}`, 'mcp_tool_error', { uri: a.uri });
    }
    const blobs: Blob[] = [];
    let text = '';
    for (const item of items) {
      if ('text' in item) text += item.text ? `${item.text}\n` : '';
      else if ('structured' in item) text += `${JSON.stringify(item.structured)}\n`;
      else {
        blobs.push(item.blob);
        text += `[Binary Data (${item.blob.mediaType})]\n`;
      }
    }
    return {
      text: text || 'No content returned from resource.',
      ...(blobs.length > 0 ? { blobs } : {}),
      host: {
        summary: `Successfully read resource "${resource.name}" from server "${own.name}"`,
        details: { server: own.name, uri: resource.uri },
      },
    };
  },
});
