// Claude Code 2.1.332's ListMcpResourcesTool, answered from Facet's own resources: Facet is the
// one MCP server the model reaches, named as it names itself to MCP clients (the toolbox's
// Identity.name, e.g. "facet-claude"), so each resource carries that name as its server.
import { EngineError } from '../../engine/index.js';
import type { ResourceEntry, ServedToolbox } from '../../registry/types.js';
import { defineTool, type Call, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';

interface Args {
  server?: string;
}

/** The toolbox serving the call, when `server` (if given) names it; else the vendor's refusal, thrown. */
export function servedAs(c: Call, server: string | undefined): ServedToolbox | undefined {
  const own = c.toolbox;
  if (server === undefined || server === own?.name) return own;
  throw new EngineError('not_found', `no MCP server ${server}`, {
    field: 'server',
    facts: { server, servers: own ? [own.name] : [] },
  });
}

/** Server "x" not found. Available servers: a, b (a runtime failure: no <tool_use_error>). */
export function unknownServer(err: EngineError): string | undefined {
  if (err.field !== 'server' || err.kind !== 'not_found') return undefined;
  return `Server "${String(err.facts.server)}" not found. Available servers: ${(err.facts.servers as string[]).join(', ')}`;
}

/** A resource as the vendor lists it: the MCP fields it has (empty ones left out), then its server. */
const listed = (r: ResourceEntry, server: string) => ({
  name: r.name,
  uri: r.uri,
  ...(r.description ? { description: r.description } : {}),
  ...(r.mimeType ? { mimeType: r.mimeType } : {}),
  server,
});

export const listMcpResources = defineTool<Args>({
  name: 'ListMcpResourcesTool',
  summary: 'List the resources Facet offers (its roots, agent instruction files, served shapes) as MCP resources.',
  description: [
    "Lists the MCP resources of this server (Facet): each with name, uri, description, mimeType and server (Facet's",
    'server name). server, when given, must be that name. Read one with ReadMcpResourceTool.',
    "Only the served toolbox's own resources are listed; an unknown server name is refused.",
  ],
  schema: { type: 'object', properties: { server: { type: 'string' } }, additionalProperties: false },
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'Every resource',
      arguments: {},
      expectedOutcome: '[{"name":"roots","uri":"facet://roots",...,"server":"facet-claude"}]',
    },
  ],
  errorModes: ['Server "<name>" not found. Available servers: <names> for a server that is not this one.'],
  errors: (err) => unknownServer(err),
  async call(a, c): Promise<Reply> {
    const own = servedAs(c, a.server);
    const entries = own?.resources ? await own.resources.list(c) : [];
    const text = JSON.stringify(entries.map((r) => listed(r, own!.name)));
    return { text, host: { summary: `${entries.length} resources`, details: { server: own?.name ?? null } } };
  },
});
