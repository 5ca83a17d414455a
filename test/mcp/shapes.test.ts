// Every shape over MCP, with the SDK's own client, over stdio (a spawned `facet mcp`) and
// over Streamable HTTP (`facet serve --mcp-listen`): initialize, the catalog with its
// annotations, a call, an in-band error, an image, live progress of a 3 s command, a
// cancel that kills the process, concurrent calls, resources, prompts and client roots.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { FAILURE_META, HOST_META } from '../../src/server/mcp/render.js';
import { McpNames, portableName } from '../../src/server/mcp/names.js';
import type { Runtime } from '../../src/server/server.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { procsWith } from '../shell/procs.js';
import {
  alive,
  connectHttp,
  connectStdio,
  expectedRuntime,
  SHAPES,
  until,
  type ClientOptions,
  type Connected,
  type ShapeCase,
} from './fixture.js';

const IMAGE = path.resolve('test/fixtures/images/python.jpg');
let dir: string;
let cleanup: () => void;
let http: TestServer;
let expected: Runtime;

before(async () => {
  ({ dir, cleanup } = tempDir('facet-mcp-'));
  writeFileSync(path.join(dir, 'a.txt'), 'hello from facet\n');
  mkdirSync(path.join(dir, 'sub'));
  writeFileSync(path.join(dir, 'sub', 'b.txt'), 'inside sub\n');
  copyFileSync(IMAGE, path.join(dir, 'img.jpg'));
  for (let i = 0; i < 8; i++) writeFileSync(path.join(dir, `c${i}.txt`), `concurrent read ${i}\n`);
  http = await startTestServer(['--root', dir, '--shape', 'all', '--mcp-listen', '127.0.0.1:0']);
  expected = expectedRuntime(dir);
});

after(async () => {
  await http?.close();
  await expected?.sessions.close();
  cleanup?.();
});

const text = (r: CallToolResult): string =>
  r.content
    .filter((c) => c.type === 'text')
    .map((c) => (c as { text: string }).text)
    .join('\n');

const transports: Array<[string, (shape: string, opts?: ClientOptions) => Promise<Connected>]> = [
  ['stdio', (shape, opts) => connectStdio(shape, dir, opts)],
  ['http', (shape, opts) => connectHttp(`${http.server.mcpUrl}/${shape}`, opts)],
];

let serial = 0;

for (const c of SHAPES) {
  describe(`MCP ${c.shape}`, () => {
    for (const [transport, connect] of transports) {
      test(`${c.shape} over ${transport}`, { timeout: 180_000 }, async () => {
        await exercise(c, transport, connect);
      });
    }
  });
}

async function exercise(
  c: ShapeCase,
  transport: string,
  connect: (shape: string, opts?: ClientOptions) => Promise<Connected>,
): Promise<void> {
  const toolbox = expected.toolboxes.get(c.shape)!;
  const { client, close } = await connect(c.shape);
  try {
    // initialize: Identity's name and version, instructions from the shape's description and sandbox.
    if (process.env.MCP_STEPS)
      process.stderr.write(
        `STEP initialize: Identity's name and version, instructions from the shape's description and sandbox.\n`,
      );
    const identity = toolbox.identity(expected.calls.begin({ shape: c.shape, usesSession: false }).ctx);
    assert.deepEqual(client.getServerVersion(), { name: identity.name, version: identity.version });
    assert.equal(client.getInstructions(), [identity.description, identity.sandboxSummary].join('\n\n'));
    assert.equal(client.getServerCapabilities()?.tools !== undefined, true);

    // tools/list: the shape's catalog, annotations derived from each definition.
    if (process.env.MCP_STEPS)
      process.stderr.write(`STEP tools/list: the shape's catalog, annotations derived from each definition.\n`);
    const { tools } = await client.listTools();
    // Listed under the names the model APIs accept (core's fs.read as fs_read).
    const names = new McpNames(toolbox.toolNames);
    assert.deepEqual(
      tools.map((t) => t.name),
      toolbox.listedToolNames.map(portableName),
    );
    for (const t of tools) {
      const spec = toolbox.describeTool(names.tool(t.name)).tool!;
      assert.deepEqual(
        t.annotations,
        {
          readOnlyHint: !spec.destructive && spec.tags.includes('read-only'),
          destructiveHint: spec.destructive,
          idempotentHint: spec.idempotency === 'idempotent',
          openWorldHint: spec.tags.includes('network') || spec.tags.includes('web'),
        },
        t.name,
      );
      assert.equal(t.outputSchema !== undefined, spec.outputSchema?.type === 'object', `${t.name} outputSchema`);
      assert.equal(t.inputSchema.type, 'object');
    }

    // A successful call.
    if (process.env.MCP_STEPS) process.stderr.write(`STEP A successful call.\n`);
    const [readTool, readArgs] = c.read;
    const ok = (await client.callTool({
      name: readTool,
      arguments: readArgs(path.join(dir, 'a.txt')),
    })) as CallToolResult;
    assert.equal(ok.isError, undefined);
    assert.match(text(ok), /hello from facet/);
    assert.equal((ok._meta?.[HOST_META] as { tool: string }).tool, readTool);

    // An in-band failure: isError, the shape's words, the structured Failure in _meta.
    if (process.env.MCP_STEPS)
      process.stderr.write(`STEP An in-band failure: isError, the shape's words, the structured Failure in _meta.\n`);
    const missing = path.join(dir, 'missing.txt');
    const bad = (await client.callTool({ name: readTool, arguments: readArgs(missing) })) as CallToolResult;
    assert.equal(bad.isError, true);
    assert.ok(text(bad).includes(missing), text(bad));
    const failure = bad._meta?.[FAILURE_META] as { code: string; operation: string; message: string };
    assert.equal(failure.code, 'FAILURE_CODE_NOT_FOUND');
    assert.equal(failure.operation, readTool);

    // An unknown tool is in band too.
    if (process.env.MCP_STEPS) process.stderr.write(`STEP An unknown tool is in band too.\n`);
    const unknown = (await client.callTool({ name: 'no_such_tool', arguments: {} })) as CallToolResult;
    assert.equal(unknown.isError, true);
    assert.equal((unknown._meta?.[FAILURE_META] as { code: string }).code, 'FAILURE_CODE_NOT_FOUND');

    // A blob: an image read is image content, never a placeholder.
    if (process.env.MCP_STEPS)
      process.stderr.write(`STEP A blob: an image read is image content, never a placeholder.\n`);
    if (c.image) {
      const [imageTool, imageArgs] = c.image;
      const img = (await client.callTool({
        name: imageTool,
        arguments: imageArgs(path.join(dir, 'img.jpg')),
      })) as CallToolResult;
      assert.equal(img.isError, undefined, text(img));
      const images = img.content.filter((x) => x.type === 'image');
      assert.equal(images.length, 1);
      const image = images[0] as { data: string; mimeType: string };
      assert.equal(image.mimeType, 'image/jpeg');
      assert.deepEqual([...Buffer.from(image.data, 'base64').subarray(0, 3)], [0xff, 0xd8, 0xff]);
    }

    // Progress: a 3 s command printing every 200 ms reports its output while it runs.
    if (process.env.MCP_STEPS)
      process.stderr.write(`STEP Progress: a 3 s command printing every 200 ms reports its output while it runs.\n`);
    const [shellTool, shellArgs] = c.shell;
    const updates: Progress[] = [];
    const ticking = (await client.callTool(
      {
        name: shellTool,
        arguments: shellArgs('for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do echo tick $i; sleep 0.2; done'),
      },
      undefined,
      {
        onprogress: (p) => updates.push(p),
      },
    )) as CallToolResult;
    assert.equal(ticking.isError, undefined, text(ticking));
    assert.match(text(ticking), /tick 15/);
    assert.ok(updates.length >= 4, `${updates.length} progress notifications`);
    for (let i = 1; i < updates.length; i++)
      assert.ok(updates[i]!.progress > updates[i - 1]!.progress, 'progress increases');
    assert.ok(updates.at(-1)!.progress <= 'tick 10\n'.length * 15);
    assert.match(updates.at(-1)!.message ?? '', /^tick \d+/m);

    // Cancel: notifications/cancelled kills the command's process tree.
    if (process.env.MCP_STEPS)
      process.stderr.write(`STEP Cancel: notifications/cancelled kills the command's process tree.\n`);
    const n = ++serial;
    const pidFile = path.join(dir, `pid-${n}`);
    const abort = new AbortController();
    const running = client.callTool(
      // The sleep is found by its own argument: inside the shell sandbox `$!` is a PID of the command's namespace.
      {
        name: shellTool,
        arguments: shellArgs(`sleep 60.${n}7 & echo x > ${pidFile}.tmp; mv ${pidFile}.tmp ${pidFile}; wait`),
      },
      undefined,
      {
        signal: abort.signal,
        timeout: 120_000,
      },
    );
    running.catch(() => undefined);
    await until(() => existsSync(pidFile), 'the command wrote its pid');
    const pid = procsWith(`sleep 60.${n}7 `)[0] ?? 0;
    assert.ok(pid > 0 && alive(pid));
    abort.abort('test cancels');
    await assert.rejects(running);
    await until(() => !alive(pid), `process ${pid} is gone after the cancel`);

    // Concurrency: the first call can only finish once the second has run.
    if (process.env.MCP_STEPS)
      process.stderr.write(`STEP Concurrency: the first call can only finish once the second has run.\n`);
    const go = path.join(dir, `go-${n}`);
    const first = client.callTool({
      name: shellTool,
      arguments: shellArgs(`while [ ! -f ${go} ]; do sleep 0.05; done; echo first-done`),
    }) as Promise<CallToolResult>;
    const second = client.callTool({
      name: shellTool,
      arguments: shellArgs(`touch ${go}; echo second-done`),
    }) as Promise<CallToolResult>;
    const [r1, r2] = await Promise.all([first, second]);
    assert.match(text(r1), /first-done/);
    assert.match(text(r2), /second-done/);
    // (Distinct files: some shapes answer a second read of an unchanged file with a note.)
    const reads = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client.callTool({ name: readTool, arguments: readArgs(path.join(dir, `c${i}.txt`)) }),
      ),
    );
    reads.forEach((r, i) => assert.match(text(r as CallToolResult), new RegExp(`concurrent read ${i}\\b`)));

    // Resources and prompts from the same catalog.
    if (process.env.MCP_STEPS) process.stderr.write(`STEP Resources and prompts from the same catalog.\n`);
    const { resources } = await client.listResources();
    const listed = (await toolbox.listResources(expected.calls.begin({ shape: c.shape, usesSession: false }).ctx))
      .resources;
    assert.deepEqual(
      resources.map((r) => r.uri),
      listed.map((r) => r.uri),
    );
    const roots = await client.readResource({ uri: 'facet://roots' });
    assert.equal(roots.contents[0]!.uri, 'facet://roots');
    assert.ok(String((roots.contents[0] as { text: string }).text).includes(dir));
    const { prompts } = await client.listPrompts();
    assert.deepEqual(
      prompts.map((p) => p.name),
      toolbox.listPrompts().prompts.map((p) => p.name),
    );
    const guide = await client.getPrompt({ name: prompts[0]!.name });
    assert.ok(guide.messages.length >= 1);
    assert.equal(guide.messages[0]!.content.type, 'text');
    await client.ping();
  } finally {
    await close();
  }

  // Client roots narrow the server's: outside them is refused; they never widen it.
  const narrowed = await connect(c.shape, { roots: [path.join(dir, 'sub')] });
  try {
    const inside = (await narrowed.client.callTool({
      name: readTool(c),
      arguments: c.read[1](path.join(dir, 'sub', 'b.txt')),
    })) as CallToolResult;
    assert.equal(inside.isError, undefined, text(inside));
    assert.match(text(inside), /inside sub/);
    const outside = (await narrowed.client.callTool({
      name: readTool(c),
      arguments: c.read[1](path.join(dir, 'a.txt')),
    })) as CallToolResult;
    assert.equal(outside.isError, true);
    assert.equal((outside._meta?.[FAILURE_META] as { code: string }).code, 'FAILURE_CODE_PERMISSION_DENIED');
  } finally {
    await narrowed.close();
  }
  const wider = await connect(c.shape, { roots: [path.dirname(dir)] });
  try {
    // A client root enclosing the server's keeps the server's roots: still no way out.
    if (process.env.MCP_STEPS)
      process.stderr.write(`STEP A client root enclosing the server's keeps the server's roots: still no way out.\n`);
    const up = path.join(path.dirname(dir), `outside-${transport}-${c.shape}.txt`);
    const outside = (await wider.client.callTool({ name: readTool(c), arguments: c.read[1](up) })) as CallToolResult;
    assert.equal(outside.isError, true);
    const inside = (await wider.client.callTool({
      name: readTool(c),
      arguments: c.read[1](path.join(dir, 'a.txt')),
    })) as CallToolResult;
    assert.equal(inside.isError, undefined, text(inside));
  } finally {
    await wider.close();
  }
}

const readTool = (c: ShapeCase) => c.read[0];
