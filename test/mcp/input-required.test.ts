// Questions to the host on MCP 2026-07-28, driven by the official v2 client over real HTTP: a
// call that asks answers input_required with the question's elicitation form; the client's
// elicitation handler answers and the client retries, and the same call resumes with the
// vendor's result (accepted, declined). A client that declares no elicitation is never asked.
// A retry whose answer does not fit the form, or names no waiting question, is refused and
// changes nothing.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

let server: TestServer;
let root: { dir: string; cleanup: () => void };
before(async () => {
  root = tempDir('facet-mcp-ask-');
  server = await startTestServer(['--root', root.dir, '--shape', 'claude', '--mcp-listen', '127.0.0.1:0']);
});
after(async () => {
  await server?.close();
  root?.cleanup();
});

const DB = {
  question: 'Which DB?',
  header: 'DB',
  options: [
    { label: 'Postgres', description: 'server' },
    { label: 'SQLite', description: 'file' },
  ],
  multiSelect: false,
};
const text = (r: object): string =>
  (((r as { content?: unknown }).content ?? []) as Array<{ type: string; text?: string }>)
    .map((c) => c.text ?? '')
    .join('\n');

type Elicit = { params: { message: string; requestedSchema: { properties: Record<string, unknown> } } };

async function modern(capabilities: Record<string, unknown>, session: string, answer?: (req: Elicit) => object) {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.server.mcpUrl}/claude`), {
    requestInit: { headers: { 'facet-session': session } },
  });
  const client = new Client(
    { name: 'facet-test', version: '1.0.0' },
    { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  if (answer) client.setRequestHandler('elicitation/create', async (req) => answer(req as unknown as Elicit) as never);
  await client.connect(transport);
  return client;
}

test('input_required: the handler answers, the client retries, the same call resumes', async () => {
  const seen: Elicit[] = [];
  let reply: object = { action: 'accept', content: { q1: 'SQLite' } };
  const client = await modern({ elicitation: { form: {} } }, 'ask-a', (req) => {
    seen.push(req);
    return reply;
  });
  try {
    assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
    const r = await client.callTool({ name: 'AskUserQuestion', arguments: { questions: [DB] } });
    assert.equal(
      text(r),
      'Your questions have been answered: "Which DB?"="SQLite". You can now continue with these answers in mind.',
    );
    assert.equal(seen.length, 1);
    assert.equal(seen[0]!.params.message, 'Which DB?');
    assert.deepEqual(Object.keys(seen[0]!.params.requestedSchema.properties), ['q1', 'q1_other', 'q1_notes']);
    reply = { action: 'decline' };
    const declined = await client.callTool({ name: 'AskUserQuestion', arguments: { questions: [DB] } });
    assert.deepEqual([(declined as { isError?: boolean }).isError, text(declined)], [true, 'User declined to answer']);
  } finally {
    await client.close();
  }
});

test('a client without elicitation is never asked: the unattended answer at once', async () => {
  const client = await modern({}, 'ask-b');
  try {
    const r = await client.callTool({ name: 'AskUserQuestion', arguments: { questions: [DB] } });
    assert.equal(
      text(r),
      'No user is available to answer in this session. Decide for yourself, state what you assumed, and continue.',
    );
  } finally {
    await client.close();
  }
});

test('a retry whose answer does not fit, or names no waiting question, is refused; a fitting one resumes', async () => {
  // Manual mode: the input_required result is the call's answer, and the retries are ours.
  const transport = new StreamableHTTPClientTransport(new URL(`${server.server.mcpUrl}/claude`), {
    requestInit: { headers: { 'facet-session': 'ask-c' } },
  });
  const client = new Client(
    { name: 'facet-test', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      inputRequired: { autoFulfill: false },
    },
  );
  await client.connect(transport);
  try {
    const first = (await client.callTool({ name: 'AskUserQuestion', arguments: { questions: [DB] } }, {
      allowInputRequired: true,
    } as never)) as unknown as { resultType?: string; inputRequests: Record<string, unknown>; requestState: string };
    assert.equal(first.resultType, 'input_required');
    const id = first.requestState;
    assert.deepEqual(Object.keys(first.inputRequests), [id]);
    const retry = (inputResponses: Record<string, unknown>, requestState = id) =>
      client.callTool(
        { name: 'AskUserQuestion', arguments: { questions: [DB] }, inputResponses, requestState } as never,
        { allowInputRequired: true } as never,
      );
    await assert.rejects(retry({ [id]: { action: 'accept', content: { q1: 'MySQL' } } }), (err: Error) => {
      assert.match(
        err.message,
        new RegExp(`the answer to question ${id} does not fit its form: q1 must be one of "Postgres", "SQLite"`),
      );
      return true;
    });
    await assert.rejects(retry({}, 'no-such-question'), /no question no-such-question is waiting for an answer/);
    const done = await retry({ [id]: { action: 'accept', content: { q1: 'Postgres' } } });
    assert.equal(
      text(done),
      'Your questions have been answered: "Which DB?"="Postgres". You can now continue with these answers in mind.',
    );
    await assert.rejects(
      retry({ [id]: { action: 'cancel' } }),
      new RegExp(`no question ${id} is waiting for an answer`),
    );
  } finally {
    await client.close();
  }
});
