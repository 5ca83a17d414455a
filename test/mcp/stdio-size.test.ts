// Big messages over `facet mcp`'s stdio. The SDKs' stdio transports hold at most 10 MiB and close
// the transport past it: a 12 MB write stopped `facet mcp` with no answer. Lines are now framed
// before the SDK sees them (src/server/mcp/line-guard.ts): up to --max-message-bytes a message is
// served, past it the request is answered in band with -32000 and the server goes on.
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { LineGuard, type Oversized } from '../../src/server/mcp/line-guard.js';
import { tempDir } from '../helpers/server.js';
import { CLI, connectStdio } from './fixture.js';

/** Runs `pieces` through a guard of `max` bytes: the chunks it hands on and the lines it refused. */
async function guard(max: number, pieces: Array<string | Buffer>) {
  const refused: Oversized[] = [];
  const out: string[] = [];
  const g = Readable.from(pieces.map((p) => Buffer.from(p))).pipe(new LineGuard(max, (o) => refused.push(o)));
  // As the transports read it: 'data' events, a chunk each.
  g.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  await new Promise((resolve) => g.on('end', resolve));
  return { out, refused };
}

test('the guard hands on whole lines, however they arrive', async () => {
  const { out, refused } = await guard(100, ['{"a":', '1}\n{"b":2}\n{"c"', ':3}\n', '{"d":4}']);
  assert.deepEqual(out, ['{"a":1}\n', '{"b":2}\n', '{"c":3}\n', '{"d":4}']);
  assert.deepEqual(refused, []);
});

test('a line over the limit is dropped as it streams; its id is found at its start or its end', async () => {
  const big = 'x'.repeat(300);
  const { out, refused } = await guard(100, [
    `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"a":"${big.slice(0, 150)}`,
    `${big.slice(150)}"}}\n{"ok":1}\n`,
    `{"method":"tools/call","params":{"a":"${big}"},"jsonrpc":"2.0","id":"req-9"}\n`,
    `{"method":"x","params":{"id":1,"a":"${big}"}}\n`,
    '{"after":true}\n',
  ]);
  assert.deepEqual(out, ['{"ok":1}\n', '{"after":true}\n']);
  assert.deepEqual(refused, [
    { id: 7, bytes: 364 },
    { id: 'req-9', bytes: 370 },
    // An id only inside the params is not the request's: the answer's id is null.
    { id: null, bytes: 339 },
  ]);
});

test('over stdio: 12 MB is written, and past --max-message-bytes the call is refused in band and the server goes on', async () => {
  const { dir, cleanup } = tempDir('facet-mcp-size-');
  const c = await connectStdio('core', dir, { args: ['--lsp', 'off'] });
  try {
    // Over the SDK's own 10 MiB, under Facet's 16 MiB default.
    const content = 'y'.repeat(12_000_000);
    const r = (await c.client.callTool({ name: 'fs_write', arguments: { path: 'big.txt', content } })) as {
      isError?: boolean;
    };
    assert.equal(r.isError, undefined);
    assert.equal(statSync(path.join(dir, 'big.txt')).size, 12_000_000);
  } finally {
    await c.close();
  }
  // The same server with a 1 MiB limit: the SDK client puts the id last, after the arguments.
  const small = await connectStdio('core', dir, { args: ['--lsp', 'off', '--max-message-bytes', '1048576'] });
  try {
    const e = await small.client
      .callTool({ name: 'fs_write', arguments: { path: 'small.txt', content: 'z'.repeat(1_200_000) } })
      .then(
        () => assert.fail('expected a refusal'),
        (err: unknown) => err as McpError,
      );
    assert.ok(e instanceof McpError);
    assert.equal(e.code, -32000);
    assert.match(
      e.message,
      /the message is 1200\d{3} bytes, over the 1048576-byte limit \(--max-message-bytes\); it was not read/,
    );
    const after = (await small.client.callTool({
      name: 'fs_write',
      arguments: { path: 'small.txt', content: 'ok\n' },
    })) as {
      isError?: boolean;
    };
    assert.equal(after.isError, undefined);
    assert.equal(readFileSync(path.join(dir, 'small.txt'), 'utf8'), 'ok\n');
  } finally {
    await small.close();
    cleanup();
  }
});

test('2026-07-28 on stdio: the same limit, refused in band, and the connection goes on', async () => {
  const { dir, cleanup } = tempDir('facet-mcp-size-modern-');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      CLI,
      'mcp',
      '--shape',
      'core',
      '--root',
      dir,
      '--log-level',
      'warn',
      '--lsp',
      'off',
      '--max-message-bytes',
      '1048576',
    ],
    env: { ...(process.env as Record<string, string>) },
    stderr: 'pipe',
  });
  const client = new ModernClient(
    { name: 'facet-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(transport);
  try {
    const e = await client
      .callTool({ name: 'fs_write', arguments: { path: path.join(dir, 'm.txt'), content: 'm'.repeat(1_100_000) } })
      .then(
        () => assert.fail('expected a refusal'),
        (err: unknown) => err as { code?: number; message: string },
      );
    assert.equal(e.code, -32000);
    assert.match(e.message, /over the 1048576-byte limit \(--max-message-bytes\); it was not read/);
    const ok = await client.callTool({
      name: 'fs_write',
      arguments: { path: path.join(dir, 'm.txt'), content: 'fine\n' },
    });
    assert.equal(ok.isError, undefined);
    assert.equal(readFileSync(path.join(dir, 'm.txt'), 'utf8'), 'fine\n');
  } finally {
    await client.close();
    cleanup();
  }
});
