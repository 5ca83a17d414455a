// What Codex CLI 0.171.0's MCP-resource tools share: Facet is the one MCP server the model
// reaches, named as it names itself to MCP clients (the toolbox's Identity.name, e.g.
// "facet-codex"); an empty server means every server, as in Codex; any other name is unknown.
import { EngineError } from '../../engine/index.js';
import type { ServedToolbox } from '../../registry/types.js';
import type { Call } from '../common/define.js';

/** The toolbox serving the call when `server` (if given and not empty) names it; else Codex's refusal, thrown. */
export function mcpServer(c: Call, server: string | undefined): ServedToolbox | undefined {
  const own = c.toolbox;
  if (server === undefined || server === '' || server === own?.name) return own;
  throw new EngineError('not_found', `unknown MCP server '${server}' for the selected environment`, {
    field: 'server',
    facts: { server, servers: own ? [own.name] : [] },
  });
}

/** A cursor is for one server's pages: refused without a server, as Codex refuses it. */
export function checkCursor(args: { server?: string; cursor?: string }): void {
  if (args.cursor !== undefined && (args.server === undefined || args.server === ''))
    throw new EngineError('invalid_argument', 'cursor can only be used when a server is specified', {
      field: 'cursor',
      facts: { cursor: args.cursor },
    });
}

/** What the two listing tools take, and how they refuse. */
export interface ListArgs {
  cursor?: string;
  server?: string;
}

export const LIST_SCHEMA = {
  type: 'object',
  properties: { cursor: { type: 'string' }, server: { type: 'string' } },
  additionalProperties: false,
};

export const LIST_ERROR_MODES = [
  "unknown MCP server '<name>' for the selected environment: a server that is not this one.",
  'cursor can only be used when a server is specified.',
];

/** The listing's JSON: "server" first when one was named (an empty name means every server). */
export const listed = (server: string | undefined, key: string, items: unknown[]) =>
  JSON.stringify(server !== undefined && server !== '' ? { server, [key]: items } : { [key]: items });
