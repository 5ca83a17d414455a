// `npm run vendors:check` offline: the real script run against a registry stub on loopback that
// answers the npm registry's documented GET /<package>/latest, and facts written to a temporary
// vendors directory. Exact output and exit codes: current, behind (diffing the captured facts),
// a successor package, a repository-only vendor, and a registry that cannot answer.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { VERSION } from '../../src/version.js';
import { tempDir } from '../helpers/server.js';

const run = promisify(execFile);
const SCRIPT = path.resolve('scripts/vendors-check.mjs');

/** The latest versions the stub answers with; a package absent here is a 404, as on npm. */
let latest: Record<string, string> = {};
const asked: string[] = [];
let registry: http.Server;
let url: string;
let vendors: { dir: string; cleanup: () => void };

before(async () => {
  registry = http.createServer((req, res) => {
    asked.push(req.url!);
    const m = /^\/(.+)\/latest$/.exec(req.url!);
    const pkg = m ? decodeURIComponent(m[1]!) : '';
    const version = latest[pkg];
    res.writeHead(version ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        version ? { name: pkg, version, dist: { tarball: `${url}/${pkg}/-/x.tgz` } } : { error: 'Not found' },
      ),
    );
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
  vendors = tempDir('facet-vendors-');
  const facts = (shape: string, version: string, tools: unknown[]) => {
    mkdirSync(path.join(vendors.dir, shape), { recursive: true });
    writeFileSync(
      path.join(vendors.dir, shape, `${version}.json`),
      JSON.stringify({ vendor: shape, source: 'test', tools }),
    );
  };
  const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
    type: 'object',
    properties,
    required,
  });
  facts('claude', '2.1.332', [
    { name: 'Read', parameters: obj({ file_path: { type: 'string' } }, ['file_path']) },
    { name: 'TaskOutput', parameters: obj({ task_id: { type: 'string' } }) },
    { name: 'Bash', parameters: obj({ command: { type: 'string' }, timeout: { type: 'number' } }) },
  ]);
  facts('claude', '2.1.340', [
    { name: 'Read', parameters: obj({ file_path: { type: 'string' }, pages: { type: 'string' } }, ['file_path']) },
    { name: 'Bash', parameters: obj({ command: { type: 'string' }, timeout: { type: 'integer' } }) },
    { name: 'TaskCreate', parameters: obj({ subject: { type: 'string' } }) },
    { name: 'Monitor', parameters: obj({}) },
  ]);
  facts('grok', '1.1.7', [{ name: 'bash', parameters: obj({ command: { type: 'string' } }) }]);
  facts('grok', '1.2.0', [{ name: 'bash', parameters: obj({ command: { type: 'string' } }) }]);
  facts('qwen', '0.15.10', [
    { name: 'grep_search', variant: 'ripgrep', parameters: obj({ pattern: { type: 'string' } }) },
    {
      name: 'grep_search',
      variant: 'fallback',
      parameters: obj({ pattern: { type: 'string' }, path: { type: 'string' } }),
    },
  ]);
  facts('qwen', '0.24.4', [
    {
      name: 'grep_search',
      variant: 'ripgrep',
      parameters: obj({ pattern: { type: 'string' }, glob: { type: 'string' } }),
    },
    {
      name: 'grep_search',
      variant: 'fallback',
      parameters: obj({ pattern: { type: 'string' }, path: { type: 'string' } }),
    },
  ]);
});

after(async () => {
  vendors?.cleanup();
  await new Promise<void>((resolve) => registry.close(() => resolve()));
});

async function check(): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, '--registry', url, '--vendors', vendors.dir], {
      env: { PATH: process.env.PATH },
    });
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

const HEAD = (dir: string, registryUrl: string) => `vendors:check: registry ${registryUrl}; facts in ${dir}`;
const CORE = `core: Facet's own tools (${VERSION}): nothing to check`;
const GROK =
  "grok: serves 1.1.7 (grok-dev); grok-dev is not on the npm registry: check the tags of https://github.com/superagent-ai/grok-cli (git ls-remote --tags https://github.com/superagent-ai/grok-cli 'grok-dev@*')";

test('behind, with the captured facts diffed; a successor package; a repository-only vendor; the API shapes', async () => {
  latest = {
    '@anthropic-ai/claude-code': '2.1.340',
    '@openai/codex': '0.171.0',
    '@google/gemini-cli': '0.61.0',
    '@qwen-code/qwen-code': '0.24.4',
    '@moonshot-ai/kimi-code': '2.1.0',
  };
  asked.length = 0;
  const { code, stdout } = await check();
  const d = vendors.dir;
  assert.equal(
    stdout,
    [
      HEAD(d, url),
      CORE,
      "claude: behind: serves 2.1.332 (@anthropic-ai/claude-code); the registry's latest is 2.1.340",
      `  facts: ${d}/claude/2.1.332.json -> ${d}/claude/2.1.340.json`,
      '  tools added: TaskCreate, Monitor',
      '  tools removed: TaskOutput',
      '  parameters changed:',
      '    Read: + properties.pages',
      '    Bash: ~ properties.timeout.type',
      "codex: current: serves 0.171.0 (@openai/codex), the registry's latest",
      "gemini: current: serves 0.61.0 (@google/gemini-cli), the registry's latest",
      "qwen: current: serves 0.24.4 (@qwen-code/qwen-code), the registry's latest",
      "kimi: current: serves 2.1.0 (@moonshot-ai/kimi-code), the registry's latest",
      GROK,
      '  newer facts captured: 1.2.0',
      `  facts: ${d}/grok/1.1.7.json -> ${d}/grok/1.2.0.json`,
      '  same tool names and parameter schemas',
      "anthropic: follows Anthropic Messages API (20250818): check the vendor's API documentation for newer tool versions",
      "openai: follows OpenAI Responses API (2026-08-21): check the vendor's API documentation for newer tool versions",
      '',
    ].join('\n'),
  );
  assert.equal(code, 1);
  // Scoped names keep their @ and send the slash encoded, as npm's client does; nothing else is asked.
  assert.deepEqual(asked, [
    '/@anthropic-ai%2fclaude-code/latest',
    '/@openai%2fcodex/latest',
    '/@google%2fgemini-cli/latest',
    '/@qwen-code%2fqwen-code/latest',
    '/@moonshot-ai%2fkimi-code/latest',
  ]);
});

test('a release newer than any captured facts says where to capture them; a registry that cannot answer exits 2', async () => {
  latest = {
    '@anthropic-ai/claude-code': '2.1.400',
    '@openai/codex': '0.171.0',
    '@google/gemini-cli': '0.61.0',
    '@qwen-code/qwen-code': '0.24.4',
  };
  const { code, stdout } = await check();
  const lines = stdout.split('\n');
  assert.deepEqual(lines.slice(2, 4), [
    "claude: behind: serves 2.1.332 (@anthropic-ai/claude-code); the registry's latest is 2.1.400",
    `  no captured facts for 2.1.400: capture them as ${vendors.dir}/claude/2.1.400.json (see vendors/README.md)`,
  ]);
  assert.equal(lines[6], "qwen: current: serves 0.24.4 (@qwen-code/qwen-code), the registry's latest");
  assert.equal(
    lines[7],
    `kimi: serves 2.1.0 (@moonshot-ai/kimi-code); could not ask the registry: ${url}/@moonshot-ai%2fkimi-code/latest answered HTTP 404`,
  );
  assert.equal(code, 2);
});
