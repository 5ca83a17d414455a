// The language-server client (vscode-jsonrpc, vscode-languageserver-protocol and -types, ~300 KB
// of JavaScript) loads with the first language server, not with the engine (issue 38): a serving
// `facet mcp` or `facet serve` has not loaded it; a call that uses a language server has.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { ToolboxClient } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { loadedBy, packagesIn, preloadFlags } from '../helpers/loaded-modules.js';
import { callTool, listeningPort, tempDir } from '../helpers/server.js';
import { lspArgs } from '../engine/lsp/lsp-args.js';

const CLI = path.resolve('dist/src/cli.js');
const VSCODE = ['vscode-jsonrpc', 'vscode-languageserver-protocol', 'vscode-languageserver-types'];
const LIMIT = { timeout: 180_000 };

/** A project with one TypeScript file, a log for the preload, and `facet <args>` started on it, language servers on. */
function start(dir: string, args: string[]): { child: ChildProcess; log: string } {
  mkdirSync(path.join(dir, 'ts'));
  writeFileSync(path.join(dir, 'ts', 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true } }));
  writeFileSync(path.join(dir, 'ts', 'a.ts'), 'export const one: number = 1;\n');
  const log = path.join(dir, 'loaded.txt');
  writeFileSync(log, '');
  // Wide language-server bounds: a cold tsserver on a loaded machine still answers.
  const child = spawn(process.execPath, [...preloadFlags(dir), CLI, ...args, ...lspArgs(dir)], {
    env: { ...process.env, LOADED_LOG: log },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return { child, log };
}

test('facet mcp answers initialize without the LSP client; a write of a .ts file loads it', LIMIT, async () => {
  const { dir, cleanup } = tempDir('facet-lazy-lsp-');
  const { child, log } = start(dir, ['mcp', '--shape', 'claude']);
  const answers = new Map<number, unknown>();
  let buf = '';
  child.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      const msg = JSON.parse(buf.slice(0, nl)) as { id?: number };
      buf = buf.slice(nl + 1);
      if (typeof msg.id === 'number') answers.set(msg.id, msg);
    }
  });
  const send = (m: object) => child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
  const answer = async (id: number) => {
    while (!answers.has(id)) await new Promise((r) => setTimeout(r, 20));
    return JSON.stringify(answers.get(id));
  };
  try {
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'lazy', version: '0' } },
    });
    assert.match(await answer(1), /"protocolVersion":"2025-06-18"/);
    const atStart = await loadedBy(child, log);
    assert.ok(atStart.includes('/src/engine/lsp/pool.ts'), 'the log records what the server loaded');
    assert.deepEqual(packagesIn(atStart, VSCODE), [], 'loaded before the first language server');

    send({ method: 'notifications/initialized' });
    send({
      id: 2,
      method: 'tools/call',
      params: { name: 'Write', arguments: { file_path: path.join(dir, 'ts', 'b.ts'), content: 'export {};\n' } },
    });
    assert.match(await answer(2), /File created successfully/);
    // The write started the server, whose start loads the client: it is loading or loaded by now.
    let loaded: string[] = [];
    while (loaded.length < VSCODE.length) loaded = packagesIn(await loadedBy(child, log), VSCODE);
    assert.deepEqual(loaded, VSCODE);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    cleanup();
  }
});

test('facet serve accepts calls without the LSP client; code.diagnostics loads it', LIMIT, async () => {
  const { dir, cleanup } = tempDir('facet-lazy-lsp-');
  const { child, log } = start(dir, ['serve', '--listen', '127.0.0.1:0', '--shape', 'core']);
  try {
    const port = await listeningPort(child);
    assert.deepEqual(packagesIn(await loadedBy(child, log), VSCODE), [], 'loaded before the first language server');
    const client = new ToolboxClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    const res = await callTool(client, 'code.diagnostics', { path: 'ts/a.ts' }, { shape: 'core', deadlineMs: 170_000 });
    client.close();
    assert.equal(res.error, '');
    assert.deepEqual(packagesIn(await loadedBy(child, log), VSCODE), VSCODE);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    cleanup();
  }
});
