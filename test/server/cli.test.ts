// The real `facet` binary: --help, a bad flag, and SIGTERM draining a running server.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import * as grpc from '@grpc/grpc-js';
import { ToolboxClient } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { tempDir, unary } from '../helpers/server.js';

const CLI = path.resolve('dist/src/cli.js');
const run = promisify(execFile);

test('facet serve --help prints the options and exits 0', async () => {
  const { stdout } = await run(process.execPath, [CLI, 'serve', '--help']);
  assert.match(stdout, /^Usage: facet serve \[options\]/);
  assert.match(stdout, /--listen <value>\n {6}TCP address host:port to serve on; "none" to serve only on --socket \(default: 127\.0\.0\.1:50051\) \[FACET_LISTEN\]/);
});

test('a bad flag value stops start-up with exit code 2 and names the flag', async () => {
  await assert.rejects(run(process.execPath, [CLI, 'serve', '--max-message-bytes', 'lots']), (e: { code: number; stderr: string }) => {
    assert.equal(e.code, 2);
    assert.equal(e.stderr, 'facet: --max-message-bytes must be a whole number, got "lots"\n');
    return true;
  });
});

test('SIGTERM drains and exits 0; call log lines reach stdout promptly, batched, and all of them by exit', async () => {
  const { dir, cleanup } = tempDir();
  const child = spawn(process.execPath, [CLI, 'serve', '--listen', '127.0.0.1:0', '--root', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const seen = (re: RegExp): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const check = (): boolean => {
        const m = re.exec(out);
        if (m) resolve(m);
        return m !== null;
      };
      if (check()) return;
      const onData = (): void => void (check() && child.stdout.off('data', onData));
      child.stdout.on('data', onData);
      child.once('exit', (code) => reject(new Error(`exited ${code} before ${re}: ${out}`)));
    });
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  try {
    const address = (await seen(/"addresses":\["([^"]+)"\]/))[1]!;
    const client = new ToolboxClient(address, grpc.credentials.createInsecure());
    const id = await unary(client.identity, client, {});
    assert.equal(id.name, 'facet-core');
    // One quiet call: its line is not held back waiting for a full batch.
    await unary(client.callTool, client, { name: 'fs.list', arguments: {}, roots: [] });
    await seen(/"rpc":"CallTool","tool":"fs.list"/);
    // A burst, then exit right away: every line is written before the process ends.
    for (let i = 0; i < 20; i++) await unary(client.callTool, client, { name: 'fs.stat', arguments: { path: `f${i}` }, roots: [] });
    client.close();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.equal(out.match(/"tool":"fs.stat"/g)?.length, 20);
    assert.doesNotThrow(() => out.trim().split('\n').forEach((l) => JSON.parse(l)));
  } finally {
    child.kill('SIGKILL');
    cleanup();
  }
});
