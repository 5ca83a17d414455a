// A serving `facet serve` has not loaded the dependencies only some calls need (web, images,
// PDF pages, HTML conversion, MCP, metrics, traces, terminals, glob and gitignore matchers):
// each would add megabytes to every command the server forks. The first web fetch loads undici
// (and turndown for the page), and nothing before it does.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { test } from 'node:test';
import { loadedBy, packagesIn, preloadFlags } from '../helpers/loaded-modules.js';
import { callTool, listeningPort, tempDir } from '../helpers/server.js';
import * as grpc from '@grpc/grpc-js';
import { ToolboxClient } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';

const CLI = path.resolve('dist/src/cli.js');
const LAZY = [
  'undici',
  'sharp',
  'execa',
  'turndown',
  'html-to-text',
  'prom-client',
  '@opentelemetry',
  '@modelcontextprotocol',
  '@lydell/node-pty',
  'picomatch',
  'ignore',
];

/** The lazy packages named in `loaded` (as loadedBy gives it). */
const lazyIn = (loaded: string) => packagesIn(loaded, LAZY);

test('a serving facet has loaded none of the seldom-needed dependencies; a web fetch loads undici and turndown', async () => {
  const { dir, cleanup } = tempDir('facet-lazy-');
  const page = createServer((_req, res) => res.end('<html><body><p>hello</p></body></html>'));
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
  const log = path.join(dir, 'loaded.txt');
  writeFileSync(log, '');
  const child = spawn(
    process.execPath,
    [
      ...preloadFlags(dir),
      CLI,
      'serve',
      '--root',
      dir,
      '--listen',
      '127.0.0.1:0',
      '--lsp',
      'off',
      '--shape',
      'core',
      '--web-allow-hosts',
      '127.0.0.1',
    ],
    { env: { ...process.env, LOADED_LOG: log }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const port = await listeningPort(child);
    const dump = () => loadedBy(child, log);
    const atStart = await dump();
    assert.ok(atStart.includes('/src/server/server.ts'), 'the log records what the server loaded');
    assert.deepEqual(lazyIn(atStart), [], 'loaded at start-up');

    const client = new ToolboxClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    const res = await callTool(client, 'web.fetch', {
      url: `http://127.0.0.1:${(page.address() as { port: number }).port}/`,
    });
    client.close();
    assert.equal(res.error, '');
    assert.deepEqual(lazyIn(await dump()), ['undici', 'turndown']);
  } finally {
    child.kill('SIGTERM');
    page.close();
    cleanup();
  }
});
