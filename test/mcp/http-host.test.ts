// The Streamable HTTP endpoint's Host header check (DNS-rebinding protection): a request
// whose Host names something other than this endpoint is refused before anything else is
// looked at; loopback names, the listen address and --mcp-allow-host names are served.
import assert from 'node:assert/strict';
import http from 'node:http';
import os from 'node:os';
import { after, before, describe, test } from 'node:test';
import { ConfigError, parseConfig } from '../../src/config.js';
import { allowedHostNames, hostAllowed } from '../../src/server/mcp/http.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** POSTs initialize to `url` with this Host header (fetch would not let a test set it). */
function postWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

test('hostAllowed: loopback names on any port, the allowed names; nothing else, nor a missing Host', () => {
  const allowed = allowedHostNames('127.0.0.1', ['mcp.example']);
  for (const h of [
    '127.0.0.1:8808',
    '127.0.0.1',
    'localhost:8808',
    'LOCALHOST',
    '127.1.2.3:1',
    '[::1]:8808',
    'mcp.example:443',
    'MCP.example',
  ])
    assert.equal(hostAllowed(h, allowed), true, h);
  for (const h of [
    'evil.example:8808',
    'localhost.evil.example',
    '127.0.0.1.evil.example',
    '10.0.0.1:8808',
    'mcp.example.evil',
    '',
    'a b',
    '[::1',
  ])
    assert.equal(hostAllowed(h, allowed), false, h);
  assert.equal(hostAllowed(undefined, allowed), false);
});

test('allowedHostNames: the listen address, or every address of this machine for a wildcard one', () => {
  assert.deepEqual([...allowedHostNames('192.168.7.9')], ['192.168.7.9']);
  assert.deepEqual([...allowedHostNames('::1')], ['[::1]']);
  assert.deepEqual([...allowedHostNames('mcp.lan', ['x.example'])].sort(), ['mcp.lan', 'x.example']);
  const everywhere = allowedHostNames('0.0.0.0');
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4') assert.ok(everywhere.has(a.address), a.address);
  assert.ok(!everywhere.has('evil.example'));
});

test('--mcp-allow-host takes host names without a port, written as the Host check reads them', () => {
  const dir = tempDir('facet-mcp-host-');
  try {
    const config = parseConfig(['--root', dir.dir, '--mcp-allow-host', 'MCP.Example,10.0.0.5,::1'], {});
    assert.deepEqual(config.mcpAllowHosts, ['mcp.example', '10.0.0.5', '[::1]']);
    for (const bad of ['mcp.example:8808', 'http://mcp.example', 'a/b'])
      assert.throws(
        () => parseConfig(['--root', dir.dir, '--mcp-allow-host', bad], {}),
        (e: unknown) => e instanceof ConfigError && /--mcp-allow-host/.test(e.message),
        bad,
      );
  } finally {
    dir.cleanup();
  }
});

describe('MCP over HTTP: the Host header', () => {
  let server: TestServer;
  let dir: { dir: string; cleanup: () => void };
  before(async () => {
    dir = tempDir('facet-mcp-host-');
    server = await startTestServer([
      '--root',
      dir.dir,
      '--shape',
      'core',
      '--mcp-listen',
      '127.0.0.1:0',
      '--mcp-allow-host',
      'mcp.example',
    ]);
  });
  after(async () => {
    await server?.close();
    dir?.cleanup();
  });

  test('a foreign Host is refused with 403 and the server logs it; the normal one and an allowed name are served', async () => {
    const url = server.server.mcpUrl!;
    const port = new URL(url).port;
    const refused = await postWithHost(url, `evil.example:${port}`);
    assert.equal(refused.status, 403);
    assert.equal(
      (JSON.parse(refused.body) as { error: { message: string } }).error.message,
      `Host evil.example:${port} is not allowed`,
    );
    assert.ok(
      server.logs.some((l) => l.msg === 'request refused: Host not allowed' && l.host === `evil.example:${port}`),
    );
    // Refused before the path is looked at: an unknown shape tells a foreign page nothing either.
    assert.equal((await postWithHost(`${url}/nope`, `evil.example:${port}`)).status, 403);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `mcp.example:${port}`]) {
      const served = await postWithHost(url, host);
      assert.equal(served.status, 200, `${host}: ${served.body}`);
    }
  });
});
