// `facet health`: the real binary asks the local server for grpc.health.v1 status, as the
// container HEALTHCHECK does (FACET_LISTEN=0.0.0.0:PORT and a token, as in the image).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { withServer } from '../helpers/server.js';

const CLI = path.resolve('dist/src/cli.js');
const run = promisify(execFile);
const facet = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, [CLI, 'health', ...args], { env: { PATH: process.env.PATH, ...env } });

test('facet health: 0 and SERVING from a running server, asked on loopback for a wildcard address', async () => {
  await withServer({ args: ['--token', 'secret'] }, async (s) => {
    const port = s.server.port!;
    assert.equal((await facet(['--listen', `127.0.0.1:${port}`])).stdout, `127.0.0.1:${port}: SERVING\n`);
    const { stdout } = await facet([], { FACET_LISTEN: `0.0.0.0:${port}`, FACET_TOKEN: 'secret' });
    assert.equal(stdout, `127.0.0.1:${port}: SERVING\n`);
  });
});

test('facet health: 1 when nothing answers; 2 for a bad option', async () => {
  await assert.rejects(facet(['--listen', '127.0.0.1:1']), (e: { code: number; stderr: string }) => {
    assert.equal(e.code, 1);
    assert.match(e.stderr, /^127\.0\.0\.1:1: unreachable \(/);
    return true;
  });
  await assert.rejects(facet(['--listen', 'nowhere']), (e: { code: number; stderr: string }) => {
    assert.equal(e.code, 2);
    assert.equal(e.stderr, 'facet: --listen must be host:port (e.g. 127.0.0.1:50051), got "nowhere"\n');
    return true;
  });
});

test('the image checks its health with facet health', () => {
  const dockerfile = readFileSync('Dockerfile', 'utf8');
  assert.match(dockerfile, /\nHEALTHCHECK [^\n]*CMD \["node", "dist\/src\/cli\.js", "health"\]\n/);
});
