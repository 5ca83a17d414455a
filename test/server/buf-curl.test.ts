// buf curl drives the server with server reflection alone: no proto files on the client side.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { serverFixture } from '../helpers/server.js';

const run = promisify(execFile);
const BUF = path.resolve('node_modules/.bin/buf');

describe('buf curl with reflection only', () => {
  const { t, dir } = serverFixture();
  let cwd: string;

  before(async () => {
    writeFileSync(path.join(dir, 'hello.txt'), 'hello\nworld\n');
    cwd = dir; // no proto files, no buf.yaml here
  });

  const curl = async (...args: string[]) => {
    const { stdout } = await run(BUF, ['curl', '--protocol', 'grpc', '--http2-prior-knowledge', ...args], {
      cwd,
      timeout: 30_000,
    });
    return stdout;
  };

  test('lists the services and methods', async () => {
    const out = await curl('--list-methods', `http://${t.address}`);
    assert.deepEqual(out.trim().split('\n'), [
      'codefly.services.toolbox.v0.Toolbox/CallTool',
      'codefly.services.toolbox.v0.Toolbox/DescribeTool',
      'codefly.services.toolbox.v0.Toolbox/GetPrompt',
      'codefly.services.toolbox.v0.Toolbox/Identity',
      'codefly.services.toolbox.v0.Toolbox/ListPrompts',
      'codefly.services.toolbox.v0.Toolbox/ListResources',
      'codefly.services.toolbox.v0.Toolbox/ListToolSummaries',
      'codefly.services.toolbox.v0.Toolbox/ListTools',
      'codefly.services.toolbox.v0.Toolbox/ReadResource',
      'facet.toolbox.v1.ToolboxStream/AnswerInput',
      'facet.toolbox.v1.ToolboxStream/CallToolStream',
      'grpc.health.v1.Health/Check',
      'grpc.health.v1.Health/List',
      'grpc.health.v1.Health/Watch',
    ]);
  });

  test('calls ListToolSummaries and CallTool', async () => {
    const summaries = JSON.parse(
      await curl(
        '-d',
        '{"tags_filter":["read-only"]}',
        `http://${t.address}/codefly.services.toolbox.v0.Toolbox/ListToolSummaries`,
      ),
    ) as {
      tools: Array<{ name: string; tags: string[] }>;
    };
    const read = summaries.tools.find((x) => x.name === 'fs.read');
    assert.ok(read);
    assert.equal(read.tags[0], 'facet-core');
    const call = JSON.parse(
      await curl(
        '-d',
        JSON.stringify({ name: 'fs.read', arguments: { path: 'hello.txt', limit: 1 } }),
        `http://${t.address}/codefly.services.toolbox.v0.Toolbox/CallTool`,
      ),
    ) as { content: Array<{ text?: string }>; error?: string };
    assert.equal(call.error, undefined);
    assert.match(call.content[0]!.text!, /hello/);
    assert.doesNotMatch(call.content[0]!.text!, /world/);
  });

  test('reads an in-band failure with its structured code', async () => {
    const call = JSON.parse(
      await curl(
        '-d',
        '{"name":"fs.read","arguments":{"path":"../../etc/passwd"}}',
        `http://${t.address}/codefly.services.toolbox.v0.Toolbox/CallTool`,
      ),
    ) as {
      failure: { code: string };
    };
    assert.equal(call.failure.code, 'FAILURE_CODE_PERMISSION_DENIED');
  });

  test('streams CallToolStream: progress events, then the response', async () => {
    const out = await curl(
      '-d',
      JSON.stringify({ name: 'shell.run', arguments: { command: 'echo one; sleep 0.2; echo two >&2' } }),
      `http://${t.address}/facet.toolbox.v1.ToolboxStream/CallToolStream`,
    );
    // One JSON object per event, each starting on a line of its own.
    const events = out
      .trim()
      .split(/\n(?=\{)/)
      .map(
        (x) =>
          JSON.parse(x) as {
            progress?: { stream: string; chunk: string; bytes: string };
            response?: { content: Array<{ text?: string }> };
          },
      );
    const progress = events.flatMap((e) => (e.progress ? [e.progress] : []));
    assert.deepEqual(
      progress.map((p) => [p.stream, p.chunk]),
      [
        ['OUTPUT_STREAM_STDOUT', 'one\n'],
        ['OUTPUT_STREAM_STDERR', 'two\n'],
      ],
    );
    assert.equal(progress.at(-1)!.bytes, '8');
    assert.equal(events.filter((e) => e.response).length, 1);
    assert.equal(events.at(-1)!.response!.content[0]!.text, 'one\ntwo\n');
  });
});
