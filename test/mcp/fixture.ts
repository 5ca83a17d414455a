// MCP test clients: the SDK's own Client over real stdio (a spawned `facet mcp`) and over
// Streamable HTTP (a real server started with --mcp-listen), plus the per-shape facts the
// tests need (which tool reads, which runs a command, how arguments are spelt).
import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/server/logger.js';
import { buildRuntime } from '../../src/server/runtime.js';
// Every shape registered: buildRuntime builds them synchronously (a server loads its own first).
import '../../src/shapes/index.js';

export const CLI = path.resolve('dist/src/cli.js');

export interface Connected {
  client: Client;
  close(): Promise<void>;
}

export interface ClientOptions {
  /** Roots the client declares (absolute directories): the client then has the roots capability. */
  roots?: string[];
  headers?: Record<string, string>;
  /** --log-level of a stdio server (default warn). */
  logLevel?: string;
  /** More flags for a stdio server. */
  args?: string[];
}

function newClient(opts: ClientOptions): Client {
  const client = new Client(
    { name: 'facet-test', version: '1.0.0' },
    opts.roots ? { capabilities: { roots: { listChanged: true } } } : {},
  );
  if (opts.roots) {
    const roots = opts.roots;
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: roots.map((r) => ({ uri: pathToFileURL(r).href, name: path.basename(r) })),
    }));
  }
  return client;
}

/** `facet mcp --shape <shape> --root <root>` on stdio. */
export async function connectStdio(
  shape: string,
  root: string,
  opts: ClientOptions = {},
): Promise<Connected & { stderr: () => string }> {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', '--shape', shape, '--root', root, '--log-level', opts.logLevel ?? 'warn', ...(opts.args ?? [])],
    env: { ...(process.env as Record<string, string>) },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = newClient(opts);
  await client.connect(transport);
  return { client, close: () => client.close(), stderr: () => stderr };
}

/** An MCP session on an HTTP endpoint (e.g. http://127.0.0.1:port/mcp/claude). */
export async function connectHttp(url: string, opts: ClientOptions = {}): Promise<Connected> {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: opts.headers ?? {} } });
  const client = newClient(opts);
  await client.connect(transport);
  return {
    client,
    close: async () => {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}

/** The registry the servers under test are built from, for expected identities and catalogs. */
export function expectedRuntime(root: string) {
  const silent = new Writable({ write: (_c, _e, cb) => cb() });
  return buildRuntime(parseConfig(['--root', root]), createLogger('silent', silent));
}

export interface ShapeCase {
  shape: string;
  /** A tool reading a text file, and its arguments for an absolute path. */
  read: [string, (file: string) => Record<string, unknown>];
  /** A tool that shows an image as image content (none for grok, which has no such tool). */
  image?: [string, (file: string) => Record<string, unknown>];
  /** A tool running a shell line to completion. */
  shell: [string, (command: string) => Record<string, unknown>];
}

export const SHAPES: ShapeCase[] = [
  {
    shape: 'core',
    read: ['fs.read', (p) => ({ path: p })],
    image: ['fs.read', (p) => ({ path: p })],
    shell: ['shell.run', (c) => ({ command: c })],
  },
  {
    shape: 'claude',
    read: ['Read', (p) => ({ file_path: p })],
    image: ['Read', (p) => ({ file_path: p })],
    shell: ['Bash', (c) => ({ command: c })],
  },
  {
    shape: 'codex@0.169.0',
    read: ['read_file', (p) => ({ file_path: p })],
    image: ['view_image', (p) => ({ path: p })],
    shell: ['shell_command', (c) => ({ command: c })],
  },
  {
    shape: 'gemini',
    read: ['read_file', (p) => ({ file_path: p })],
    image: ['read_file', (p) => ({ file_path: p })],
    shell: ['run_shell_command', (c) => ({ command: c })],
  },
  {
    shape: 'qwen',
    read: ['read_file', (p) => ({ file_path: p })],
    image: ['read_file', (p) => ({ file_path: p })],
    shell: ['run_shell_command', (c) => ({ command: c })],
  },
  {
    shape: 'kimi@1.49',
    read: ['ReadFile', (p) => ({ path: p })],
    image: ['ReadMediaFile', (p) => ({ path: p })],
    shell: ['Shell', (c) => ({ command: c })],
  },
  { shape: 'grok@0.0.34', read: ['view_file', (p) => ({ path: p })], shell: ['bash', (c) => ({ command: c })] },
];

/** Whether a process exists (signal 0 probes without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie is gone for our purposes: it runs nothing.
  const r = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' });
  return !r.stdout.trim().startsWith('Z');
}

/** Resolves once `check` holds, polling; rejects after `limitMs` (a safety net, not a timing assertion). */
export async function until(check: () => boolean | Promise<boolean>, what: string, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
