// list_mcp_resources: Gemini CLI 0.61.0's list of the MCP resources its servers offer, answered
// from Facet's own resources. Facet is the MCP server the model reaches, named as it names itself
// to MCP clients (the toolbox's Identity.name, e.g. "facet-gemini"): each line is
// "- <server>:<uri> | <name> | <description>", as the vendor lists them.
import type { ResourceEntry, ServedToolbox } from '../../registry/types.js';
import type { Call } from '../common/define.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { object } from '../gemini-family/schema.js';

/** The served toolbox and its resources, when it has any. */
export async function ownResources(c: Call): Promise<{ own?: ServedToolbox; entries: ResourceEntry[] }> {
  const own = c.toolbox;
  return { own, entries: own?.resources ? await own.resources.list(c) : [] };
}

export const listMcpResources = defineTool<{ serverName?: string; wait_for_previous?: boolean }>({
  name: 'list_mcp_resources',
  summary: 'List the MCP resources this server (Facet) offers: its roots and the agent instruction files found.',
  description: [
    'One line per resource: "- <server>:<uri> | <name> | <description>", the server being this one (Facet\'s MCP',
    "name). serverName keeps only that server's resources. Read one with read_mcp_resource and its uri.",
  ],
  schema: object({ serverName: 'string', wait_for_previous: 'boolean' }, []),
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'Every resource',
      arguments: {},
      expectedOutcome:
        'Available MCP Resources:\n- facet-gemini:facet://roots | roots | The directories this toolbox may touch.',
    },
  ],
  errorModes: 'None: no resources (or none of serverName) is said in the text, not as a failure.',
  async call(a, c) {
    const { own, entries } = await ownResources(c);
    const mine = a.serverName && a.serverName !== own?.name ? [] : entries;
    if (mine.length === 0) {
      const text = a.serverName ? `No resources found for server: ${a.serverName}` : 'No MCP resources found.';
      return { text, host: { summary: text } };
    }
    const lines = mine.map(
      (r) => `- ${own!.name}:${r.uri}${r.name ? ` | ${r.name}` : ''}${r.description ? ` | ${r.description}` : ''}\n`,
    );
    return {
      text: `Available MCP Resources:\n${lines.join('')}`,
      host: { summary: `Listed ${mine.length} resources.`, details: { server: own!.name } },
    };
  },
});
