import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Failure, FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import {
  CallToolResponse,
  ReadResourceResponse,
  ToolboxClient,
} from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { Struct } from '../../src/gen/google/protobuf/struct.js';
import { encodeCallToolResponse, encodeReadResourceResponse, encodeStruct } from '../../src/server/wire.js';
import { callTool, startTestServer, structured, tempDir, texts, withServer } from '../helpers/server.js';
import * as grpc from '@grpc/grpc-js';

const tsProto = (o: Record<string, unknown>): Buffer => Buffer.from(Struct.encode(Struct.wrap(o)).finish());

// Every kind of Value, the varint length boundaries (127/128, 16383/16384 bytes), non-ASCII
// and lone surrogates, empty keys, undefined fields and list items, deep nesting.
const samples: Array<Record<string, unknown>> = [
  {},
  { a: null, b: true, c: false, d: 0, e: -0, f: 1.5, g: -1e300, h: Number.NaN, i: Number.POSITIVE_INFINITY, j: '' },
  {
    s127: 'x'.repeat(127),
    s128: 'x'.repeat(128),
    s16383: 'y'.repeat(16383),
    s16384: 'y'.repeat(16384),
    big: 'z'.repeat(2_100_000),
  },
  { ключ: 'значение ✓', emoji: '😀 é', lone: 'a\ud800b', '': 'empty key', '\u0000nul': 'nul\u0000inside' },
  { skipped: undefined, kept: 1 },
  { list: [1, 'two', null, true, [], {}, undefined, [[['deep']]], { x: [{ y: 'z' }] }] },
  {
    nested: { a: { b: { c: { d: { e: { f: 'g' } } } } } },
    arr: Array.from({ length: 300 }, (_, i) => ({ i, s: `line ${i}` })),
  },
];

test('encodeStruct writes the same bytes as ts-proto for every kind of value', () => {
  for (const o of samples) {
    const ours = encodeStruct(o);
    assert.ok(ours.equals(tsProto(o)), `bytes differ for ${JSON.stringify(o).slice(0, 80)}`);
    assert.deepEqual(Struct.unwrap(Struct.decode(ours)), Struct.unwrap(Struct.decode(tsProto(o))));
  }
});

test('encodeStruct stays exact while its table of lengths grows (large results, every kind of slot)', () => {
  // The table starts small and doubles; each size below crosses a doubling at a different
  // point of the walk (entry, key, string, list item, nested struct).
  for (const n of [300, 700, 1500, 3100, 9000, 40_000]) {
    const o: Record<string, unknown> = {};
    for (let i = 0; i < n; i++)
      o[`k${i}`] =
        i % 4 === 0
          ? `text ${i}`
          : i % 4 === 1
            ? [i, `s${i}`]
            : i % 4 === 2
              ? { line: i, text: 'x'.repeat(i % 50) }
              : i;
    assert.ok(encodeStruct(o).equals(tsProto(o)), `bytes differ with ${n} entries`);
  }
});

test('encodeStruct refuses what a Struct cannot hold, as ts-proto does, and recovers', () => {
  assert.throws(() => encodeStruct({ f: () => 1 }), /Unsupported any value type: function/);
  assert.throws(() => encodeStruct({ n: 10n }), /Unsupported any value type: bigint/);
  assert.ok(encodeStruct({ ok: 'yes' }).equals(tsProto({ ok: 'yes' })));
});

const failure = Failure.fromPartial({
  code: FailureCode.FAILURE_CODE_INVALID_ARGUMENT,
  message: 'bad',
  fieldViolations: [{ field: 'path', description: 'required' }],
});

test('CallToolResponse and ReadResourceResponse encode byte for byte as ts-proto', () => {
  const responses: CallToolResponse[] = [
    CallToolResponse.create(),
    {
      ...CallToolResponse.create(),
      content: [
        { body: { $case: 'text', value: 'hello' } },
        { body: { $case: 'structured', value: samples[5]! } },
        { body: { $case: 'blob', value: { mediaType: 'image/png', data: Buffer.from([1, 2, 3]) } } },
      ],
    },
    CallToolResponse.fromPartial({ error: 'no such tool', canonicalRouted: true, routedTo: 'other', failure }),
    {
      content: [{ body: { $case: 'structured', value: samples[3]! } }],
      error: 'e',
      canonicalRouted: false,
      routedTo: '',
      failure: undefined,
    },
    // Text of every length class and alphabet; an empty body; two blobs between other items.
    {
      ...CallToolResponse.create(),
      content: [
        { body: { $case: 'text', value: '' } },
        { body: { $case: 'text', value: 'ascii'.repeat(40) } },
        { body: { $case: 'text', value: 'ключ 😀 a\ud800b' } },
        { body: { $case: 'blob', value: { mediaType: 'image/gif', data: Buffer.alloc(200, 7) } } },
        { body: undefined },
        { body: { $case: 'text', value: 'z'.repeat(20_000) } },
        { body: { $case: 'blob', value: { mediaType: 'application/pdf', data: Buffer.alloc(0) } } },
      ],
    },
  ];
  for (const r of responses) {
    assert.ok(
      encodeCallToolResponse(r).equals(Buffer.from(CallToolResponse.encode(r).finish())),
      JSON.stringify(r).slice(0, 120),
    );
  }
  const rr = ReadResourceResponse.fromPartial({
    content: [
      { body: { $case: 'text', value: '# doc' } },
      { body: { $case: 'structured', value: { uri: 'facet://x' } } },
    ],
  });
  assert.ok(encodeReadResourceResponse(rr).equals(Buffer.from(ReadResourceResponse.encode(rr).finish())));
});

test('the fast encoders know every field of the generated messages (a new proto field must be added there)', () => {
  assert.deepEqual(Object.keys(CallToolResponse.create()).sort(), [
    'canonicalRouted',
    'content',
    'error',
    'failure',
    'routedTo',
  ]);
  assert.deepEqual(Object.keys(ReadResourceResponse.create()).sort(), ['content']);
});

test('a result over --max-message-bytes is answered in band, and the server goes on serving', async () => {
  await withServer({ args: ['--max-message-bytes', '4096'] }, async (t, dir) => {
    writeFileSync(path.join(dir, 'big.txt'), `${'x'.repeat(99)}\n`.repeat(100)); // 10,000 bytes
    writeFileSync(path.join(dir, 'small.txt'), 'hello\n');
    // A client that accepts more than the server sends is still held to the server's limit.
    const big = await callTool(
      t.client,
      'fs.read',
      { path: 'big.txt' },
      { metadata: { 'facet-max-response-bytes': String(1 << 20) } },
    );
    assert.deepEqual(texts(big), [big.error]);
    assert.deepEqual(structured(big), {
      display: { tool: 'CallTool', summary: big.error, failure: 'resource_exhausted' },
    });
    assert.match(
      big.error,
      /^the result is \d+ bytes, more than can be sent in one message here \(4096 bytes\); ask for less: a line range, a lower limit, a narrower path or pattern$/,
    );
    assert.equal(big.failure?.code, FailureCode.FAILURE_CODE_RESOURCE_EXHAUSTED);
    assert.deepEqual(
      t.logs.filter((l) => l.msg === 'result over the message limit: answered in band').map((l) => l.maxBytes),
      [4096],
    );
    const small = await callTool(t.client, 'fs.read', { path: 'small.txt' });
    assert.equal(small.error, '');
    assert.equal(small.content[0]?.body?.$case === 'text' ? small.content[0].body.value : '', 'hello');
  });
});

test('a result over what the client accepts is answered in band: 4 MiB unless the client names its limit', async () => {
  const { dir, cleanup } = tempDir();
  const line = `${'y'.repeat(1023)}\n`;
  writeFileSync(path.join(dir, 'five-mib.txt'), line.repeat(5 * 1024)); // 5 MiB of text
  const t = await startTestServer(['--root', dir]);
  // A host that raised its own receive limit to 32 MiB.
  const roomy = new ToolboxClient(t.address, grpc.credentials.createInsecure(), {
    'grpc.max_receive_message_length': 32 << 20,
  });
  const args = { path: 'five-mib.txt', max_bytes: 8 << 20 };
  try {
    // No limit named: gRPC clients' default receive limit applies, so a default client gets an answer it can read.
    const plain = await callTool(t.client, 'fs.read', args);
    const m =
      /^the result is (\d+) bytes, more than can be sent in one message here \(4194304 bytes\); ask for less: a line range, a lower limit, a narrower path or pattern$/.exec(
        plain.error,
      );
    assert.ok(m && Number(m[1]) > 5 << 20, plain.error);
    assert.equal(plain.failure?.code, FailureCode.FAILURE_CODE_RESOURCE_EXHAUSTED);
    // The client names its limit: the whole file comes back.
    const named = await callTool(roomy, 'fs.read', args, {
      metadata: { 'facet-max-response-bytes': String(32 << 20) },
    });
    assert.equal(named.error, '');
    assert.equal(
      named.content[0]?.body?.$case === 'text' ? named.content[0].body.value.length : 0,
      5 * 1024 * 1024 - 1,
    );
    // A named limit below the default also holds.
    const tight = await callTool(
      roomy,
      'fs.read',
      { path: 'five-mib.txt', limit: 2000 },
      { metadata: { 'facet-max-response-bytes': '1048576' } },
    );
    assert.match(tight.error, /more than can be sent in one message here \(1048576 bytes\)/);
    // A limit that is not a number of bytes, or too small for any answer, is refused outright.
    // -1 (grpc-js's "no limit") and limits above the server's leave --max-message-bytes (16 MiB) as the bound.
    for (const limit of ['-1', '99999999999999999999']) {
      const whole = await callTool(roomy, 'fs.read', args, { metadata: { 'facet-max-response-bytes': limit } });
      assert.equal(
        whole.content[0]?.body?.$case === 'text' ? whole.content[0].body.value.length : 0,
        5 * 1024 * 1024 - 1,
        limit,
      );
    }
    for (const bad of ['lots', '-5', '1.5', '100', '1e9', '123456789012345678901']) {
      await assert.rejects(
        callTool(t.client, 'fs.read', args, { metadata: { 'facet-max-response-bytes': bad } }),
        (e: grpc.ServiceError) => {
          assert.equal(e.code, grpc.status.INVALID_ARGUMENT);
          assert.equal(
            e.details,
            `facet-max-response-bytes must be a whole number of bytes, at least 1024 (the client's receive limit), or -1 for no limit; got "${bad}"`,
          );
          return true;
        },
      );
    }
  } finally {
    roomy.close();
    await t.close();
    cleanup();
  }
});
