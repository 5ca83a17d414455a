// The host-in-the-loop clients of test/helpers/host-ask.ts in the form the kimi tests call them
// (a call per client kind, the shape's name for its MCP path), and a call nobody answers.
import assert from 'node:assert/strict';
import * as grpc from '@grpc/grpc-js';
import type { CallToolResult, ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { CallToolEvent, ToolboxStreamClient, type InputRequired } from '../../src/gen/facet/toolbox/v1/stream.js';
import { mcpHost as askingHost } from './host-ask.js';
import { withServer, type TestServer } from './server.js';

export { grpcHost, mcpText } from './host-ask.js';

export interface McpHost {
  /** What the next elicitation is answered with. */
  answer: (req: ElicitRequest) => ElicitResult;
  /** Every elicitation received, in order. */
  readonly asked: ElicitRequest[];
  /** Calls a tool as the client that answers elicitations. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Calls a tool as a client that declared no elicitation. */
  callPlain(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

/** Two MCP clients of the fixture's server at /<shape>, connected before and closed after the tests. */
export function mcpHost(t: TestServer, shape: string): McpHost {
  const h = askingHost(t, `/${shape}`);
  return {
    get answer() {
      return h.answer;
    },
    set answer(fn) {
      h.answer = fn;
    },
    asked: h.asked,
    call: (name, args) => h.call('eliciting', name, args),
    callPlain: (name, args) => h.call('plain', name, args),
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
