// Real clients of a host in the loop, shared by the host-question tests of every shape: the
// official MCP SDK client with an elicitation handler (and one without the capability), and a
// gRPC client that takes input_required events on CallToolStream and answers with AnswerInput.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitRequestSchema,
  type CallToolResult,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import {
  CallToolEvent,
  InputAction,
  ToolboxStreamClient,
  type AnswerInputRequest,
  type AnswerInputResponse,
  type InputRequired,
} from '../../src/gen/facet/toolbox/v1/stream.js';
import { metadataFor, withServer, type TestServer } from './server.js';

/** The text of an MCP tool result. */
export const mcpText = (r: CallToolResult): string =>
  r.content
    .filter((c) => c.type === 'text')
    .map((c) => (c as { text: string }).text)
    .join('\n');

export interface McpHost {
  /** What the next elicitation is answered with. */
  answer: (req: ElicitRequest) => ElicitResult;
  /** Every elicitation the handler saw. */
  asked: ElicitRequest[];
  /** Calls a tool as the client that answers elicitations. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Calls a tool as a client that declared no elicitation. */
  callPlain(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

/** Two MCP clients of the fixture's server at /<shape>, connected before and closed after the tests. */
export function mcpHost(t: TestServer, shape: string): McpHost {
  let eliciting: Client;
  let plain: Client;
  const host: McpHost = {
    answer: () => ({ action: 'cancel' }),
    asked: [],
    call: async (name, args) => (await eliciting.callTool({ name, arguments: args })) as CallToolResult,
    callPlain: async (name, args) => (await plain.callTool({ name, arguments: args })) as CallToolResult,
  };
  const connect = async (capabilities: Record<string, unknown>) => {
    const client = new Client({ name: 'host-test', version: '1.0.0' }, { capabilities });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.server.mcpUrl}/${shape}`)));
    return client;
  };
  before(async () => {
    eliciting = await connect({ elicitation: { form: {} } });
    eliciting.setRequestHandler(ElicitRequestSchema, async (req) => {
      host.asked.push(req);
      return host.answer(req);
    });
    plain = await connect({});
  });
  after(async () => {
    await eliciting?.close();
    await plain?.close();
  });
  return host;
}

export interface Streamed {
  events: CallToolEvent[];
  /** The first input_required event. */
  question: Promise<InputRequired>;
  final: Promise<CallToolResponse>;
}

export interface GrpcHost {
  /** Starts a CallToolStream call in `session`. */
  stream(name: string, args: Record<string, unknown>, session?: string): Streamed;
  /** Answers a question with AnswerInput, as `session`. */
  answerInput(req: Partial<AnswerInputRequest>, session?: string): Promise<AnswerInputResponse>;
}

/** A gRPC ToolboxStream client of the fixture's server, open for the tests. */
export function grpcHost(t: TestServer): GrpcHost {
  let client: ToolboxStreamClient;
  before(() => {
    client = new ToolboxStreamClient(t.address, grpc.credentials.createInsecure());
  });
  after(() => client.close());
  return {
    stream(name, args, session = 'g') {
      const events: CallToolEvent[] = [];
      const c = client.callToolStream({ name, arguments: args, roots: [] }, metadataFor({ session }));
      let asked!: (q: InputRequired) => void;
      const question = new Promise<InputRequired>((resolve) => (asked = resolve));
      const final = new Promise<CallToolResponse>((resolve, reject) => {
        c.on('data', (e: CallToolEvent) => {
          events.push(e);
          if (e.event?.$case === 'inputRequired') asked(e.event.value);
          if (e.event?.$case === 'response') resolve(e.event.value);
        });
        c.on('error', reject);
      });
      return { events, question, final };
    },
    answerInput: (req, session = 'g') =>
      new Promise<AnswerInputResponse>((resolve, reject) =>
        client.answerInput(
          { id: '', action: InputAction.INPUT_ACTION_UNSPECIFIED, content: undefined, message: '', ...req },
          metadataFor({ session }),
          (err, res) => (err ? reject(err) : resolve(res!)),
        ),
      ),
  };
}

/**
 * A server of `shape` whose questions end after 30 ms: `name` is called on CallToolStream and
 * nobody answers. `check` gets the client (still open), the question and the final response,
 * after asserting that the stream was exactly the question and the response.
 */
export async function unansweredCall(
  shape: string,
  name: string,
  args: Record<string, unknown>,
  check: (client: ToolboxStreamClient, question: InputRequired, response: CallToolResponse) => Promise<void>,
): Promise<void> {
  await withServer({ shape, args: ['--ask-timeout-ms', '30'] }, async (t) => {
    const client = new ToolboxStreamClient(t.address, grpc.credentials.createInsecure());
    try {
      const c = client.callToolStream({ name, arguments: args, roots: [] });
      const events: CallToolEvent[] = [];
      await new Promise<void>((resolve, reject) => {
        c.on('data', (e: CallToolEvent) => events.push(e));
        c.on('end', resolve);
        c.on('error', reject);
      });
      assert.deepEqual(
        events.map((e) => e.event?.$case),
        ['inputRequired', 'response'],
      );
      const question = (events[0]!.event as { value: InputRequired }).value;
      await check(client, question, (events[1]!.event as { value: CallToolResponse }).value);
    } finally {
      client.close();
    }
  });
}
