// read_mcp_resource (Codex CLI 0.171.0), answered from Facet's own resources:
// {"server","uri","contents":[{uri, mimeType, text}]}. A resource that is not there fails as
// Codex reports an MCP server's -32002. A binary resource is described in the contents and its
// bytes go to the host as a blob (Facet's own resources are all text).
import { EngineError } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { readOwnResource } from '../common/read-own-resource.js';
import { TAGS } from '../tags.js';
import { STRING } from './schema.js';
import { mcpServer } from './mcp-server.js';

interface Args {
  server: string;
  uri: string;
}

const notFound = (server: string, uri: string) =>
  new EngineError(
    'not_found',
    `resources/read failed: resources/read failed for \`${server}\` (${uri}): Mcp error: -32002: Resource not found: ${uri}`,
    { field: 'uri', facts: { uri } },
  );

export const readMcpResource = defineTool<Args>({
  name: 'read_mcp_resource',
  summary: "Read one of Facet's MCP resources by server and URI (as list_mcp_resources lists them).",
  description: [
    "Reads the resource `uri` of the MCP server `server` (Facet's name, as list_mcp_resources gives it) and returns",
    'JSON: {"server","uri","contents":[{"uri","mimeType","text"}]}. An unknown server or URI answers Codex\'s',
    'resources/read failure text; nothing is fetched from outside this server.',
  ],
  schema: {
    type: 'object',
    properties: { server: STRING, uri: STRING },
    required: ['server', 'uri'],
    additionalProperties: false,
  },
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: "The session's roots",
      arguments: { server: 'facet-codex', uri: 'facet://roots' },
      expectedOutcome:
        '{"server":"facet-codex","uri":"facet://roots","contents":[{"uri":"facet://roots","mimeType":"application/json","text":"{\\"roots\\":[...]}"}]}',
    },
  ],
  errorModes: [
    "unknown MCP server '<name>' for the selected environment: a server that is not this one.",
    'resources/read failed: … Mcp error: -32002: Resource not found: <uri>, for a URI that is not listed.',
  ],
  async call(a, c): Promise<Reply> {
    const own = mcpServer(c, a.server);
    const read = own && (await readOwnResource(own, a.uri, c, (blob) => ({ blob: `${blob.data.byteLength} bytes` })));
    if (!own || !read) throw notFound(a.server, a.uri);
    const { contents, blobs } = read;
    return {
      text: JSON.stringify({ server: a.server, uri: a.uri, contents }),
      ...(blobs.length > 0 ? { blobs } : {}),
      host: { summary: `Read ${a.uri}`, details: { server: own.name, uri: a.uri } },
    };
  },
});
