// A serving `facet serve` has not loaded the dependencies only some calls need (web, images,
// PDF pages, HTML conversion, MCP, metrics, traces, terminals, glob and gitignore matchers):
// each would add megabytes to every command the server forks. The first web fetch loads undici
// (and turndown for the page), and nothing before it does.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { test } from 'node:test';
import { callTool, tempDir } from '../helpers/server.js';
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

/**
 * A preload for the server process: records every module URL the ESM loader resolves (static
 * and dynamic imports, CommonJS packages imported from ESM included) and, on SIGUSR2, every
 * CommonJS module in require's cache (what createRequire loaded) to $LOADED_LOG.
 */
function writePreload(dir: string): string {
  const hooks = path.join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(process.env.LOADED_LOG, r.url + '\\n');
  return r;
}\n`,
  );
  const preload = path.join(dir, 'preload.mjs');
  writeFileSync(
    preload,
    `import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
register(${JSON.stringify(pathToFileUrlText(hooks))});
const require = createRequire(import.meta.url);
process.on('SIGUSR2', () => appendFileSync(process.env.LOADED_LOG, Object.keys(require.cache).join('\\n') + '\\nDUMPED\\n'));\n`,
  );
  return preload;
}

const pathToFileUrlText = (p: string) => new URL(`file://${p}`).href;

/**
 * What the bundle's output files hold (scripts/bundle.mjs writes it): a loaded chunk stands for
 * the packages bundled into it, so a package is seen as loaded whether bundled or external.
 */
const bundled = JSON.parse(readFileSync('dist/bundle-meta.json', 'utf8')) as {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
};

/** `loaded` with, after each bundle output it names, the sources bundled into that output. */
function withBundledInputs(loaded: string): string {
  const inputs = Object.entries(bundled.outputs)
    .filter(([out]) => out.endsWith('.js') && loaded.includes(`/${out}`))
    .flatMap(([, o]) => Object.keys(o.inputs).map((i) => `/${i}`));
  return `${loaded}\n${inputs.join('\n')}`;
}

/** The lazy packages named in `loaded` (module URLs and paths, and what loaded chunks hold). */
const lazyIn = (loaded: string) => {
  const all = withBundledInputs(loaded);
  return LAZY.filter((p) => all.includes(`/node_modules/${p}/`));
};

test('a serving facet has loaded none of the seldom-needed dependencies; a web fetch loads undici and turndown', async () => {
  const { dir, cleanup } = tempDir('facet-lazy-');
  const page = createServer((_req, res) => res.end('<html><body><p>hello</p></body></html>'));
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
  const log = path.join(dir, 'loaded.txt');
  writeFileSync(log, '');
  const child = spawn(
    process.execPath,
    [
      '--import',
      writePreload(dir),
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
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /"addresses":\["127\.0\.0\.1:(\d+)"/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
    const dump = async (): Promise<string> => {
      const before = readFileSync(log, 'utf8').split('DUMPED').length;
      child.kill('SIGUSR2');
      for (let i = 0; i < 200 && readFileSync(log, 'utf8').split('DUMPED').length === before; i++)
        await new Promise((r) => setTimeout(r, 25));
      return readFileSync(log, 'utf8');
    };
    const atStart = await dump();
    assert.ok(withBundledInputs(atStart).includes('/src/server/server.ts'), 'the log records what the server loaded');
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
