// `facet mcp` reads the first line before it loads either MCP SDK (the first line picks which):
// a whole session piped in at once, ended before the SDK has loaded, is still answered; and
// the envelope key it looks for is the v2 SDK's own.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { PROTOCOL_VERSION_META_KEY as SDK_KEY } from '@modelcontextprotocol/server';
import { PROTOCOL_VERSION_META_KEY } from '../../src/server/mcp/stdio.js';
import { tempDir } from '../helpers/server.js';
import { CLI } from './fixture.js';

test('the opening check names the v2 SDK envelope key', () => {
  assert.equal(PROTOCOL_VERSION_META_KEY, SDK_KEY);
});

test('an initialize piped in and ended at once is answered before facet mcp stops', () => {
  const { dir, cleanup } = tempDir('facet-mcp-pipe-');
  try {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '0' } },
    };
    const r = spawnSync(process.execPath, [CLI, 'mcp', '--shape', 'core', '--root', dir, '--lsp', 'off'], {
      input: `${JSON.stringify(initialize)}\n`,
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 1, r.stdout);
    const reply = JSON.parse(lines[0]!) as {
      id: number;
      result: { protocolVersion: string; serverInfo: { name: string } };
    };
    assert.deepEqual(
      { id: reply.id, protocolVersion: reply.result.protocolVersion, server: reply.result.serverInfo.name },
      { id: 1, protocolVersion: '2025-06-18', server: 'facet-core' },
    );
  } finally {
    cleanup();
  }
});
