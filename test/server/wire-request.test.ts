// The CallToolRequest decoder: the same requests as ts-proto's decoder, deeper arguments
// than ts-proto allows, and arguments too deep for any decoder answered in band.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { status } from '@grpc/grpc-js';
import { CallToolRequest, GetPromptRequest } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import {
  argumentsTooDeep,
  decodeCallToolRequest,
  decodeGetPromptRequest,
  hasPendingText,
  MAX_ARGUMENT_DEPTH,
  settleArguments,
} from '../../src/server/wire-request.js';
import { callTool, startTestServer, tempDir, unary, withServer } from '../helpers/server.js';

/** `levels` objects nested in one another (the outermost is level 1), a string at the bottom. */
function nested(levels: number, leaf: unknown = 'x'): Record<string, unknown> {
  let v: unknown = leaf;
  for (let i = 1; i < levels; i++) v = i % 2 === 0 ? [v] : { a: v };
  return { a: v };
}

const encode = (req: Partial<CallToolRequest>): Buffer =>
  Buffer.from(CallToolRequest.encode(CallToolRequest.fromPartial(req)).finish());

const samples: Array<Partial<CallToolRequest>> = [
  {},
  { name: 'fs.read' },
  { name: 'fs.read', arguments: {}, roots: [] },
  { name: 'Read', arguments: { file_path: '/tmp/x', offset: 3, limit: 1.5 }, roots: ['/a', '/b'] },
  {
    name: 'x',
    arguments: {
      a: null,
      b: true,
      c: false,
      d: 0,
      e: -1e300,
      f: Number.NaN,
      g: '',
      ключ: 'значение ✓',
      '': 'empty key',
    },
  },
  {
    name: 'x',
    arguments: { list: [1, 'two', null, true, [], {}, [[['deep']]], { x: [{ y: 'z' }] }], long: 'z'.repeat(100_000) },
  },
  { name: 'x', arguments: nested(32) },
];

test('decodes every request as ts-proto does', () => {
  for (const req of samples) {
    const bytes = encode(req);
    const ours = decodeCallToolRequest(bytes);
    assert.deepEqual(ours, CallToolRequest.decode(bytes), JSON.stringify(req).slice(0, 80));
    assert.equal(argumentsTooDeep(ours), false);
  }
});

test('the decoder knows every field of the generated request (a new proto field must be added there)', () => {
  assert.deepEqual(Object.keys(CallToolRequest.create()).sort(), ['arguments', 'name', 'roots']);
});

test('arguments deeper than ts-proto decodes are kept, up to the limit', () => {
  const ok = decodeCallToolRequest(encode({ name: 'x', arguments: nested(MAX_ARGUMENT_DEPTH) }));
  assert.equal(argumentsTooDeep(ok), false);
  assert.deepEqual(ok.arguments, nested(MAX_ARGUMENT_DEPTH));
  assert.throws(() => CallToolRequest.decode(encode({ name: 'x', arguments: nested(40) })), /recursion limit/);

  const deep = decodeCallToolRequest(encode({ name: 'x', arguments: nested(MAX_ARGUMENT_DEPTH + 1), roots: ['/r'] }));
  assert.equal(argumentsTooDeep(deep), true);
  assert.deepEqual(
    { name: deep.name, arguments: deep.arguments, roots: deep.roots },
    { name: 'x', arguments: {}, roots: ['/r'] },
  );
});

test('a truncated request is refused, as ts-proto refuses it', () => {
  const bytes = encode({ name: 'x', arguments: nested(3) });
  const cut = bytes.subarray(0, bytes.length - 4);
  assert.throws(() => CallToolRequest.decode(cut));
  assert.throws(() => decodeCallToolRequest(cut));
});

test('arguments 40 levels deep reach the schema check; past the limit they are refused in band', async () => {
  await withServer({}, async (t) => {
    const forty = await callTool(t.client, 'fs.read', { path: nested(40) });
    assert.equal(forty.error, 'invalid arguments for fs.read: path must be string');
    assert.equal(forty.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);

    const tooDeep = await callTool(t.client, 'fs.read', { path: nested(1000) });
    assert.equal(
      tooDeep.error,
      `the arguments nest objects and arrays more than ${MAX_ARGUMENT_DEPTH} levels deep, more than this server accepts; send flatter arguments`,
    );
    assert.equal(tooDeep.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.deepEqual(
      tooDeep.failure?.fieldViolations.map((v) => v.field),
      ['arguments'],
    );

    // The server goes on serving, and a sound call in the same connection works.
    const fine = await callTool(t.client, 'fs.write', { path: 'a.txt', content: 'hi\n' });
    assert.equal(fine.error, '');
  });
});

test('GetPrompt arguments: decoded as ts-proto does, deeper than ts-proto allows, and too deep refused with a status that says why', async () => {
  const enc = (req: Partial<GetPromptRequest>) =>
    Buffer.from(GetPromptRequest.encode(GetPromptRequest.fromPartial(req)).finish());
  for (const req of [
    {},
    { name: 'tool-guide' },
    { name: 'tool-guide', arguments: { a: [1, 'b', null], c: nested(32) } },
  ]) {
    const bytes = enc(req);
    assert.deepEqual(decodeGetPromptRequest(bytes), GetPromptRequest.decode(bytes));
  }
  assert.deepEqual(Object.keys(GetPromptRequest.create()).sort(), ['arguments', 'name']);
  assert.throws(() => GetPromptRequest.decode(enc({ name: 'tool-guide', arguments: nested(40) })), /recursion limit/);
  assert.equal(
    argumentsTooDeep(decodeGetPromptRequest(enc({ name: 'tool-guide', arguments: nested(MAX_ARGUMENT_DEPTH + 1) }))),
    true,
  );

  const { dir, cleanup } = tempDir();
  const t = await startTestServer(['--root', dir]);
  try {
    // 40 levels (a gRPC INTERNAL before): decoded, and the guide (which takes no arguments) is given.
    const guide = await unary(t.client.getPrompt, t.client, { name: 'tool-guide', arguments: { extra: nested(40) } });
    assert.equal(guide.description, 'Tool guide for facet-core');
    const err = await unary(t.client.getPrompt, t.client, { name: 'tool-guide', arguments: nested(1000) }).then(
      () => undefined,
      (e: { code: number; details: string }) => e,
    );
    assert.deepEqual(
      [err?.code, err?.details],
      [
        status.INVALID_ARGUMENT,
        `the arguments nest objects and arrays more than ${MAX_ARGUMENT_DEPTH} levels deep, more than this server accepts; send flatter arguments`,
      ],
    );
    assert.equal((await callTool(t.client, 'fs.write', { path: 'a.txt', content: 'hi\n' })).error, '');
  } finally {
    await t.close();
    cleanup();
  }
});

/** 1.5 MB of text: characters of 2, 3 and 4 bytes across the 1 MiB slice ends, a BOM first, bad bytes inside. */
function bigUtf8(): Buffer {
  const parts = [Buffer.from([0xef, 0xbb, 0xbf])];
  for (let i = 0, size = 3; size < 1_500_000; i++) {
    parts.push(Buffer.from(`${i} é € 𝄞 ok\n`));
    if (i % 9_999 === 0) parts.push(Buffer.from([0xff, 0xc3])); // invalid: U+FFFD as ts-proto gives
    size += parts[parts.length - 1]!.length + (i % 9_999 === 0 ? parts[parts.length - 2]!.length : 0);
  }
  return Buffer.concat(parts);
}

test('big strings are left as bytes by the deserializer and decoded later, as ts-proto decodes them', async () => {
  const text = bigUtf8();
  assert.equal(text[1024 * 1024]! & 0xc0, 0x80, 'the first 1 MiB slice ends inside a character');
  // The string's bytes, spliced into an encoded request (a JS string cannot hold the invalid bytes).
  const marker = 'M'.repeat(text.length);
  const encoded = encode({ name: 'fs.write', arguments: { path: 'b.txt', content: marker, list: [marker, 'small'] } });
  const bytes = Buffer.from(encoded);
  for (let at = bytes.indexOf(marker); at !== -1; at = bytes.indexOf(marker, at + 1)) text.copy(bytes, at);
  const expected = CallToolRequest.decode(bytes);
  const req = decodeCallToolRequest(bytes);
  assert.equal(hasPendingText(req), true);
  assert.equal(req.arguments!.content === expected.arguments!.content, false, 'not decoded yet');
  await settleArguments(req);
  assert.equal(hasPendingText(req), false);
  // (Compared by identity of content: a failing deepEqual would print megabytes.)
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  assert.ok(same(req, expected), 'the same request as ts-proto decodes');
  assert.deepEqual(Object.getOwnPropertySymbols(req), []);
  assert.ok((expected.arguments!.content as string).startsWith('\ufeff0 é € 𝄞 ok\n\ufffd'));
  // A prompt's arguments are decoded at once (nothing settles them later).
  const prompt = decodeGetPromptRequest(
    Buffer.from(GetPromptRequest.encode({ name: 'p', arguments: { a: marker } }).finish()),
  );
  assert.equal(prompt.arguments!.a, marker);
});

test('a 2 MB write over gRPC arrives exact', async () => {
  await withServer({}, async (t, dir) => {
    const content = `${'ünïcödé 𝄞 line\n'.repeat(100_000)}end`;
    const r = await callTool(t.client, 'fs.write', { path: 'w.txt', content });
    assert.equal(r.error, '');
    assert.equal(readFileSync(path.join(dir, 'w.txt'), 'utf8'), content);
  });
});

test('bytes around the slice end, valid or not, decode as a whole decode gives', async () => {
  const sequences = [
    [0xc3, 0xa9], // é
    [0xe2, 0x82, 0xac], // €
    [0xf0, 0x9d, 0x84, 0x9e], // 𝄞
    [0xe0, 0x80, 0x80], // overlong: invalid from its second byte
    [0xf0, 0x9d, 0x84, 0x41], // cut short by an ASCII byte
    [0x80, 0x80, 0xbf], // continuation bytes with no lead
    [0xed, 0xa0, 0x80], // a surrogate's encoding: invalid
  ];
  const slice = 1024 * 1024;
  const marker = 'M'.repeat(slice + 8);
  for (const seq of sequences) {
    for (let back = 0; back <= 4; back++) {
      const text = Buffer.alloc(marker.length, 0x61);
      Buffer.from(seq).copy(text, slice - back);
      const bytes = encode({ name: 'x', arguments: { s: marker } });
      text.copy(bytes, bytes.indexOf(marker));
      const req = decodeCallToolRequest(bytes);
      await settleArguments(req);
      const want = CallToolRequest.decode(bytes).arguments!.s as string;
      assert.ok(req.arguments!.s === want, `${Buffer.from(seq).toString('hex')} starting ${back} before the slice end`);
    }
  }
});
