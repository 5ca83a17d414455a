// The stdio transport writes the messages of one turn together, keeps their order, and
// resolves each send only once stdout has taken its bytes (after 'drain' when it was full).
import assert from 'node:assert/strict';
import { PassThrough, Writable } from 'node:stream';
import { test } from 'node:test';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { CoalescingStdioServerTransport } from '../../src/server/mcp/coalescing-stdio.js';

const result = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, result: { n: id } });
const line = (id: number) => `{"jsonrpc":"2.0","id":${id},"result":{"n":${id}}}\n`;

/** A stdout that records each write as one chunk; `full` makes write() report a full buffer until drained by hand. */
function recorder(full = false) {
  const chunks: string[] = [];
  let pending: (() => void) | undefined;
  const out = new Writable({
    highWaterMark: full ? 1 : 1 << 20,
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk.toString());
      if (full) pending = cb;
      else cb();
    },
  });
  return { out, chunks, release: () => pending?.() };
}

test('messages sent in one turn leave stdout in one write, in order; a later turn writes again', async () => {
  const { out, chunks } = recorder();
  const t = new CoalescingStdioServerTransport(new PassThrough(), out);
  await Promise.all([t.send(result(1)), t.send(result(2)), t.send(result(3))]);
  assert.deepEqual(chunks, [line(1) + line(2) + line(3)]);
  await t.send(result(4));
  assert.deepEqual(chunks, [line(1) + line(2) + line(3), line(4)]);
});

test('messages sent from promise jobs of the same turn are written together', async () => {
  const { out, chunks } = recorder();
  const t = new CoalescingStdioServerTransport(new PassThrough(), out);
  // As handlers do: each response is sent from its own promise continuation.
  await Promise.all([1, 2].map(async (id) => t.send(result(await Promise.resolve(id)))));
  assert.deepEqual(chunks, [line(1) + line(2)]);
});

test('a send resolves only once a full stdout has drained', async () => {
  const { out, chunks, release } = recorder(true);
  const t = new CoalescingStdioServerTransport(new PassThrough(), out);
  let sent = false;
  const p = t.send(result(7)).then(() => (sent = true));
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(chunks, [line(7)]);
  assert.equal(sent, false, 'stdout is full: the send waits for drain');
  release();
  await p;
  assert.equal(sent, true);
});

test('incoming lines are still parsed by the SDK and handed over in order', async () => {
  const input = new PassThrough();
  const t = new CoalescingStdioServerTransport(input, recorder().out);
  const got: JSONRPCMessage[] = [];
  t.onmessage = (m) => got.push(m);
  await t.start();
  input.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","id":2,"meth');
  input.write('od":"ping"}\n');
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(got, [
    { jsonrpc: '2.0', id: 1, method: 'ping' },
    { jsonrpc: '2.0', id: 2, method: 'ping' },
  ]);
  await t.close();
});
