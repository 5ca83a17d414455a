// The 2026-07-28 revision (stateless) beside 2025-11-25, driven by the official v2 client
// (@modelcontextprotocol/client) over real HTTP and a real `facet mcp` on stdio: no
// initialize and no Mcp-Session-Id, the Facet session named by the request (facet-session
// header or _meta["facet/session"]) and shared with 2025-11-25 clients naming the same one,
// cache hints on the catalogs, and subscriptions/listen announcing a changed file.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { CLI, connectHttp } from './fixture.js';

let server: TestServer;
let root: { dir: string; cleanup: () => void };

before(async () => {
  root = tempDir('facet-mcp-modern-');
  server = await startTestServer(['--root', root.dir, '--shape', 'core', '--mcp-listen', '127.0.0.1:0']);
});
after(async () => {
  await server?.close();
  root?.cleanup();
});

const MODERN = { versionNegotiation: { mode: { pin: '2026-07-28' } } } as const;

async function modernHttp(
  headers: Record<string, string> = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.server.mcpUrl}/core`), {
    requestInit: { headers },
  });
  const client = new Client({ name: 'facet-test', version: '1.0.0' }, MODERN);
  await client.connect(transport);
  return { client, transport };
}

const text = (r: object): string =>
  (((r as { content?: unknown }).content ?? []) as Array<{ type: string; text?: string }>)
    .map((c) => c.text ?? '')
    .join('\n');

test('2026-07-28 over HTTP: discover, no MCP session, the same catalog as 2025-11-25', async () => {
  const { client, transport } = await modernHttp();
  try {
    assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
    assert.equal(transport.sessionId, undefined);
    assert.deepEqual(client.getDiscoverResult()?.supportedVersions, ['2026-07-28']);
    const modern = await client.listTools();
    const legacy = await connectHttp(`${server.server.mcpUrl}/core`);
    try {
      const old = await legacy.client.listTools();
      assert.deepEqual(
        modern.tools.map((t) => t.name),
        old.tools.map((t) => t.name),
      );
    } finally {
      await legacy.close();
    }
  } finally {
    await client.close();
  }
});

test('2026-07-28: catalogs carry cache hints (public, five minutes); resources are never cached', async () => {
  const res = await fetch(`${server.server.mcpUrl}/core`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('mcp-session-id'), null);
  const body = (await res.json()) as { result: { ttlMs: number; cacheScope: string; resultType: string } };
  assert.deepEqual(
    [body.result.ttlMs, body.result.cacheScope, body.result.resultType],
    [300_000, 'public', 'complete'],
  );
});

test('2026-07-28: the facet-session header and _meta["facet/session"] name the Facet session, shared with 2025-11-25', async () => {
  const file = path.join(root.dir, 'shared.txt');
  writeFileSync(file, 'one\n');
  const named = await modernHttp({ 'facet-session': 'conv-a' });
  const unnamed = await modernHttp();
  const legacy = await connectHttp(`${server.server.mcpUrl}/core`, { headers: { 'facet-session': 'conv-a' } });
  const legacyUnnamed = await connectHttp(`${server.server.mcpUrl}/core`);
  const sessions = () =>
    server.logs.filter((l) => l.rpc === 'tools/call' && l.tool === 'fs.stat').map((l) => String(l.session));
  const before = sessions().length;
  try {
    const stat = { name: 'fs.stat', arguments: { path: file } };
    await named.client.callTool(stat);
    await named.client.callTool({ ...stat, _meta: { 'facet/session': 'conv-m' } });
    await unnamed.client.callTool(stat);
    await legacy.client.callTool(stat);
    await legacyUnnamed.client.callTool(stat);
    const seen = sessions().slice(before);
    assert.deepEqual(seen.slice(0, 4), ['conv-a', 'conv-m', 'default', 'conv-a']);
    // A 2025 client that names none is in its MCP session's own.
    assert.match(seen[4]!, /^mcp-[0-9a-f-]{36}$/);
  } finally {
    await Promise.all([named.client.close(), unnamed.client.close(), legacy.close(), legacyUnnamed.close()]);
  }
});

test('2026-07-28: subscriptions/listen announces a change to a file under the roots', async () => {
  const file = path.join(root.dir, 'watched.txt');
  writeFileSync(file, 'before\n');
  const uri = pathToFileURL(file).href;
  const { client } = await modernHttp();
  try {
    const updated = new Promise<string>((resolve) =>
      client.setNotificationHandler('notifications/resources/updated', (n) => resolve(n.params.uri)),
    );
    const sub = await client.listen({ resourceSubscriptions: [uri] });
    writeFileSync(file, 'after\n');
    assert.equal(await updated, uri);
    await sub.close();
  } finally {
    await client.close();
  }
});

test('2026-07-28 on stdio: the first message picks the revision; a modern client lists, calls and listens', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', '--shape', 'core', '--root', root.dir, '--log-level', 'warn'],
    env: { ...(process.env as Record<string, string>) },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'facet-test', version: '1.0.0' }, MODERN);
  await client.connect(transport);
  try {
    assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
    const tools = await client.listTools();
    assert.ok(tools.tools.some((t) => t.name === 'fs_read'));
    writeFileSync(path.join(root.dir, 'stdio.txt'), 'hello stdio\n');
    const read = await client.callTool({ name: 'fs_read', arguments: { path: path.join(root.dir, 'stdio.txt') } });
    assert.match(text(read), /hello stdio/);
    // subscriptions/listen on stdio: the file it names is watched until the stream is closed.
    const file = path.join(root.dir, 'stdio.txt');
    const updated = new Promise<string>((resolve) =>
      client.setNotificationHandler('notifications/resources/updated', (n) => resolve(n.params.uri)),
    );
    const sub = await client.listen({ resourceSubscriptions: [pathToFileURL(file).href] });
    writeFileSync(file, 'changed\n');
    assert.equal(await updated, pathToFileURL(file).href);
    await sub.close();
  } finally {
    await client.close();
  }
});
