// The SDK keeps a controller per request it handles, and requestController finds it (checked against the request's
// signal), so a call adopts it instead of making its own. Over the official SDK client and server, linked in memory:
// an SDK that stops keeping it fails here rather than costing every call a controller unnoticed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { requestController } from '../../src/server/mcp/request-controller.js';

test("the SDK's controller of a tools/call is found, and aborting it cancels the request", async () => {
  const server = new Server({ name: 'rc', version: '0' }, { capabilities: { tools: {} } });
  const seen: Array<{ found: boolean; same: boolean }> = [];
  let held!: (aborted: boolean) => void;
  const heldAborted = new Promise<boolean>((resolve) => (held = resolve));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const c = requestController(server, extra);
    seen.push({ found: c !== undefined, same: c?.signal === extra.signal });
    if (req.params.name === 'hold') {
      c?.abort(new Error('aborted by the server'));
      held(extra.signal.aborted);
    }
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'rc-client', version: '0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  const r = await client.callTool({ name: 'x', arguments: {} });
  assert.deepEqual(r.content, [{ type: 'text', text: 'ok' }]);
  assert.deepEqual(seen, [{ found: true, same: true }]);
  // Aborted through it, the request's signal fires (and the SDK sends no answer, as for a client's cancel: the client
  // gives up on it here).
  const giveUp = new AbortController();
  const answered = client.callTool({ name: 'hold', arguments: {} }, undefined, { signal: giveUp.signal });
  assert.equal(await heldAborted, true);
  giveUp.abort();
  await assert.rejects(answered);
  assert.deepEqual(seen, [
    { found: true, same: true },
    { found: true, same: true },
  ]);
  // Any other object, or a request it does not hold: none.
  assert.equal(requestController({}, { requestId: 1, signal: new AbortController().signal }), undefined);
  assert.equal(requestController(server, { requestId: 99, signal: new AbortController().signal }), undefined);
  await client.close();
});
