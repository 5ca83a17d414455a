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

test('SIGTERM drains and exits 0', async () => {
  const { dir, cleanup } = tempDir();
  const child = spawn(process.execPath, [CLI, 'serve', '--listen', '127.0.0.1:0', '--root', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const address = await new Promise<string>((resolve, reject) => {
      let buf = '';
      child.stdout.on('data', (d: Buffer) => {
        buf += d.toString();
        const m = /"addresses":\["([^"]+)"\]/.exec(buf);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    const client = new ToolboxClient(address, grpc.credentials.createInsecure());
    const id = await unary(client.identity, client, {});
    assert.equal(id.name, 'facet-core');
    client.close();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  } finally {
    child.kill('SIGKILL');
    cleanup();
  }
});
