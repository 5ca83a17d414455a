// The npm package: `npm pack` ships the compiled server, the proto contract, README and LICENSE,
// and no test, bench or TypeScript source. Those files alone, with the production dependencies
// beside them as an install puts them (no source tree, no dev dependencies), run `facet tools`,
// `facet mcp` and `facet serve`, with commands on a pseudo-terminal. Without the pseudo-terminal's
// prebuilt platform package (what an unsupported platform gets) the server says so once at
// start-up and every tty answer says it ran on pipes.
//
// No registry is asked: the layout copies the packed files and links the installed packages
// that package-lock.json marks as production ones.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolboxClient } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, tempDir, texts } from '../helpers/server.js';

const REPO = path.resolve('.');
const PTY_BINARY = `@lydell/node-pty-${process.platform}-${process.arch}`;
/** Prints where its output goes: a terminal or not. */
const WHERE = '[ -t 1 ] && echo on-a-terminal || echo on-pipes';

/** The files `npm pack` would put in the tarball (no lifecycle script runs). */
function packedFiles(): string[] {
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const [pack] = JSON.parse(r.stdout) as Array<{ files: Array<{ path: string }> }>;
  return pack!.files.map((f) => f.path).sort();
}

test('npm pack ships the compiled server, the proto contract, README and LICENSE, and nothing else', () => {
  const files = packedFiles();
  const unwanted = files.filter(
    (f) => /(^|\/)(test|bench)\//.test(f) || /\.(ts|mts|cts|map)$/.test(f) || /^(src|scripts|\.ci|deploy)\//.test(f),
  );
  assert.deepEqual(unwanted, []);
  const outside = files.filter((f) => !f.startsWith('dist/src/') && !f.startsWith('proto/'));
  assert.deepEqual(outside, ['LICENSE', 'README.md', 'package.json']);
  for (const f of [
    'dist/src/cli.js',
    'dist/src/gen/descriptor-set.js',
    'proto/codefly/services/toolbox/v0/toolbox.proto',
    'proto/facet/toolbox/v1/stream.proto',
  ]) {
    assert.ok(files.includes(f), `${f} is packed`);
  }
  assert.ok(
    files.every((f) => f.startsWith('proto/') || f.endsWith('.js') || outside.includes(f)),
    'dist/src holds JavaScript only',
  );
});

/**
 * An installed package in `dir`: the packed files, and node_modules linking every production
 * package installed here. `withoutPty`: the pseudo-terminal package is copied without its
 * platform binary package, as on a platform it has none for.
 */
function installed(dir: string, withoutPty = false): string {
  const pkg = path.join(dir, 'facet');
  for (const f of packedFiles()) {
    mkdirSync(path.dirname(path.join(pkg, f)), { recursive: true });
    copyFileSync(path.join(REPO, f), path.join(pkg, f));
  }
  const lock = JSON.parse(readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  for (const [key, entry] of Object.entries(lock.packages)) {
    // Top-level packages only: a nested one lives inside its parent, which the link reaches.
    if (!/^node_modules\/(@[^/]+\/)?[^/]+$/.test(key) || entry.dev || !existsSync(path.join(REPO, key))) continue;
    const target = path.join(pkg, key);
    mkdirSync(path.dirname(target), { recursive: true });
    if (withoutPty && key === `node_modules/${PTY_BINARY}`) continue;
    // A copy, not a link: a linked package resolves its own imports from the real node_modules, which has the binary
    // package.
    if (withoutPty && key === 'node_modules/@lydell/node-pty')
      cpSync(path.join(REPO, key), target, { recursive: true });
    else symlinkSync(path.join(REPO, key), target, 'dir');
  }
  return path.join(pkg, 'dist/src/cli.js');
}

/** `facet serve` from `cli` on a free loopback port; its log lines (stdout) so far, and a client. */
async function serve(cli: string, root: string) {
  const child = spawn(
    process.execPath,
    [
      cli,
      'serve',
      '--listen',
      '127.0.0.1:0',
      '--root',
      root,
      '--lsp',
      'off',
      '--shape',
      'core',
      '--shape',
      'codex',
      '--state-dir',
      path.join(root, '..', 'state'),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"addresses":\["127\.0\.0\.1:(\d+)"/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`facet serve exited with ${code}: ${out}${err}`)));
  });
  const client = new ToolboxClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return {
    client,
    /** Resolves once a log line holding `text` has arrived (logs are written asynchronously). */
    untilLog: (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!out.includes(text)) return;
          child.stdout!.off('data', check);
          resolve();
        };
        child.stdout!.on('data', check);
        check();
      }),
    logs: () =>
      out
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    async stop() {
      client.close();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts `WHERE` with tty: true through core's shell.start and returns the answer's text once it printed. */
async function ttyStart(client: ToolboxClient): Promise<string> {
  const res = await callTool(
    client,
    'shell.start',
    { command: `${WHERE}; sleep 30`, tty: true, wait_ms: 30000 },
    { shape: 'core' },
  );
  assert.equal(res.error, '');
  return texts(res).join('\n');
}

test('the installed package alone runs facet tools, facet mcp and facet serve, with commands on a pseudo-terminal', async () => {
  const { dir, cleanup } = tempDir('facet-package-');
  try {
    const cli = installed(dir);
    const root = path.join(dir, 'project');
    mkdirSync(root);

    const tools = spawnSync(process.execPath, [cli, 'tools', '--shape', 'core'], { cwd: root, encoding: 'utf8' });
    assert.equal(tools.status, 0, tools.stderr);
    const count = Number(/^core: (\d+) tools\n/.exec(tools.stdout)?.[1]);
    assert.match(tools.stdout, /^shell\.start +Start a long-running or interactive command/m);

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp', '--shape', 'core', '--root', root, '--state-dir', path.join(dir, 'state')],
      cwd: root,
      stderr: 'pipe',
    });
    let mcpErr = '';
    transport.stderr?.on('data', (d: Buffer) => (mcpErr += d.toString()));
    const mcp = new Client({ name: 'facet-package-test', version: '1.0.0' });
    await mcp.connect(transport);
    try {
      assert.equal((await mcp.listTools()).tools.length, count);
      const started = await mcp.callTool({
        name: 'shell.start',
        arguments: { command: `${WHERE}; sleep 30`, tty: true, wait_ms: 30000 },
      });
      const text = (started.content as Array<{ text?: string }>).map((c) => c.text).join('\n');
      assert.match(text, /^Started job [0-9a-f]{8} \(pid \d+\)\.\non-a-terminal\r?\n/);
      assert.doesNotMatch(text, /pseudo-terminal/);
    } finally {
      await mcp.close();
    }
    assert.doesNotMatch(mcpErr, /pseudo-terminal/);

    const server = await serve(cli, root);
    try {
      const text = await ttyStart(server.client);
      assert.match(text, /^Started job [0-9a-f]{8} \(pid \d+\)\.\non-a-terminal\r?\n/);
      assert.deepEqual(
        server.logs().filter((l) => l.level === 40),
        [],
      );
    } finally {
      await server.stop();
    }
  } finally {
    cleanup();
  }
});

test('without a pseudo-terminal the server warns once (at the first tty command), and every tty answer says it ran on pipes', async () => {
  const { dir, cleanup } = tempDir('facet-package-');
  try {
    const cli = installed(dir, true);
    const root = path.join(dir, 'project');
    mkdirSync(root);
    const reason =
      `@lydell/node-pty cannot be loaded: The @lydell/node-pty package supports your platform (${process.platform}-${process.arch}), ` +
      `but it could not find the binary package for it: ${PTY_BINARY}/pty.node`;
    const server = await serve(cli, root);
    try {
      const started = await ttyStart(server.client);
      const id = /^Started job ([0-9a-f]{8})/.exec(started)?.[1];
      assert.ok(id, started);
      const note = `Note: no pseudo-terminal on this server (${reason}); job ${id} runs on pipes, not a terminal.`;
      assert.match(started, new RegExp(`^Started job ${id} \\(pid \\d+\\)\\.\\n${escape(note)}\\non-pipes\\n`));

      const output = await callTool(server.client, 'shell.output', { id }, { shape: 'core' });
      assert.equal(texts(output).join('\n').split('\n')[0], note);

      const exec = await callTool(
        server.client,
        'exec_command',
        { cmd: WHERE, tty: true, yield_time_ms: 10000 },
        { shape: 'codex' },
      );
      const lines = texts(exec).join('\n').split('\n');
      assert.deepEqual(lines.slice(2), [
        'Process exited with code 0',
        `Note: no pseudo-terminal on this server (${reason}); the process runs on pipes, not a terminal.`,
        'Original token count: 3',
        'Output:',
        'on-pipes',
        '',
      ]);

      await server.untilLog('no pseudo-terminal');
      const warnings = server.logs().filter((l) => l.level === 40);
      assert.deepEqual(
        warnings.map((w) => [w.msg, w.reason, w.tty]),
        [
          [
            'no pseudo-terminal: commands asked to run on a terminal (tty) run on pipes, and their answers say so',
            reason,
            'pipes',
          ],
        ],
      );
    } finally {
      await server.stop();
    }
  } finally {
    cleanup();
  }
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
