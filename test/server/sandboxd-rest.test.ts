// The sandboxd REST API (agent-sandbox filesystem/v1) served by `--sandboxd-rest`, over real
// HTTP on loopback: the spec's status codes and JSON shapes (403 on traversal and symlink
// escapes, 404, 409 on a non-empty directory, 400 on a bad mode), atomic writes with mode,
// multipart uploads, recursive delete, metadata filtered by prefix, racing writes never torn,
// and 503 from /v1/health while the server drains.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { ProcessServiceClient } from '../../src/gen/process/v1/process.js';
import { serverFixture, tempDir, withServer } from '../helpers/server.js';

// /v1/metadata serves the server's own environment: these are set before it starts.
Object.assign(process.env, {
  SANDBOX_FACET_TEST_ID: 'sb-42',
  SANDBOX_FACET_TEST_TOKEN: 'never-shown',
  FACET_TEST_OTHER: 'not-mine',
});
const { t, dir } = serverFixture({ prefix: 'facet-sandboxd-rest-', args: ['--sandboxd-rest', '127.0.0.1:0'] });
const url = (p: string) => `http://${t.server.sandboxd!.rest!}/v1/${p}`;
const req = (p: string, init?: RequestInit) => fetch(url(p), init);
const put = (p: string, body: RequestInit['body'], query = '') => req(`files/${p}${query}`, { method: 'PUT', body });

async function error(res: Response): Promise<{ status: number; body: unknown }> {
  assert.equal(res.headers.get('content-type'), 'application/json');
  return { status: res.status, body: await res.json() };
}

test('PUT writes atomically with parents and mode; GET returns the bytes; HEAD probes', async () => {
  const res = await put('deep%2Fer%2Fmain.py', 'print("hi")\n', '?mode=0600');
  assert.equal(res.status, 204);
  assert.equal(readFileSync(path.join(dir, 'deep/er/main.py'), 'utf8'), 'print("hi")\n');
  assert.equal(statSync(path.join(dir, 'deep/er/main.py')).mode & 0o777, 0o600);
  const get = await req('files/deep%2Fer%2Fmain.py');
  assert.equal(get.status, 200);
  assert.equal(get.headers.get('content-type'), 'application/octet-stream');
  assert.equal(await get.text(), 'print("hi")\n');
  const head = await req('files/deep%2Fer%2Fmain.py', { method: 'HEAD' });
  assert.deepEqual([head.status, head.headers.get('content-length')], [200, '12']);
  const missing = await req('files/nope.txt', { method: 'HEAD' });
  assert.equal(missing.status, 404);
  // The default mode is 0644; no temporary file is left beside the target.
  await put('plain.txt', 'x');
  assert.equal(statSync(path.join(dir, 'plain.txt')).mode & 0o777, 0o644);
  assert.deepEqual(readdirSync(path.join(dir, 'deep/er')), ['main.py']);
});

test('binary bytes round-trip unchanged, and a multipart upload writes its "file" part', async () => {
  const bytes = Buffer.from([0, 255, 1, 254, 10, 13, 0x80]);
  assert.equal((await put('bin.dat', bytes)).status, 204);
  assert.deepEqual(Buffer.from(await (await req('files/bin.dat')).arrayBuffer()), bytes);
  const form = new FormData();
  form.append('note', 'ignored');
  form.append('file', new Blob(['from a form\n']), 'whatever.txt');
  assert.equal((await put('up%2Fform.txt', form)).status, 204);
  assert.equal(readFileSync(path.join(dir, 'up/form.txt'), 'utf8'), 'from a form\n');
  const noFile = new FormData();
  noFile.append('other', 'x');
  assert.deepEqual(await error(await put('up%2Fnone.txt', noFile)), {
    status: 400,
    body: { code: 'INVALID_ARGUMENT', message: 'multipart body is missing the required "file" part' },
  });
  assert.equal(existsSync(path.join(dir, 'up/none.txt')), false);
});

test('a multipart upload streams: a big part exact, a bare "file" field, the first of two; a broken body writes nothing', async () => {
  // The parts, each 'headers\r\n\r\nbody', and the closing delimiter unless the body is cut off.
  const multipart = (parts: string[], closed = true) => ({
    method: 'PUT',
    headers: { 'content-type': 'multipart/form-data; boundary=b0und' },
    body: parts.map((p) => `--b0und\r\n${p}\r\n`).join('') + (closed ? '--b0und--\r\n' : ''),
  });
  const big = Buffer.alloc(8 << 20, 'abcdefgh');
  const form = new FormData();
  form.append('file', new Blob([big]), 'big.bin');
  assert.equal((await put('mp%2Fbig.bin', form)).status, 204);
  assert.deepEqual(readFileSync(path.join(dir, 'mp/big.bin')), big);
  // A part named "file" with no file name is the upload too, as the reference reads it.
  const bare = multipart(['Content-Disposition: form-data; name="file"\r\n\r\nbare field']);
  assert.equal((await req('files/mp%2Fbare.txt', bare)).status, 204);
  assert.equal(readFileSync(path.join(dir, 'mp/bare.txt'), 'utf8'), 'bare field');
  const two = multipart([
    'Content-Disposition: form-data; name="file"; filename="a"\r\n\r\nfirst',
    'Content-Disposition: form-data; name="file"; filename="b"\r\n\r\nsecond',
  ]);
  assert.equal((await req('files/mp%2Ftwo.txt', two)).status, 204);
  assert.equal(readFileSync(path.join(dir, 'mp/two.txt'), 'utf8'), 'first');
  // Cut off inside the part: 400, no file and no temporary file left.
  const cut = multipart(['Content-Disposition: form-data; name="file"; filename="c"\r\n\r\nonly part of it'], false);
  assert.deepEqual(await error(await req('files/mp%2Fcut.txt', cut)), {
    status: 400,
    body: { code: 'INVALID_ARGUMENT', message: 'invalid multipart body: Unexpected end of multipart data' },
  });
  assert.deepEqual(readdirSync(path.join(dir, 'mp')).sort(), ['bare.txt', 'big.bin', 'two.txt']);
  const noBoundary = { method: 'PUT', headers: { 'content-type': 'multipart/form-data' }, body: 'x' };
  assert.deepEqual(await error(await req('files/mp%2Fnb.txt', noBoundary)), {
    status: 400,
    body: { code: 'INVALID_ARGUMENT', message: 'invalid multipart body: Multipart: Boundary not found' },
  });
  // Refused before the part is read (a directory): the body is still drained and the next call answered.
  const toDir = new FormData();
  toDir.append('file', new Blob([big]), 'big.bin');
  assert.deepEqual(await error(await put('mp', toDir)), {
    status: 400,
    body: { code: 'INVALID_ARGUMENT', message: 'mp is a directory' },
  });
  assert.equal((await req('files/mp%2Ftwo.txt')).status, 200);
});

test('a directory lists as the spec DirectoryListing, sorted, links out of the root left out', async () => {
  mkdirSync(path.join(dir, 'list/sub'), { recursive: true });
  writeFileSync(path.join(dir, 'list/b.txt'), 'bb');
  writeFileSync(path.join(dir, 'list/a.txt'), 'a');
  symlinkSync('/etc', path.join(dir, 'list/escape'));
  symlinkSync('a.txt', path.join(dir, 'list/link-to-a'));
  const res = await req('files/list');
  assert.equal(res.headers.get('content-type'), 'application/json');
  const listing = (await res.json()) as { path: string; entries: Array<Record<string, unknown>> };
  assert.equal(listing.path, '/list');
  assert.deepEqual(
    listing.entries.map((e) => [e.name, e.type, e.size, e.mode]),
    [
      ['a.txt', 'file', 1, '0644'],
      ['b.txt', 'file', 2, '0644'],
      ['link-to-a', 'file', 1, '0644'],
      ['sub', 'directory', statSync(path.join(dir, 'list/sub')).size, '0755'],
    ],
  );
  for (const e of listing.entries) assert.match(String(e.modified_at), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.equal(((await (await req('files/')).json()) as { path: string }).path, '/');
});

test('traversal and symlink escapes are 403 PERMISSION_DENIED, reading and writing', async () => {
  const outside = tempDir('facet-sandboxd-outside-');
  try {
    writeFileSync(path.join(outside.dir, 'secret.txt'), 'secret');
    symlinkSync(outside.dir, path.join(dir, 'out-link'));
    for (const [method, p] of [
      ['GET', 'files/..%2F..%2Fetc%2Fpasswd'],
      ['GET', 'files/out-link%2Fsecret.txt'],
      ['PUT', 'files/out-link%2Fplanted.txt'],
      ['PUT', 'files/..%2Fplanted.txt'],
      ['DELETE', 'files/out-link%2Fsecret.txt'],
    ] as const) {
      const res = await req(p, { method, ...(method === 'PUT' ? { body: 'x' } : {}) });
      const e = await error(res);
      assert.equal(e.status, 403, `${method} ${p}`);
      assert.equal((e.body as { code: string }).code, 'PERMISSION_DENIED');
    }
    assert.deepEqual(readdirSync(outside.dir), ['secret.txt']);
    assert.deepEqual(readdirSync(path.dirname(dir)).includes('planted.txt'), false);
  } finally {
    outside.cleanup();
  }
});

test('DELETE: 404 when missing, 409 CONFLICT on a non-empty directory, recursive removes it; a link goes, not its target', async () => {
  mkdirSync(path.join(dir, 'del/inner'), { recursive: true });
  writeFileSync(path.join(dir, 'del/inner/f.txt'), 'f');
  writeFileSync(path.join(dir, 'target.txt'), 'kept');
  symlinkSync('target.txt', path.join(dir, 'a-link'));
  assert.deepEqual(await error(await req('files/del%2Fmissing', { method: 'DELETE' })), {
    status: 404,
    body: { code: 'NOT_FOUND', message: 'del/missing does not exist' },
  });
  const conflict = await error(await req('files/del', { method: 'DELETE' }));
  assert.equal(conflict.status, 409);
  assert.equal((conflict.body as { code: string }).code, 'CONFLICT');
  assert.equal(existsSync(path.join(dir, 'del/inner/f.txt')), true);
  assert.equal((await error(await req('files/del?recursive=maybe', { method: 'DELETE' }))).status, 400);
  assert.equal((await req('files/del?recursive=true', { method: 'DELETE' })).status, 204);
  assert.equal(existsSync(path.join(dir, 'del')), false);
  assert.equal((await req('files/a-link', { method: 'DELETE' })).status, 204);
  assert.equal(readFileSync(path.join(dir, 'target.txt'), 'utf8'), 'kept');
});

test('DELETE of the root: 409 CONFLICT, recursive empties it and keeps it; a link to the root goes alone', async () => {
  // The reference's TestDeleteRootDirectoryEmptiesContents, on a server of its own (it empties its root).
  await withServer(['--sandboxd-rest', '127.0.0.1:0'], async (s, root) => {
    const del = (p: string) => fetch(`http://${s.server.sandboxd!.rest!}/v1/files/${p}`, { method: 'DELETE' });
    writeFileSync(path.join(root, 'f.txt'), 'x');
    mkdirSync(path.join(root, 'sub/deep'), { recursive: true });
    symlinkSync('..', path.join(root, 'sub/up'));
    for (const [spelling, named] of [
      ['', '.'],
      ['.', '.'],
      ['sub%2F..', 'sub/..'],
    ]) {
      assert.deepEqual(await error(await del(spelling!)), {
        status: 409,
        body: {
          code: 'CONFLICT',
          message: `${named} is a root of the workspace, which is never removed: remove it recursively to empty it`,
        },
      });
    }
    // A link that points at the root is an entry: it goes, and nothing else does.
    assert.equal((await del('sub%2Fup')).status, 204);
    assert.deepEqual(readdirSync(root).sort(), ['f.txt', 'sub']);
    assert.deepEqual(readdirSync(path.join(root, 'sub')), ['deep']);
    assert.equal((await del('?recursive=true')).status, 204);
    assert.deepEqual(readdirSync(root), []);
    assert.equal(statSync(root).isDirectory(), true);
  });
});

test('bad mode is 400; a directory as the PUT target is 400; unknown endpoints 404', async () => {
  assert.deepEqual(await error(await put('m.txt', 'x', '?mode=777')), {
    status: 400,
    body: { code: 'INVALID_ARGUMENT', message: 'mode "777" must match ^0[0-7]{3}$' },
  });
  mkdirSync(path.join(dir, 'a-dir'), { recursive: true });
  assert.equal((await error(await put('a-dir', 'x'))).status, 400);
  assert.equal((await error(await req('nothing-here'))).status, 404);
  assert.equal((await error(await req('files/x', { method: 'POST', body: 'x' }))).status, 405);
});

test('racing writes to one path are never torn: every read sees one whole version', async () => {
  const versions = Array.from({ length: 8 }, (_, i) => String(i).repeat(256 * 1024));
  await put('race.txt', versions[0]!);
  const reads: Promise<string>[] = [];
  const writes = versions.map((v) => put('race.txt', v));
  for (let i = 0; i < 16; i++) reads.push(req('files/race.txt').then((r) => r.text()));
  assert.ok((await Promise.all(writes)).every((r) => r.status === 204));
  for (const text of await Promise.all(reads)) assert.ok(versions.includes(text), 'a read saw one whole version');
  assert.ok(versions.includes(readFileSync(path.join(dir, 'race.txt'), 'utf8')));
  assert.deepEqual(
    readdirSync(dir).filter((n) => n.includes('race') && n !== 'race.txt'),
    [],
  );
});

test('/v1/health is ok with an uptime; /v1/metadata serves the prefix, never credentials', async () => {
  const health = await req('health');
  assert.equal(health.status, 200);
  const h = (await health.json()) as { status: string; uptime_seconds: number };
  assert.equal(h.status, 'ok');
  assert.ok(Number.isInteger(h.uptime_seconds));
  const meta = (await (await req('metadata')).json()) as { env: Record<string, string> };
  assert.equal(meta.env.SANDBOX_FACET_TEST_ID, 'sb-42');
  assert.equal(meta.env.SANDBOX_FACET_TEST_TOKEN, undefined);
  assert.equal(meta.env.FACET_TEST_OTHER, undefined);
  for (const name of Object.keys(meta.env)) assert.ok(name.startsWith('SANDBOX_'));
});

test('/v1/health answers 503 while the server drains a running process', async () => {
  await withServer(
    ['--sandboxd', '--sandboxd-grpc', '127.0.0.1:0', '--sandboxd-rest', '127.0.0.1:0', '--grace-ms', '60000'],
    async (s) => {
      const client = new ProcessServiceClient(s.server.sandboxd!.grpc!, grpc.credentials.createInsecure());
      const stream = client.start({ config: { command: ['sh', '-c', 'echo up; read x'], envVars: {} } });
      let processId = 0;
      await new Promise<void>((resolve) =>
        stream.on('data', (ev: { event?: { $case: string; value: unknown } }) => {
          if (ev.event?.$case === 'init') processId = (ev.event.value as { processId: number }).processId;
          if (ev.event?.$case === 'stdout') resolve();
        }),
      );
      const ended = new Promise((r) => stream.on('end', r));
      const draining = s.server.shutdown('test drain');
      const health = await fetch(`http://${s.server.sandboxd!.rest!}/v1/health`);
      assert.deepEqual(await error(health), {
        status: 503,
        body: { code: 'UNAVAILABLE', message: 'the server is shutting down (draining)' },
      });
      // The running process still takes input and ends on its own; then the drain completes.
      await new Promise<void>((resolve, reject) =>
        client.writeStdin({ processId, payload: { $case: 'eof', value: {} } }, (err) =>
          err ? reject(err) : resolve(),
        ),
      );
      await ended;
      await draining;
      client.close();
    },
  );
});
