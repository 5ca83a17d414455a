// Qwen Code's read-mcp-resource.test.ts (@05061c17, 6 cases, it.each counted per message) replayed
// against qwen@0.24.4's read_mcp_resource over a real server: the MCP server is Facet itself
// (server_name facet-qwen), its resources the roots and the instruction files.
// Counts (checked by the ledger test): matched 2, deliberate 0, skipped 4 of 6.
// Skipped (4): a blob resource and a resource with no contents (Facet serves neither: its
//   resources are the roots' JSON and instruction files' text), and a disabled server or an
//   untrusted folder (states the host's MCP settings have; Facet has no such state).
// Note: the stored test also says the tool is not deferred; the 0.24.4 capture defers it (it is
//   reached through tool_search/tool_call, or called directly, as here).
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { serverFixture } from '../../helpers/server.js';
import { caller } from '../gemini/harness.js';
import { ledger } from './ledger.js';

const FILE = 'read-mcp-resource.test.ts';
const { replay, check } = ledger({
  [FILE]: {
    total: 6,
    deliberate: {},
    skipped: 'a blob resource, an empty resource (Facet serves neither), a disabled server, an untrusted folder',
  },
});

describe('Qwen Code read-mcp-resource.test.ts replayed against qwen@0.24.4', () => {
  const { t, dir } = serverFixture({ shape: 'qwen', prefix: 'facet-qwen-mcp-resource-' });
  const call = caller(() => t, 'qwen@0.24.4', 'mcp-resource');

  replay(FILE, 'reads an MCP resource and returns framed content parts', async () => {
    const o = await call('read_mcp_resource', { server_name: 'facet-qwen', uri: 'facet://roots' });
    assert.equal(o.error, '');
    const m =
      /^\n--- Content from MCP resource facet-qwen:facet:\/\/roots \[([0-9a-f]{8})\] ---\n(.*)\n--- End of MCP resource facet-qwen:facet:\/\/roots \[\1\] ---\n$/s.exec(
        o.text,
      );
    assert.ok(m, o.text);
    assert.equal(m[2], JSON.stringify({ roots: [dir] }));
    assert.equal(o.display.summary, 'Read resource facet-qwen:facet://roots');
  });
  replay(FILE, "propagates the read error: MCP server 'asys-mcp-http' is not configured.", async () => {
    const o = await call('read_mcp_resource', { server_name: 'asys-mcp-http', uri: 'asight://skills/x.md' });
    assert.equal(o.error, "MCP server 'asys-mcp-http' is not configured.");
  });

  check({ matched: 2, deliberate: 0, skipped: 4, capture: 0 });
});
