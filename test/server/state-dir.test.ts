// A server that stored nothing lasting leaves no state directory behind: the default one
// (<tmpdir>/facet-state) is made when a session first stores something and removed, with its
// area folders, once the sessions end. A state directory that was there before is kept, empty.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { ToolboxClient } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, listeningAddress, startTestServer, tempDir } from '../helpers/server.js';

async function runOneCommand(stateDir: string, root: string): Promise<string[]> {
  const t = await startTestServer(['--root', root, '--shape', 'core', '--state-dir', stateDir]);
  let during: string[];
  try {
    // A background job keeps its log in the session's folder of the state directory.
    const res = await callTool(t.client, 'shell.start', { command: 'echo ok' }, { session: 's1' });
    assert.equal(res.error, '');
    during = readdirSync(stateDir);
  } finally {
    await t.close();
  }
  return during;
}

test('a state directory the server made is gone once its sessions end', async () => {
  const { dir, cleanup } = tempDir();
  try {
    const state = path.join(dir, 'facet-state');
    assert.deepEqual(await runOneCommand(state, dir), ['shell']);
    assert.equal(existsSync(state), false);
  } finally {
    cleanup();
  }
});

test('a state directory that was there before is kept, and emptied of what the sessions stored', async () => {
  const { dir, cleanup } = tempDir();
  try {
    const state = path.join(dir, 'state');
    mkdirSync(state);
    assert.deepEqual(await runOneCommand(state, dir), ['shell']);
    assert.deepEqual(readdirSync(state), []);
  } finally {
    cleanup();
  }
});

test('the default state directory, there before or not, is gone from TMPDIR when the server stops', async () => {
  const { dir, cleanup } = tempDir();
  try {
    const tmp = path.join(dir, 'tmp');
    mkdirSync(path.join(tmp, 'facet-state'), { recursive: true }); // as another server's would be
    const child = spawn(
      process.execPath,
      [path.resolve('dist/src/cli.js'), 'serve', '--listen', '127.0.0.1:0', '--root', dir],
      {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: tmp },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = once(child, 'exit');
    const address = await listeningAddress(child);
    const client = new ToolboxClient(address, grpc.credentials.createInsecure());
    try {
      const res = await callTool(client, 'shell.start', { command: 'echo ok' }, { shape: 'core', session: 's1' });
      assert.equal(res.error, '');
      assert.deepEqual(readdirSync(path.join(tmp, 'facet-state')), ['shell']);
    } finally {
      client.close();
      child.kill('SIGTERM');
      await exited;
    }
    assert.deepEqual(readdirSync(tmp), []);
  } finally {
    cleanup();
  }
});
