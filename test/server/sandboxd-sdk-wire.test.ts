// The agent-sandbox Python SDK's filesystem and command calls, replayed byte for byte against a
// local Facet (--sandboxd), as its SandboxdPodTunnelStrategy sends them through a port forward.
// The SDK itself cannot run here: its generated stubs need protobuf >= 7 and grpcio >= 1.83 and
// its models pydantic 2, while this machine's only Python packages are Debian's (protobuf 3.21,
// grpcio 1.51, pydantic 1.10) and no PyPI is reachable. So its requests are replayed as written in
// kubernetes-sigs/agent-sandbox@2fd412d55ecae90861a101a5424a75473de97c36,
// clients/python/agentic-sandbox-client/k8s_agent_sandbox/: files/filesystem.py (PUT/GET/HEAD/
// DELETE of v1/files/{urllib.parse.quote(path, safe='')}) and commands/command_executor.py
// (ProcessService.Execute of ["/bin/sh", "-c", command]), with the headers python-requests adds.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { ProcessServiceClient, type ExecuteResponse } from '../../src/gen/process/v1/process.js';
import { serverFixture } from '../helpers/server.js';

const { t } = serverFixture({
  prefix: 'facet-sdk-wire-',
  args: ['--sandboxd-grpc', '127.0.0.1:0', '--sandboxd-rest', '127.0.0.1:0'],
});

/** urllib.parse.quote(path, safe=''): every reserved character, '/' included, percent-encoded. */
const quote = (p: string) =>
  encodeURIComponent(p).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** One request as python-requests sends it (its default headers), answered as status, headers and body. */
function send(method: string, endpoint: string, body?: Buffer, headers: Record<string, string> = {}) {
  const [host, port] = t.server.sandboxd!.rest!.split(':');
  return new Promise<{ status: number; type: string | undefined; body: Buffer }>((resolve, reject) => {
    const req = request(
      {
        host,
        port: Number(port),
        method,
        path: `/${endpoint}`,
        headers: {
          'User-Agent': 'python-requests/2.32.3',
          'Accept-Encoding': 'gzip, deflate',
          Accept: '*/*',
          Connection: 'keep-alive',
          ...(body ? { 'Content-Length': String(body.length) } : method === 'DELETE' ? { 'Content-Length': '0' } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, type: res.headers['content-type'], body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const files = (p: string) => `v1/files/${quote(p)}`;

test('sandbox.files: write, read, list, exists, delete as the SDK sends them', async () => {
  // write(path, content): PUT with Content-Type application/octet-stream; raise_for_status.
  const w = await send('PUT', files('src/notes.txt'), Buffer.from('hello from the SDK\n'), {
    'Content-Type': 'application/octet-stream',
  });
  assert.equal(w.status, 204);
  // read(path): GET, response.content.
  const r = await send('GET', files('src/notes.txt'));
  assert.deepEqual([r.status, r.body.toString()], [200, 'hello from the SDK\n']);
  // list(path): GET of the directory; a dict with "entries", each name/size/type/modified_at(/mode).
  const l = await send('GET', files('src'));
  assert.equal(l.type, 'application/json');
  const listing = JSON.parse(l.body.toString()) as { entries: Array<Record<string, unknown>> };
  assert.deepEqual(
    listing.entries.map((e) => [e.name, e.size, e.type, typeof e.modified_at, e.mode]),
    [['notes.txt', 19, 'file', 'string', '0644']],
  );
  // FileEntry.from_sandboxd: datetime.fromisoformat(modified_at.replace("Z", "+00:00")).
  assert.match(
    String(listing.entries[0]!.modified_at).replace('Z', '+00:00'),
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/,
  );
  // exists(path): HEAD, 404 allowed; exists = status != 404.
  assert.equal((await send('HEAD', files('src/notes.txt'))).status, 200);
  assert.equal((await send('HEAD', files('src/absent.txt'))).status, 404);
  // delete(path, recursive=True): DELETE ...?recursive=true.
  assert.equal((await send('DELETE', `${files('src')}?recursive=true`)).status, 204);
  assert.equal((await send('HEAD', files('src'))).status, 404);
});

test('sandbox.commands.run: Execute of /bin/sh -c, stdout and stderr decoded, the exit code', async () => {
  await send('PUT', files('data.txt'), Buffer.from('42\n'), { 'Content-Type': 'application/octet-stream' });
  const client = new ProcessServiceClient(t.server.sandboxd!.grpc!, grpc.credentials.createInsecure());
  try {
    const res = await new Promise<ExecuteResponse>((resolve, reject) =>
      client.execute(
        { config: { command: ['/bin/sh', '-c', 'cat data.txt; echo oops >&2; exit 2'], envVars: {} } },
        new grpc.Metadata(),
        { deadline: Date.now() + 60_000 },
        (err, r) => (err ? reject(err) : resolve(r)),
      ),
    );
    assert.deepEqual([res.stdout.toString('utf8'), res.stderr.toString('utf8'), res.exitCode], ['42\n', 'oops\n', 2]);
  } finally {
    client.close();
  }
});
