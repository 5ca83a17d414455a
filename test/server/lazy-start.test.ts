// Start-up loads only what the first answer needs (issue 38). `facet mcp --shape claude` answers
// `initialize` without what only some calls need:
// node-pty (the first tty command), the glob and gitignore matchers, ipaddr.js (the first web
// address), the MCP SDK's ajv (the first elicitation), the generated protobuf code (the first
// failed call), grpc-js, and the other shapes' older releases. A refused fetch then loads
// ipaddr.js, the generated Failure code and ajv (Facet's own, for the tool's arguments), and
// nothing else of the list. `facet serve` (nine shapes by default) accepts calls before any
// shape's module is loaded; a shape's first call loads that shape's alone.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as grpc from '@grpc/grpc-js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadedBy, packagesIn, preloadFlags } from '../helpers/loaded-modules.js';
import { ToolboxClient } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { listeningPort, tempDir, unary } from '../helpers/server.js';

const CLI = path.resolve('dist/src/cli.js');
const PACKAGES = [
  '@lydell/node-pty',
  'picomatch',
  'ignore',
  'ipaddr.js',
  'ajv',
  'ajv-formats',
  'fast-uri',
  '@bufbuild/protobuf',
  '@grpc/grpc-js',
];
/** First-party sources a claude server does not need before its first call (or ever: other shapes' tools). */
const SOURCES = [
  'src/gen/codefly/base/',
  'src/shapes/kimi/v1/',
  'src/shapes/qwen/diffs.ts',
  'src/shapes/codex/diffs.ts',
];

const lazyIn = (loaded: string) => [
  ...packagesIn(loaded, PACKAGES),
  ...SOURCES.filter((s) => loaded.includes(`/${s}`)),
];
/** Other shapes' sources loaded: only their release lists (versions.ts), which --shape checks against. */
const otherShapes = (loaded: string) =>
  [...new Set(loaded.match(/\/src\/shapes\/(?!claude\/|kit\/|common\/)[a-z-]+\/[^\n]*/g) ?? [])].filter(
    (f) => !/^\/src\/shapes\/[a-z]+\/versions\.ts$/.test(f),
  );

test('facet mcp answers initialize without the seldom-needed code; a refused fetch loads the address checks and the Failure', async () => {
  const { dir, cleanup } = tempDir('facet-lazy-mcp-');
  const log = path.join(dir, 'loaded.txt');
  writeFileSync(log, '');
  const child = spawn(
    process.execPath,
    [...preloadFlags(dir), CLI, 'mcp', '--shape', 'claude', '--root', dir, '--lsp', 'off'],
    { env: { ...process.env, LOADED_LOG: log }, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const answers = new Map<number, string>();
  let buf = '';
  child.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      const id = (JSON.parse(line) as { id?: unknown }).id;
      if (typeof id === 'number') answers.set(id, line);
    }
  });
  const send = (m: object) => child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
  const answer = async (id: number) => {
    while (!answers.has(id)) await new Promise((r) => setTimeout(r, 20));
    return answers.get(id)!;
  };
  try {
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'lazy', version: '0' } },
    });
    assert.match(await answer(1), /"protocolVersion":"2025-11-25"/);
    const atStart = await loadedBy(child, log);
    assert.ok(atStart.includes('/src/shapes/claude/index.ts'), 'the log records what the server loaded');
    assert.deepEqual(lazyIn(atStart), [], 'loaded before the first call');
    assert.deepEqual(otherShapes(atStart), []);

    send({ method: 'notifications/initialized' });
    send({
      id: 2,
      method: 'tools/call',
      params: { name: 'WebFetch', arguments: { url: 'http://127.0.0.1:9/', prompt: 'what does it say?' } },
    });
    assert.match(await answer(2), /"isError":true/);
    assert.match(await answer(2), /"facet\/failure":\{"code":"FAILURE_CODE_/);
    // ajv: the tool's arguments are validated (compiled at a tool's first call).
    assert.deepEqual(lazyIn(await loadedBy(child, log)), [
      'ipaddr.js',
      'ajv',
      'ajv-formats',
      'fast-uri',
      '@bufbuild/protobuf',
      'src/gen/codefly/base/',
    ]);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    cleanup();
  }
});

/** The shapes whose modules `loaded` holds (their index.ts). */
const shapesIn = (loaded: string) =>
  [...new Set(loaded.match(/\/src\/shapes\/[a-z]+\/index\.ts/g) ?? [])].map((f) => f.split('/')[3]).sort();

test('facet serve accepts calls before any shape is loaded; the first call of a shape loads that shape', async () => {
  const { dir, cleanup } = tempDir('facet-lazy-serve-');
  const log = path.join(dir, 'loaded.txt');
  writeFileSync(log, '');
  const child = spawn(
    process.execPath,
    [...preloadFlags(dir), CLI, 'serve', '--listen', '127.0.0.1:0', '--root', dir, '--lsp', 'off'],
    { env: { ...process.env, LOADED_LOG: log }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const port = await listeningPort(child);
    const atStart = await loadedBy(child, log);
    assert.ok(atStart.includes('/src/server/server.ts'), 'the log records what the server loaded');
    assert.deepEqual(shapesIn(atStart), []);
    const client = new ToolboxClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    const listed = await unary(client.listTools, client, {}, { shape: 'claude' });
    const kimi = await unary(client.listTools, client, {}, { shape: 'kimi@1.49' });
    client.close();
    assert.ok(listed.tools.some((t) => t.name === 'Read'));
    assert.ok(kimi.tools.some((t) => t.name === 'ReadFile'));
    assert.deepEqual(shapesIn(await loadedBy(child, log)), ['claude', 'kimi']);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    cleanup();
  }
});
