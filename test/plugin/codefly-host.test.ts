// codefly plugin mode, end to end: the real `facet` binary started, dialled and stopped the way
// codefly's agent loader does it (test/plugin/host.ts), over a Unix socket and over loopback TCP.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import * as grpc from '@grpc/grpc-js';
import type { ToolboxClient } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, tempDir, texts, unary } from '../helpers/server.js';
import { CLI, launch, type Plugin } from './host.js';

const transports = [
  // As codefly starts a toolbox: the bare binary, the workspace as its working directory, the
  // toolbox's settings in its environment.
  { name: 'Unix socket', socket: true, args: [] as string[], env: (_dir: string) => ({}) },
  // `facet serve --codefly`, flags included; --listen is the host's to choose and is ignored.
  {
    name: 'loopback TCP',
    socket: false,
    args: ['serve', '--codefly', '--shape', 'core', '--listen', '127.0.0.1:50999'],
    env: (dir: string) => ({ FACET_ROOT: dir }),
  },
];

for (const transport of transports) {
  describe(`codefly plugin over ${transport.name}`, () => {
    const { dir, cleanup } = tempDir('facet-plugin-');
    const socket = path.join(dir, 'agent.sock');
    let plugin: Plugin;

    before(async () => {
      writeFileSync(path.join(dir, 'hello.txt'), 'hello from the workspace\n');
      plugin = await launch({
        args: transport.args,
        socket: transport.socket ? socket : undefined,
        cwd: dir,
        env: { CODEFLY_TOOLBOX_NAME: 'facet-toolbox', CODEFLY_TOOLBOX_VERSION: '9.8.7', ...transport.env(dir) },
      });
    });
    after(() => {
      plugin?.close();
      cleanup();
    });

    test('the handshake is the one stdout line, naming the endpoint the host dials', () => {
      if (transport.socket) assert.equal(plugin.handshake, `2|unix:${socket}`);
      else assert.match(plugin.handshake, /^2\|dns:\/\/\/127\.0\.0\.1:\d+$/);
      assert.notEqual(plugin.handshake, '2|dns:///127.0.0.1:50999');
      assert.equal(plugin.stdoutAfterHandshake(), '');
    });

    test('Identity takes its name and version from CODEFLY_TOOLBOX_NAME and CODEFLY_TOOLBOX_VERSION', async () => {
      const id = await unary(plugin.client.identity, plugin.client, {});
      assert.equal(id.name, 'facet-toolbox');
      assert.equal(id.version, '9.8.7');
      // The toolbox name leads every tool's tags, as codefly's registry.NewBase does with its descriptor name.
      const summaries = await unary(plugin.client.listToolSummaries, plugin.client, { tagsFilter: ['facet-toolbox'] });
      assert.ok(summaries.tools.length > 0 && summaries.tools.every((t) => t.tags[0] === 'facet-toolbox'));
    });

    test('ListTools and CallTool answer with the token', async () => {
      const list = await unary(plugin.client.listTools, plugin.client, {});
      assert.ok(list.tools.some((t) => t.name === 'fs.read'));
      const res = await callTool(plugin.client, 'fs.read', { path: 'hello.txt' });
      assert.equal(res.error, '');
      assert.match(texts(res).join('\n'), /hello from the workspace/);
    });

    test('a call without the token, or with a wrong one, is refused UNAUTHENTICATED', async () => {
      await assert.rejects(unary(plugin.bare.identity, plugin.bare, {}), (e: grpc.ServiceError) => {
        assert.equal(e.code, grpc.status.UNAUTHENTICATED);
        assert.match(e.details, /missing x-codefly-token/);
        return true;
      });
      await assert.rejects(
        callTool(plugin.bare, 'fs.read', { path: 'hello.txt' }, { metadata: { 'x-codefly-token': 'f'.repeat(64) } }),
        (e: grpc.ServiceError) => {
          assert.equal(e.code, grpc.status.UNAUTHENTICATED);
          assert.match(e.details, /x-codefly-token is not valid/);
          return true;
        },
      );
      // The bearer header of Facet's own --token is not the codefly credential.
      await assert.rejects(
        unary(plugin.bare.listTools, plugin.bare, {}, { metadata: { authorization: `Bearer ${plugin.token}` } }),
        {
          code: grpc.status.UNAUTHENTICATED,
        },
      );
    });

    test('health Check needs no token (the host probes before anything else); health List does', async () => {
      const list = (md: grpc.Metadata) =>
        new Promise<string[]>((resolve, reject) =>
          plugin.health.list({}, md, (e, res) => (e ? reject(e) : resolve(Object.keys(res.statuses).sort()))),
        );
      await assert.rejects(list(new grpc.Metadata()), { code: grpc.status.UNAUTHENTICATED });
      const md = new grpc.Metadata();
      md.set('x-codefly-token', plugin.token);
      assert.deepEqual(await list(md), ['', 'codefly.services.toolbox.v0.Toolbox', 'facet.toolbox.v1.ToolboxStream']);
    });

    test('x-codefly-session-id names the session, as facet-session does', async () => {
      const todos = (client: ToolboxClient, session: string, args: Record<string, unknown> = {}) =>
        callTool(client, 'plan.todos', args, { metadata: { 'x-codefly-session-id': session } }).then((r) =>
          texts(r).join('\n'),
        );
      await todos(plugin.client, 'host-session-1', {
        todos: [{ content: 'Reproduce the bug', status: 'in_progress' }],
      });
      assert.match(await todos(plugin.client, 'host-session-1'), /Reproduce the bug/);
      assert.doesNotMatch(await todos(plugin.client, 'host-session-2'), /Reproduce the bug/);
      // The same session reached through facet-session.
      const viaFacet = await callTool(plugin.client, 'plan.todos', {}, { session: 'host-session-1' });
      assert.match(texts(viaFacet).join('\n'), /Reproduce the bug/);
    });

    test('SIGTERM drains (a call in flight finishes) and exits 0; logs went to stderr, stdout kept the handshake alone', async () => {
      // The command says it has started by creating a file; SIGTERM follows once it exists.
      const marker = path.join(dir, 'started');
      const inFlight = callTool(plugin.client, 'shell.run', { command: `touch ${marker}; sleep 1; echo finished` });
      let settled = false;
      void inFlight.finally(() => (settled = true)).catch(() => undefined);
      while (!existsSync(marker) && !settled) await new Promise((r) => setTimeout(r, 20));
      const { code, signal } = await plugin.stop();
      assert.match(texts(await inFlight).join('\n'), /finished/);
      assert.deepEqual({ code, signal }, { code: 0, signal: null });
      assert.equal(plugin.stdoutAfterHandshake(), '');
      const logs = plugin
        .stderr()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg?: string; rpc?: string });
      assert.ok(logs.some((l) => l.msg === 'serving'));
      assert.ok(logs.some((l) => l.rpc === 'CallTool'));
      assert.ok(logs.some((l) => l.msg === 'stopped'));
      if (transport.socket) assert.equal(existsSync(socket), false, 'the socket is removed on exit');
      else assert.match(plugin.stderr(), /warning: --listen ignored in codefly plugin mode/);
    });
  });
}

test('codefly plugin mode without CODEFLY_AGENT_TOKEN stops with a message and prints no handshake', async () => {
  const env = { ...process.env, CODEFLY_AGENT_TOKEN: '' };
  const refused = await promisify(execFile)(process.execPath, [CLI, 'serve', '--codefly', '--root', '/'], {
    env,
    timeout: 20_000,
  }).then(
    () => assert.fail('facet started'),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
  assert.equal(refused.code, 2);
  assert.equal(refused.stdout, '');
  assert.equal(
    refused.stderr,
    'facet: --codefly: codefly plugin mode needs the per-spawn token in CODEFLY_AGENT_TOKEN, which the codefly host sets when it starts a toolbox; it is not set\n',
  );
});
