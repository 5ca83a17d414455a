// The Streamable HTTP endpoint beside gRPC: Origin checks (DNS-rebinding protection), the
// bearer token, shapes by path, and MCP sessions as Facet sessions (each its own, shared
// by its calls), on the same process as gRPC.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { originAllowed } from '../../src/server/mcp/http.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { connectHttp, connectStdio, until } from './fixture.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

function post(url: string, headers: Record<string, string>, body: unknown = INITIALIZE): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

const text = (r: CallToolResult): string =>
  r.content
    .filter((c) => c.type === 'text')
    .map((c) => (c as { text: string }).text)
    .join('\n');

let dir: string;
let cleanup: () => void;

before(() => {
  ({ dir, cleanup } = tempDir('facet-mcp-http-'));
  mkdirSync(path.join(dir, 'sub'));
});
after(() => cleanup?.());

test('originAllowed: no Origin, loopback origins and configured ones; nothing else', () => {
  assert.equal(originAllowed(undefined, []), true);
  assert.equal(originAllowed('http://localhost:5173', []), true);
  assert.equal(originAllowed('http://127.0.0.1', []), true);
  assert.equal(originAllowed('http://[::1]:8080', []), true);
  assert.equal(originAllowed('https://evil.example', []), false);
  assert.equal(originAllowed('http://localhost.evil.example', []), false);
  assert.equal(originAllowed('null', []), false);
  assert.equal(originAllowed('https://app.example', ['https://app.example']), true);
});

describe('MCP over HTTP, no token', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(['--root', dir, '--shape', 'core,claude', '--mcp-listen', '127.0.0.1:0']);
  });
  after(() => server?.close());

  test('a foreign Origin is refused with 403; a loopback Origin is served', async () => {
    const refused = await post(server.server.mcpUrl!, { origin: 'https://evil.example' });
    assert.equal(refused.status, 403);
    assert.match(
      ((await refused.json()) as { error: { message: string } }).error.message,
      /Origin https:\/\/evil\.example is not allowed/,
    );
    const served = await post(server.server.mcpUrl!, { origin: 'http://localhost:3000' });
    assert.equal(served.status, 200);
    assert.ok(served.headers.get('mcp-session-id'));
    await served.body?.cancel();
  });

  test('shapes by path; an unknown shape or path is 404; a request without a session that is not initialize is 400', async () => {
    const claude = await connectHttp(`${server.server.mcpUrl}/claude`);
    assert.equal(claude.client.getServerVersion()?.name, 'facet-claude');
    await claude.close();
    const core = await connectHttp(server.server.mcpUrl!);
    assert.equal(core.client.getServerVersion()?.name, 'facet-core');
    await core.close();
    assert.equal((await post(`${server.server.mcpUrl}/gemini`, {})).status, 404);
    assert.equal((await post(server.server.mcpUrl!.replace('/mcp', '/other'), {})).status, 404);
    assert.equal((await post(server.server.mcpUrl!, {}, { jsonrpc: '2.0', id: 2, method: 'tools/list' })).status, 400);
    assert.equal(
      (
        await post(
          server.server.mcpUrl!,
          { 'mcp-session-id': 'no-such-session' },
          { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        )
      ).status,
      404,
    );
  });

  test('a shape by ?shape= or a facet-shape header on /mcp, for clients that post every request to /mcp', async () => {
    const byQuery = await connectHttp(`${server.server.mcpUrl}?shape=claude`);
    const byHeader = await connectHttp(server.server.mcpUrl!, { headers: { 'facet-shape': 'claude' } });
    try {
      for (const c of [byQuery, byHeader]) {
        assert.equal(c.client.getServerVersion()?.name, 'facet-claude');
        const tools = (await c.client.listTools()).tools.map((t) => t.name);
        assert.ok(tools.includes('Bash') && !tools.includes('shell.run'), tools.join(', '));
        const pwd = (await c.client.callTool({ name: 'Bash', arguments: { command: 'pwd' } })) as CallToolResult;
        assert.equal(text(pwd).trim(), dir);
      }
    } finally {
      await byQuery.close();
      await byHeader.close();
    }
    const message = async (r: Response) => ((await r.json()) as { error: { message: string } }).error.message;
    const unknown = await post(server.server.mcpUrl!, { 'facet-shape': 'gemini' });
    assert.equal(unknown.status, 404);
    assert.equal(await message(unknown), 'unknown shape "gemini"; this server serves: core, claude');
    const twice = await post(`${server.server.mcpUrl}/core`, { 'facet-shape': 'claude' });
    assert.equal(twice.status, 400);
    assert.equal(
      await message(twice),
      'the request names more than one shape (core, claude): name one, by path, ?shape= or facet-shape',
    );
    // The same shape named twice is one shape.
    const same = await post(`${server.server.mcpUrl}/claude?shape=claude`, { 'facet-shape': 'claude' });
    assert.equal(same.status, 200);
    await same.body?.cancel();
  });

  test('an MCP session keeps its shape: a request naming another is refused, one naming none is served', async () => {
    const c = await connectHttp(server.server.mcpUrl!, { headers: { 'facet-shape': 'claude' } });
    try {
      const session = (c.client.transport as StreamableHTTPClientTransport).sessionId!;
      const headers = {
        'mcp-session-id': session,
        'mcp-protocol-version': (c.client.transport as StreamableHTTPClientTransport).protocolVersion ?? '2025-11-25',
      };
      const list = { jsonrpc: '2.0', id: 7, method: 'tools/list' };
      const other = await post(server.server.mcpUrl!, { ...headers, 'facet-shape': 'core' }, list);
      assert.equal(other.status, 400);
      assert.equal(
        ((await other.json()) as { error: { message: string } }).error.message,
        `MCP session ${session} serves the shape "claude", not "core"; initialize a new session for that shape`,
      );
      const plain = await post(server.server.mcpUrl!, headers, list);
      assert.equal(plain.status, 200);
      assert.match(await plain.text(), /"name":"Bash"/);
    } finally {
      await c.close();
    }
  });

  test('an MCP session is one Facet session: its calls share the directory; another session has its own', async () => {
    const a = await connectHttp(server.server.mcpUrl!);
    const b = await connectHttp(server.server.mcpUrl!);
    try {
      const cd = (await a.client.callTool({ name: 'shell.run', arguments: { command: 'cd sub' } })) as CallToolResult;
      assert.equal(cd.isError, undefined, text(cd));
      const inA = (await a.client.callTool({ name: 'shell.run', arguments: { command: 'pwd' } })) as CallToolResult;
      assert.equal(text(inA).trim().split('\n')[0], path.join(dir, 'sub'));
      const inB = (await b.client.callTool({ name: 'shell.run', arguments: { command: 'pwd' } })) as CallToolResult;
      assert.equal(text(inB).trim().split('\n')[0], dir);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('client roots that do not overlap the server roots refuse every call, saying so', async () => {
    const c = await connectHttp(server.server.mcpUrl!, { roots: ['/'] });
    try {
      // '/' encloses the server root: the server root is kept (never widened).
      const ok = (await c.client.callTool({ name: 'shell.run', arguments: { command: 'pwd' } })) as CallToolResult;
      assert.equal(text(ok).trim().split('\n')[0], dir);
    } finally {
      await c.close();
    }
    const elsewhere = tempDir('facet-mcp-elsewhere-');
    const d = await connectHttp(server.server.mcpUrl!, { roots: [elsewhere.dir] });
    try {
      const refused = (await d.client.callTool({ name: 'fs.list', arguments: { path: dir } })) as CallToolResult;
      assert.equal(refused.isError, true);
      assert.match(text(refused), /none of the client's roots/);
      assert.equal((refused._meta?.['facet/failure'] as { code: string }).code, 'FAILURE_CODE_PERMISSION_DENIED');
    } finally {
      await d.close();
      elsewhere.cleanup();
    }
  });
});

describe('MCP over HTTP with --token', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer([
      '--root',
      dir,
      '--shape',
      'core',
      '--mcp-listen',
      '127.0.0.1:0',
      '--token',
      'sesame',
    ]);
  });
  after(() => server?.close());

  test('no token or a wrong one is 401; the right one is served', async () => {
    const none = await post(server.server.mcpUrl!, {});
    assert.equal(none.status, 401);
    assert.match(((await none.json()) as { error: { message: string } }).error.message, /missing authorization/);
    const wrong = await post(server.server.mcpUrl!, { authorization: 'Bearer nope' });
    assert.equal(wrong.status, 401);
    assert.match(((await wrong.json()) as { error: { message: string } }).error.message, /not valid/);
    const c = await connectHttp(server.server.mcpUrl!, { headers: { authorization: 'Bearer sesame' } });
    const { tools } = await c.client.listTools();
    assert.ok(tools.some((t) => t.name === 'fs_read'));
    await c.close();
  });
});

test(
  'stdio: one connection is one session, and stdout carries only MCP (logs go to stderr)',
  { timeout: 60_000 },
  async () => {
    const c = await connectStdio('core', dir, { logLevel: 'info' });
    try {
      await until(() => c.stderr().includes('serving MCP on stdio'), 'the start-up log line on stderr');
      await c.client.callTool({ name: 'shell.run', arguments: { command: 'cd sub' } });
      const pwd = (await c.client.callTool({ name: 'shell.run', arguments: { command: 'pwd' } })) as CallToolResult;
      assert.equal(text(pwd).trim().split('\n')[0], path.join(dir, 'sub'));
    } finally {
      await c.close();
    }
  },
);

test('a body past --max-message-bytes is answered 413 while the client is still sending, then the connection closes', async () => {
  const server = await startTestServer(['--root', dir, '--mcp-listen', '127.0.0.1:0', '--max-message-bytes', '65536']);
  try {
    const u = new URL(server.server.mcpUrl!);
    // Three times the limit in 16 KiB writes, without waiting for an answer: the refusal comes while
    // the upload runs, and the server reads the rest (up to four times the limit) so the answer arrives.
    const answer = await new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(16384, ' ');
      for (let i = 0; i < 12; i++) req.write(chunk);
      req.end();
    });
    assert.deepEqual(answer, {
      status: 413,
      connection: 'close',
      body: JSON.stringify({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'the body could not be read: larger than 65536 bytes' },
        id: null,
      }),
    });
    // The server goes on serving.
    const served = await post(server.server.mcpUrl!, {});
    assert.equal(served.status, 200);
    await served.body?.cancel();
  } finally {
    await server.close();
  }
});
