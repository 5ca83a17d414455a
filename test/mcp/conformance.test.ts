// The official MCP conformance suite (@modelcontextprotocol/conformance, server scenarios,
// 2025-11-25) against a real Facet serving core over Streamable HTTP. The suite needs Node >= 22:
// it runs on the npm `node` package's binary, installed apart in test/conformance/node (see its
// package.json) so the system's node keeps running everything else. Every scenario must pass
// except those in test/conformance/expected-failures.yml, which need the suite's own fixtures;
// a listed scenario that passes fails too (the suite calls the baseline stale).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const NODE22 = path.resolve('test/conformance/node/node_modules/node/bin/node');
const SUITE = path.resolve('node_modules/@modelcontextprotocol/conformance/dist/index.js');
const BASELINE = path.resolve('test/conformance/expected-failures.yml');

let server: TestServer;
let root: { dir: string; cleanup: () => void };
let out: { dir: string; cleanup: () => void };

before(async () => {
  root = tempDir('facet-conformance-root-');
  out = tempDir('facet-conformance-out-');
  server = await startTestServer(['--root', root.dir, '--shape', 'core', '--mcp-listen', '127.0.0.1:0']);
});
after(async () => {
  await server?.close();
  root?.cleanup();
  out?.cleanup();
});

test('conformance suite 0.1.16: every server scenario passes but the fixture ones in the baseline', async () => {
  assert.ok(
    existsSync(NODE22),
    `no Node 22 at ${NODE22}: npm install (its postinstall installs test/conformance/node)`,
  );
  const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
    execFile(
      NODE22,
      [SUITE, 'server', '--url', `${server.server.mcpUrl}/core`, '--expected-failures', BASELINE, '-o', out.dir],
      { cwd: out.dir, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (err, stdout) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
    );
  });
  const summary = stdout.slice(stdout.indexOf('=== SUMMARY ==='));
  assert.match(summary, /Baseline check passed: all failures are expected\./, summary);
  const passed = [...summary.matchAll(/✓ (\S+):/g)].map((m) => m[1]).sort();
  assert.deepEqual(passed, [
    'dns-rebinding-protection',
    'logging-set-level',
    'ping',
    'prompts-list',
    'resources-list',
    'server-initialize',
    'server-sse-multiple-streams',
    'tools-call-error',
    'tools-call-simple-text',
    'tools-list',
  ]);
  assert.equal(code, 0, summary);
});
