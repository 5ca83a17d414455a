// The SDK's floor for the MCP bench: the SDK's low-level Server on stdio answering every
// tools/call with a fixed result of the same shape and size as Facet's fs.read of the 1 KB
// file (text, structuredContent, _meta), with no tool behind it. What it costs per call is
// what any server built on the SDK pays before doing anything of its own. It writes through
// Facet's stdio transport (responses of one turn in one write), so Facet's CPU less this floor
// is Facet's own work.
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CoalescingStdioServerTransport } from '../src/server/mcp/coalescing-stdio.js';

const file = process.argv[2]!;
const text = readFileSync(file, 'utf8').replace(/\n$/, '');
const result: CallToolResult = {
  content: [{ type: 'text', text }],
  structuredContent: {
    path: file,
    kind: 'text',
    size: 1024,
    startLine: 1,
    endLine: 16,
    hasMore: false,
    totalLines: 16,
    encoding: 'utf8',
    lineEnding: 'lf',
  },
  _meta: {
    'facet/host': { tool: 'fs.read', summary: 'Read one-kb.txt', paths: [file], counts: { lines: 16, bytes: 1024 } },
  },
};
const server = new Server({ name: 'sdk-floor', version: '0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
server.setRequestHandler(CallToolRequestSchema, async () => result);
await server.connect(new CoalescingStdioServerTransport());
