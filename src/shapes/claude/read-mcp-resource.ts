// Claude Code 2.1.332's ReadMcpResourceTool, answered from Facet's own resources (server: the
// name ListMcpResourcesTool gives). Text comes back as the vendor shows an MCP read, compact
// JSON {"contents":[{uri, mimeType, text}]}; a missing resource is a plain answer, as there. A
// binary resource is described in the contents and its bytes go to the host as a blob (the
// vendor saves it to a file; Facet's own resources are all text).
import { defineTool, type Reply } from '../common/define.js';
import { readOwnResource } from '../common/read-own-resource.js';
import { TAGS } from '../tags.js';
import { servedAs, unknownServer } from './list-mcp-resources.js';

interface Args {
  server: string;
  uri: string;
}

export const readMcpResource = defineTool<Args>({
  name: 'ReadMcpResourceTool',
  summary: "Read one of Facet's MCP resources by its URI (as ListMcpResourcesTool lists them).",
  description: [
    "Reads the resource uri of the MCP server server (Facet's name, as ListMcpResourcesTool gives it) and returns",
    'its contents as JSON: {"contents":[{"uri","mimeType","text"}]}.',
    'A URI that is not one of the listed resources, or a file outside the roots, is refused in band.',
  ],
  schema: {
    type: 'object',
    properties: { server: { type: 'string' }, uri: { type: 'string' } },
    required: ['server', 'uri'],
    additionalProperties: false,
  },
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: "The session's roots",
      arguments: { server: 'facet-claude', uri: 'facet://roots' },
      expectedOutcome:
        '{"contents":[{"uri":"facet://roots","mimeType":"application/json","text":"{\\"roots\\":[...]}"}]}',
    },
  ],
  errorModes: [
    'Server "<name>" not found. Available servers: <names> for a server that is not this one.',
    'Not an error: "Resource not found: <uri> \u2014 it may have been deleted or the URI is stale. Re-run ListMcpResourcesTool to refresh."',
  ],
  errors: (err) => unknownServer(err),
  async call(a, c): Promise<Reply> {
    const own = servedAs(c, a.server);
    const missing = (): Reply => ({
      text: `Resource not found: ${a.uri} \u2014 it may have been deleted or the URI is stale. Re-run ListMcpResourcesTool to refresh.`,
      host: { summary: `No resource ${a.uri}` },
    });
    const read =
      own &&
      (await readOwnResource(own, a.uri, c, (blob) => ({
        text: `[Resource from ${own.name} at ${a.uri}] Binary content (${blob.mediaType}, ${blob.data.byteLength} bytes)`,
      })));
    if (!own || !read) return missing();
    const { contents, blobs } = read;
    return {
      text: JSON.stringify({ contents }),
      ...(blobs.length > 0 ? { blobs } : {}),
      host: { summary: `Read ${a.uri}`, details: { server: own.name, uri: a.uri } },
    };
  },
});
