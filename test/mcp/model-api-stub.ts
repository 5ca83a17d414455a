// A loopback stand-in for the OpenAI API (Responses and Chat Completions), so agent frameworks
// run for real with no network: it records each request, refuses tools the real API refuses
// (a function name outside ^[a-zA-Z0-9_-]{1,128}$, parameters whose root is not a plain object
// schema) with a 400 in the API's error shape, and answers with the replies a test scripts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubTool {
  name: string;
  parameters: Record<string, unknown>;
  strict?: boolean;
  description?: string;
}

export type Api = 'responses' | 'chat';
type Body = Record<string, unknown>;
/** A scripted turn: given the request body, the model's answer (a function call or a message). */
export type Turn = (body: Body) => { call: { name: string; arguments: Record<string, unknown> } } | { text: string };

const NAME = /^[a-zA-Z0-9_-]{1,128}$/;
const ROOT_REFUSED = ['anyOf', 'oneOf', 'allOf', 'not', 'enum'];

/** Why the API would refuse this tool, or undefined. */
function refusal(t: StubTool): string | undefined {
  if (!NAME.test(t.name)) return `Invalid tool name '${t.name}': it must match ^[a-zA-Z0-9_-]{1,128}$`;
  if (t.parameters.type !== 'object') return `Invalid schema for function '${t.name}': the root must be type "object"`;
  const bad = ROOT_REFUSED.filter((k) => k in t.parameters);
  if (bad.length > 0) return `Invalid schema for function '${t.name}': ${bad.join(', ')} at the top level`;
  return undefined;
}

/** The tools of a request, whichever API it is for. */
export function toolsOf(api: Api, body: Body): StubTool[] {
  const tools = (body.tools ?? []) as Array<Record<string, unknown>>;
  return api === 'responses' ? (tools as unknown as StubTool[]) : tools.map((t) => t.function as StubTool);
}

function answer(api: Api, turn: ReturnType<Turn>, n: number): Body {
  const usage =
    api === 'responses'
      ? {
          input_tokens: 1,
          output_tokens: 1,
          total_tokens: 2,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens_details: { reasoning_tokens: 0 },
        }
      : { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
  if (api === 'responses') {
    const output =
      'call' in turn
        ? [
            {
              type: 'function_call',
              id: `fc_${n}`,
              call_id: `call_${n}`,
              name: turn.call.name,
              arguments: JSON.stringify(turn.call.arguments),
              status: 'completed',
            },
          ]
        : [
            {
              type: 'message',
              id: `msg_${n}`,
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: turn.text, annotations: [] }],
            },
          ];
    return { id: `resp_${n}`, object: 'response', created_at: 0, model: 'stub', status: 'completed', output, usage };
  }
  const message =
    'call' in turn
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: `call_${n}`,
              type: 'function',
              function: { name: turn.call.name, arguments: JSON.stringify(turn.call.arguments) },
            },
          ],
        }
      : { role: 'assistant', content: turn.text };
  return {
    id: `chatcmpl-${n}`,
    object: 'chat.completion',
    created: 0,
    model: 'stub',
    choices: [{ index: 0, message, finish_reason: 'call' in turn ? 'tool_calls' : 'stop', logprobs: null }],
    usage,
  };
}

export class ModelApiStub {
  /** Every request body, in order, with the API it was for. */
  readonly requests: Array<{ api: Api; body: Body }> = [];
  /** Every refusal sent. */
  readonly refused: string[] = [];
  private turns: Turn[] = [];
  private server?: Server;

  /** The turns the next requests get, one each. */
  script(turns: Turn[]): void {
    this.turns = [...turns];
    this.requests.length = 0;
    this.refused.length = 0;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (d: Buffer) => (raw += d.toString()));
      req.on('end', () => {
        const api: Api | undefined = req.url?.endsWith('/responses')
          ? 'responses'
          : req.url?.endsWith('/chat/completions')
            ? 'chat'
            : undefined;
        const send = (status: number, body: Body) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.method !== 'POST' || !api) return send(404, { error: { message: `no route ${req.url}` } });
        const body = JSON.parse(raw) as Body;
        this.requests.push({ api, body });
        const why = toolsOf(api, body)
          .map(refusal)
          .find((r) => r !== undefined);
        if (why) {
          this.refused.push(why);
          return send(400, { error: { message: why, type: 'invalid_request_error', param: 'tools', code: null } });
        }
        const turn = this.turns.shift();
        if (!turn) return send(500, { error: { message: 'the test scripted no more turns' } });
        send(200, answer(api, turn(body), this.requests.length));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
