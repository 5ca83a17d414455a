// Facet's own catalogs through two real agent frameworks' MCP tool conversion, with only the
// model API stubbed (a loopback server speaking OpenAI's documented request and response shapes):
// the OpenAI Agents SDK (MCP tools as strict function tools, Responses API) and the Vercel AI
// SDK (@ai-sdk/mcp tools, Chat Completions). Every tool of core, anthropic and openai reaches
// the API under an accepted name and schema, and a call round-trips to the model.
import assert from 'node:assert/strict';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Agent, MCPServerStreamableHttp, OpenAIProvider, Runner, setTracingDisabled } from '@openai/agents';
import { createMCPClient } from '@ai-sdk/mcp';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs } from 'ai';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { ModelApiStub, toolsOf } from './model-api-stub.js';

const SHAPES = ['core', 'anthropic', 'openai'];
const VIEW = `Here's the result of running \`cat -n\` on notes.txt:\n     1\tone\n     2\ttwo\n     3\t\n`;

describe('Facet catalogs through agent frameworks (model API stubbed on loopback)', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const stub = new ModelApiStub();
  let api: string;
  let listed: string[];

  before(async () => {
    setTracingDisabled(true);
    const t = tempDir('facet-frameworks-');
    dir = realpathSync(t.dir);
    cleanup = t.cleanup;
    writeFileSync(path.join(dir, 'notes.txt'), 'one\ntwo\n');
    server = await startTestServer(['--root', dir, '--shape', SHAPES.join(','), '--mcp-listen', '127.0.0.1:0']);
    api = await stub.start();
  });
  after(async () => {
    await stub.stop();
    await server?.close();
    cleanup?.();
  });

  test('OpenAI Agents SDK: every tool as a strict function tool; the editor view round-trips', async () => {
    const servers = SHAPES.map(
      (shape) =>
        new MCPServerStreamableHttp({
          url: `${server.server.mcpUrl}/${shape}`,
          name: `facet-${shape}`,
          // core's fs_read is the case issue 37 found: the model must get the file's text.
          useStructuredContent: true,
        }),
    );
    for (const s of servers) await s.connect();
    try {
      listed = (await Promise.all(servers.map((s) => s.listTools()))).flat().map((t) => t.name);
      stub.script([
        // What a strict-mode model sends: every property, null for those it does not use.
        () => ({
          call: {
            name: 'str_replace_based_edit_tool',
            arguments: {
              command: 'view',
              path: 'notes.txt',
              view_range: null,
              file_text: null,
              old_str: null,
              new_str: null,
              insert_line: null,
              insert_text: null,
            },
          },
        }),
        () => ({ call: { name: 'fs_read', arguments: { path: 'notes.txt', offset: 2 } } }),
        () => ({ text: 'done' }),
      ]);
      const agent = new Agent({
        name: 'facet-test',
        instructions: 'Use the tools.',
        model: 'stub',
        mcpServers: servers,
        mcpConfig: { convertSchemasToStrict: true },
      });
      const runner = new Runner({
        modelProvider: new OpenAIProvider({ apiKey: 'test', baseURL: api, useResponses: true }),
        tracingDisabled: true,
      });
      const result = await runner.run(agent, 'Show me notes.txt', { maxTurns: 4 });
      assert.equal(result.finalOutput, 'done');
      assert.deepEqual(stub.refused, []);
      const tools = toolsOf('responses', stub.requests[0]!.body);
      assert.deepEqual(tools.map((t) => t.name).sort(), [...listed].sort());
      // Strict everywhere but where a parameter is an open map (environment variables: strict
      // mode cannot say "any string keys"); the SDK sends those three non-strict, and the API takes them.
      assert.deepEqual(
        tools.filter((t) => t.strict !== true).map((t) => t.name),
        ['shell_run', 'shell_start', 'local_shell'],
      );
      // The editor as the model sees it: Facet's flat object, made strict by the SDK (optional
      // parameters required but nullable; the SDK drops the nulls before calling Facet).
      const editor = tools.find((t) => t.name === 'str_replace_based_edit_tool')!;
      const nullable = (s: Record<string, unknown>) => ({ anyOf: [s, { type: 'null' }] });
      assert.deepEqual(editor.parameters, {
        type: 'object',
        properties: {
          command: { type: 'string', enum: ['view', 'create', 'str_replace', 'insert'] },
          path: { type: 'string' },
          view_range: nullable({ type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 }),
          file_text: nullable({ type: 'string' }),
          old_str: nullable({ type: 'string' }),
          new_str: nullable({ type: 'string' }),
          insert_line: nullable({ type: 'integer', minimum: 0 }),
          insert_text: nullable({ type: 'string' }),
        },
        required: ['command', 'path', 'view_range', 'file_text', 'old_str', 'new_str', 'insert_line', 'insert_text'],
        additionalProperties: false,
      });
      // What went back to the model: the editor's whole result (its structuredContent, as asked),
      // and fs_read's line 2, the file's text (core has no structuredContent to prefer).
      const outputs = stub.requests.slice(1).map((r) => {
        const input = r.body.input as Array<Record<string, unknown>>;
        return input.filter((i) => i.type === 'function_call_output').at(-1)?.output;
      });
      assert.deepEqual(outputs, [
        JSON.stringify({ type: 'tool_result', content: VIEW }),
        [{ type: 'input_text', text: 'two' }],
      ]);
    } finally {
      for (const s of servers) await s.close();
    }
  });

  test('Vercel AI SDK: every tool accepted by Chat Completions; the editor view round-trips', async () => {
    const clients = await Promise.all(
      SHAPES.map((shape) => createMCPClient({ transport: { type: 'http', url: `${server.server.mcpUrl}/${shape}` } })),
    );
    try {
      const tools = Object.assign({}, ...(await Promise.all(clients.map((c) => c.tools()))));
      stub.script([
        () => ({ call: { name: 'str_replace_based_edit_tool', arguments: { command: 'view', path: 'notes.txt' } } }),
        () => ({ text: 'done' }),
      ]);
      const openai = createOpenAI({ apiKey: 'test', baseURL: api });
      const r = await generateText({
        model: openai.chat('stub'),
        tools,
        stopWhen: stepCountIs(3),
        prompt: 'Show me notes.txt',
      });
      assert.equal(r.text, 'done');
      assert.deepEqual(stub.refused, []);
      const sent = toolsOf('chat', stub.requests[0]!.body);
      assert.deepEqual(sent.map((t) => t.name).sort(), [...listed].sort());
      // The tool message the model gets back: the view's text first (then its JSON, as the spec asks).
      const messages = stub.requests[1]!.body.messages as Array<Record<string, unknown>>;
      assert.deepEqual(messages.slice(0, 2), [
        { role: 'user', content: 'Show me notes.txt' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'str_replace_based_edit_tool', arguments: '{"command":"view","path":"notes.txt"}' },
            },
          ],
        },
      ]);
      assert.equal(messages[2]!.role, 'tool');
      assert.deepEqual(JSON.parse(messages[2]!.content as string), [
        { type: 'text', text: VIEW },
        { type: 'text', text: JSON.stringify({ type: 'tool_result', content: VIEW }) },
      ]);
      assert.equal(readFileSync(path.join(dir, 'notes.txt'), 'utf8'), 'one\ntwo\n');
    } finally {
      for (const c of clients) await c.close();
    }
  });
});
