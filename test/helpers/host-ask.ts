// Real clients that answer a server's questions to the host, for the host-in-the-loop tests: the
// official MCP SDK client with an elicitation handler (and one without the capability), and a gRPC
// client that reads input_required events on CallToolStream and answers them with AnswerInput.
// Each registers its own before/after hooks inside the describe that calls it.
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
import { metadataFor, type TestServer } from './server.js';

/** The text blocks of an MCP result, joined. */
export const mcpText = (r: CallToolResult): string =>
  r.content
    .filter((c) => c.type === 'text')
    .map((c) => (c as { text: string }).text)
    .join('\n');

export interface McpHost {
  /** What the next elicitation is answered with (default: cancel). */
  answer: (req: ElicitRequest) => ElicitResult;
  /** Every elicitation the handler saw. */
  readonly asked: ElicitRequest[];
  /** A call from the client that answers elicitations, or from the one that declared no capability. */
  call(client: 'eliciting' | 'plain', name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

/** Two MCP clients of the shape at `mcpPath` (as /claude) of the fixture's MCP listener. */
export function mcpHost(t: TestServer, mcpPath: string): McpHost {
  const clients: Partial<Record<'eliciting' | 'plain', Client>> = {};
  const host: McpHost = {
    answer: () => ({ action: 'cancel' }),
    asked: [],
    async call(which, name, args) {
      return (await clients[which]!.callTool({ name, arguments: args })) as CallToolResult;
    },
  };
  const connect = async (capabilities: Record<string, unknown>) => {
    const client = new Client({ name: 'host-test', version: '1.0.0' }, { capabilities });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.server.mcpUrl}${mcpPath}`)));
    return client;
  };
  before(async () => {
    clients.eliciting = await connect({ elicitation: { form: {} } });
    clients.eliciting.setRequestHandler(ElicitRequestSchema, async (req) => {
      host.asked.push(req);
      return host.answer(req);
    });
    clients.plain = await connect({});
  });
  after(async () => {
    await clients.eliciting?.close();
    await clients.plain?.close();
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
  /** A call on CallToolStream in `session` (default g). */
  stream(name: string, args: Record<string, unknown>, session?: string): Streamed;
  /** An AnswerInput from `session` (default g). */
  answerInput(req: Partial<AnswerInputRequest>, session?: string): Promise<AnswerInputResponse>;
}

/** A ToolboxStream client of the fixture's gRPC server. */
export function grpcHost(t: TestServer): GrpcHost {
  let client!: ToolboxStreamClient;
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
