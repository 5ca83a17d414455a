// The optional 2025-11-25 capabilities Facet serves (logging, completions, resource templates,
// subscriptions) and the protocol's error codes and result shapes, over real Streamable HTTP and
// stdio with the SDK's own client.
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  McpError,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { DATA_META } from '../../src/server/mcp/render.js';
import { MAX_SUBSCRIPTIONS, Subscriptions } from '../../src/server/mcp/subscriptions.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { connectHttp, connectStdio, until, type Connected } from './fixture.js';

let dir: string;
let cleanup: () => void;
let outside: { dir: string; cleanup: () => void };
const BINARY = Buffer.from([0, 1, 2, 255, 254]);

before(() => {
  const t = tempDir('facet-mcp-caps-');
  dir = realpathSync(t.dir);
  cleanup = t.cleanup;
  outside = tempDir('facet-mcp-caps-outside-');
  writeFileSync(path.join(dir, 'alpha.txt'), 'hello\n');
  mkdirSync(path.join(dir, 'alps'));
  writeFileSync(path.join(dir, '.hidden'), '');
  writeFileSync(path.join(dir, 'blob.bin'), BINARY);
  writeFileSync(path.join(outside.dir, 'secret.txt'), 'secret\n');
  symlinkSync(path.join(outside.dir, 'secret.txt'), path.join(dir, 'link.txt'));
  symlinkSync(outside.dir, path.join(dir, 'out'));
});
after(() => {
  cleanup?.();
  outside?.cleanup();
});

const fileUri = (p: string) => `file://${p}`;

async function rejectsWith(p: Promise<unknown>, code: number, message: RegExp): Promise<void> {
  await assert.rejects(p, (err: unknown) => {
    assert.ok(err instanceof McpError, String(err));
    assert.equal(err.code, code);
    assert.match(err.message, message);
    return true;
  });
}

describe('MCP capabilities over HTTP', () => {
  let server: TestServer;
  let core: Connected;
  before(async () => {
    server = await startTestServer(['--root', dir, '--shape', 'core,claude', '--mcp-listen', '127.0.0.1:0']);
    core = await connectHttp(`${server.server.mcpUrl}/core`);
  });
  after(async () => {
    await core?.close();
    await server?.close();
  });

  test('the server declares logging, completions, and resources with subscribe', () => {
    assert.deepEqual(core.client.getServerCapabilities(), {
      tools: {},
      resources: { subscribe: true },
      prompts: {},
      logging: {},
      completions: {},
    });
  });

  test('a malformed JSON body is a JSON-RPC Parse error (-32700) with id null', async () => {
    const res = await fetch(server.server.mcpUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc": "2.0", "id": 1, "method":',
    });
    assert.equal(res.status, 400);
    const body = (await res.json()) as { jsonrpc: string; id: null; error: { code: number; message: string } };
    assert.equal(body.jsonrpc, '2.0');
    assert.equal(body.id, null);
    assert.equal(body.error.code, -32700);
    assert.match(body.error.message, /^Parse error: the body is not JSON/);
  });

  test('an unknown prompt is -32602 (invalid params), an unknown resource -32002', async () => {
    await rejectsWith(core.client.getPrompt({ name: 'no-such-prompt' }), -32602, /no prompt named no-such-prompt/);
    await rejectsWith(core.client.readResource({ uri: 'test://nothing' }), -32002, /no resource test:\/\/nothing/);
  });

  test('core: fs_read (or its alias fs.read) gives the text; its facts are _meta, never structuredContent', async () => {
    // core declares no output schemas: its data is facts beside the text (the range shown), so a
    // client that prefers structuredContent must not get it in place of the file's lines.
    for (const name of ['fs_read', 'fs.read']) {
      const r = (await core.client.callTool({
        name,
        arguments: { path: path.join(dir, 'alpha.txt') },
      })) as CallToolResult;
      assert.equal(r.isError, undefined);
      assert.equal('structuredContent' in r, false);
      assert.deepEqual(r.content, [{ type: 'text', text: 'hello' }]);
      assert.deepEqual(r._meta?.[DATA_META], {
        path: path.join(dir, 'alpha.txt'),
        kind: 'text',
        size: 6,
        startLine: 1,
        endLine: 1,
        hasMore: false,
        totalLines: 1,
        encoding: 'utf8',
        lineEnding: 'lf',
      });
    }
  });

  test('claude: no tool declares an output schema and no result carries structuredContent', async () => {
    const claude = await connectHttp(`${server.server.mcpUrl}/claude`);
    try {
      const { tools } = await claude.client.listTools();
      assert.deepEqual(
        tools.filter((t) => t.outputSchema !== undefined).map((t) => t.name),
        [],
      );
      const r = (await claude.client.callTool({
        name: 'Read',
        arguments: { file_path: path.join(dir, 'alpha.txt') },
      })) as CallToolResult;
      assert.equal(r.isError, undefined);
      assert.equal('structuredContent' in r, false);
      assert.equal(r.content.length, 1);
    } finally {
      await claude.close();
    }
  });

  test('logging: messages about calls at the level the client set, on the call stream', async () => {
    const c = await connectHttp(`${server.server.mcpUrl}/core`);
    const got: { level: string; data: Record<string, unknown> }[] = [];
    c.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      got.push({ level: n.params.level, data: n.params.data as Record<string, unknown> });
    });
    try {
      // Before any setLevel: warnings and worse only.
      await c.client.callTool({ name: 'fs.read', arguments: { path: path.join(dir, 'alpha.txt') } });
      await c.client.callTool({ name: 'fs.read', arguments: { path: path.join(dir, 'missing.txt') } });
      await until(() => got.length >= 1, 'the warning');
      assert.deepEqual(
        got.map((g) => [g.level, g.data.event, g.data.tool, g.data.outcome]),
        [['warning', 'tool call failed', 'fs.read', 'not_found']],
      );
      got.length = 0;
      assert.deepEqual(await c.client.setLoggingLevel('debug'), {});
      await c.client.callTool({ name: 'fs.read', arguments: { path: path.join(dir, 'alpha.txt') } });
      await until(() => got.length >= 2, 'debug and info');
      assert.deepEqual(
        got.map((g) => [g.level, g.data.event, g.data.tool]),
        [
          ['debug', 'tool call started', 'fs.read'],
          ['info', 'tool call ended', 'fs.read'],
        ],
      );
      assert.equal(typeof got[1]!.data.durationMs, 'number');
      got.length = 0;
      await c.client.setLoggingLevel('error');
      await c.client.callTool({ name: 'fs.read', arguments: { path: path.join(dir, 'missing.txt') } });
      await c.client.ping();
      assert.deepEqual(got, []);
    } finally {
      await c.close();
    }
  });

  test('resource templates: files under the roots and served tools', async () => {
    const { resourceTemplates } = await core.client.listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map((t) => t.uriTemplate),
      ['file:///{+path}', 'facet://tools/{shape}/{tool}'],
    );
    assert.deepEqual((await core.client.readResource({ uri: fileUri(path.join(dir, 'alpha.txt')) })).contents, [
      { uri: fileUri(path.join(dir, 'alpha.txt')), mimeType: 'text/plain', text: 'hello\n' },
    ]);
    assert.deepEqual((await core.client.readResource({ uri: fileUri(path.join(dir, 'blob.bin')) })).contents, [
      {
        uri: fileUri(path.join(dir, 'blob.bin')),
        mimeType: 'application/octet-stream',
        blob: BINARY.toString('base64'),
      },
    ]);
    // A link out of the roots, and a path outside them, are refused as fs.read refuses them.
    await rejectsWith(
      core.client.readResource({ uri: fileUri(path.join(dir, 'link.txt')) }),
      -32602,
      /outside|not allowed|roots/i,
    );
    await rejectsWith(
      core.client.readResource({ uri: fileUri(path.join(outside.dir, 'secret.txt')) }),
      -32602,
      /outside|not allowed|roots/i,
    );
    await rejectsWith(
      core.client.readResource({ uri: fileUri(path.join(dir, 'missing.txt')) }),
      -32002,
      /missing\.txt/,
    );
    await rejectsWith(core.client.readResource({ uri: fileUri(path.join(dir, 'alps')) }), -32602, /is a directory/);
    const tool = (await core.client.readResource({ uri: 'facet://tools/claude/Read' })).contents[0] as {
      mimeType: string;
      text: string;
    };
    assert.equal(tool.mimeType, 'application/json');
    assert.equal((JSON.parse(tool.text) as { name: string }).name, 'Read');
    await rejectsWith(
      core.client.readResource({ uri: 'facet://tools/claude/Nope' }),
      -32002,
      /no resource facet:\/\/tools\/claude\/Nope/,
    );
  });

  test('completions: template paths under the roots, shapes, tools; prompt arguments', async () => {
    const rel = dir.slice(1);
    const complete = async (uri: string, name: string, value: string, context?: Record<string, string>) =>
      (
        await core.client.complete({
          ref: { type: 'ref/resource', uri },
          argument: { name, value },
          ...(context ? { context: { arguments: context } } : {}),
        })
      ).completion;
    assert.deepEqual(await complete('file:///{+path}', 'path', `${rel}/al`), {
      values: [`${rel}/alpha.txt`, `${rel}/alps/`],
      total: 2,
      hasMore: false,
    });
    assert.deepEqual((await complete('file:///{+path}', 'path', `${rel}/.`)).values, [`${rel}/.hidden`]);
    // Above the roots: the roots; through a link out of them: nothing.
    assert.deepEqual((await complete('file:///{+path}', 'path', '')).values, [`${rel}/`]);
    assert.deepEqual((await complete('file:///{+path}', 'path', `${rel}/out/`)).values, []);
    assert.deepEqual((await complete('facet://tools/{shape}/{tool}', 'shape', '')).values, [
      'claude',
      'claude@2.1.197',
      'claude@2.1.309',
      'core',
    ]);
    assert.deepEqual((await complete('facet://tools/{shape}/{tool}', 'tool', 'Re', { shape: 'claude' })).values, [
      'Read',
      'ReadMcpResourceTool',
    ]);
    assert.deepEqual((await complete('facet://tools/{shape}/{tool}', 'tool', 'fs.re')).values, [
      'fs.read',
      'fs.read_many',
    ]);
    await rejectsWith(
      complete('test://template/{id}', 'id', ''),
      -32602,
      /no resource template test:\/\/template\/\{id\}/,
    );
    const prompt = await core.client.complete({
      ref: { type: 'ref/prompt', name: 'tool-guide' },
      argument: { name: 'anything', value: '' },
    });
    assert.deepEqual(prompt.completion, { values: [], total: 0, hasMore: false });
    await rejectsWith(
      core.client.complete({ ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'a', value: '' } }),
      -32602,
      /no prompt named nope/,
    );
  });

  test('subscriptions: a change to a subscribed file is announced until unsubscribed', async () => {
    const c = await connectHttp(`${server.server.mcpUrl}/core`);
    const file = path.join(dir, 'watched.txt');
    writeFileSync(file, 'one\n');
    const updated: string[] = [];
    c.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    try {
      // The announcement travels on the standalone GET stream the SDK client opens once initialized;
      // writing until it is seen needs no timing (the watch may start after the first write).
      await c.client.subscribeResource({ uri: fileUri(file) });
      await until(async () => {
        writeFileSync(file, `two ${Date.now()}\n`);
        return updated.length > 0;
      }, 'resources/updated');
      assert.equal(updated[0], fileUri(file));
      await c.client.unsubscribeResource({ uri: fileUri(file) });
      await rejectsWith(
        c.client.subscribeResource({ uri: 'test://watched-resource' }),
        -32002,
        /only files under the roots/,
      );
      await rejectsWith(
        c.client.subscribeResource({ uri: fileUri(path.join(outside.dir, 'secret.txt')) }),
        -32602,
        /outside|not allowed|roots/i,
      );
      await rejectsWith(c.client.subscribeResource({ uri: fileUri(path.join(dir, 'missing.txt')) }), -32002, /no file/);
    } finally {
      await c.close();
    }
  });
});

test('stdio: the same error codes and result shapes', async () => {
  const s = await connectStdio('core', dir);
  try {
    await rejectsWith(s.client.getPrompt({ name: 'no-such-prompt' }), -32602, /no prompt named no-such-prompt/);
    const r = (await s.client.callTool({
      name: 'fs_read',
      arguments: { path: path.join(dir, 'alpha.txt') },
    })) as CallToolResult;
    assert.deepEqual(r.content, [{ type: 'text', text: 'hello' }]);
    assert.equal('structuredContent' in r, false);
    assert.deepEqual(
      (
        await s.client.complete({
          ref: { type: 'ref/resource', uri: 'facet://tools/{shape}/{tool}' },
          argument: { name: 'shape', value: 'c' },
        })
      ).completion.values,
      ['core'],
    );
  } finally {
    await s.close();
  }
});

test('Subscriptions: bounded per session; closing ends every watch', () => {
  const t = tempDir('facet-mcp-subs-');
  try {
    const subs = new Subscriptions(() => undefined);
    for (let i = 0; i < MAX_SUBSCRIPTIONS; i++) subs.add(`file:///x/${i}`, path.join(t.dir, `f${i}`));
    subs.add('file:///x/0', path.join(t.dir, 'f0')); // the same URI again: already watched
    assert.equal(subs.size, MAX_SUBSCRIPTIONS);
    assert.throws(() => subs.add('file:///x/more', path.join(t.dir, 'more')), /already watches 64 resources/);
    subs.remove('file:///x/1');
    assert.equal(subs.size, MAX_SUBSCRIPTIONS - 1);
    subs.close();
    assert.equal(subs.size, 0);
    assert.throws(() => subs.add('file:///x/late', path.join(t.dir, 'late')), /the session is closed/);
  } finally {
    t.cleanup();
  }
});
