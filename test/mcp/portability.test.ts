// Facet's own catalogs (core, anthropic, openai) over MCP keep the portability rules of issue 37:
// every name and every input and output schema, listed by a real MCP client from a real server;
// per-command rules refused in-band at run time; structuredContent only as the whole result
// under the declared output schema, serialized in a last text block too.
import assert from 'node:assert/strict';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { createAjv } from '../../src/registry/validate.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { connectHttp, type Connected } from './fixture.js';
import { PORTABLE_NAME, portabilityViolations } from './portability-rules.js';

/** The shapes whose schemas Facet writes; the vendor CLI shapes keep their vendors' exact schemas. */
const FACET_AUTHORED = ['core', 'anthropic', 'openai'];

test('the rules catch each non-portable construct', () => {
  assert.deepEqual(portabilityViolations({ type: 'object', properties: { a: { type: 'string' } } }), []);
  assert.deepEqual(portabilityViolations({ oneOf: [{ type: 'object' }] }), [
    'root: type is undefined, not "object"',
    'root: oneOf',
  ]);
  assert.deepEqual(
    portabilityViolations({
      type: 'object',
      properties: {
        a: { not: { const: 0 } },
        b: { type: ['integer', 'null'] },
        c: { type: 'array', items: { type: 'number', exclusiveMinimum: 0 } },
        d: { anyOf: [{ type: 'object', properties: { t: { const: 'x' } } }] },
        // A property named like a keyword is a property, not the keyword.
        const: { type: 'string' },
      },
      allOf: [{ if: {}, then: {} }],
    }),
    [
      'root: allOf',
      '#/allOf/0: if',
      '#/allOf/0: then',
      '#/properties/a: not',
      '#/properties/a/not: const',
      '#/properties/b: type array ["integer","null"]',
      '#/properties/c/items: exclusiveMinimum',
      '#/properties/d/anyOf/0/properties/t: const',
    ],
  );
});

describe('portability of the Facet-authored catalogs over MCP', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const clients = new Map<string, Connected>();
  const catalogs = new Map<string, Tool[]>();

  before(async () => {
    const t = tempDir('facet-mcp-portable-');
    dir = realpathSync(t.dir);
    cleanup = t.cleanup;
    writeFileSync(path.join(dir, 'notes.txt'), 'one\ntwo\n');
    server = await startTestServer(['--root', dir, '--shape', FACET_AUTHORED.join(','), '--mcp-listen', '127.0.0.1:0']);
    for (const shape of FACET_AUTHORED) {
      const c = await connectHttp(`${server.server.mcpUrl}/${shape}`);
      clients.set(shape, c);
      catalogs.set(shape, (await c.client.listTools()).tools);
    }
  });
  after(async () => {
    for (const c of clients.values()) await c.close();
    await server?.close();
    cleanup?.();
  });

  test('every name is one the model APIs accept, core as fs_read and so on', () => {
    for (const [shape, tools] of catalogs) {
      assert.deepEqual(
        tools.map((t) => t.name).filter((n) => !PORTABLE_NAME.test(n)),
        [],
        shape,
      );
    }
    assert.deepEqual(
      catalogs
        .get('core')!
        .map((t) => t.name)
        .slice(0, 3),
      ['fs_read', 'fs_read_many', 'fs_write'],
    );
    // Descriptions name the tools as they are listed: fs.stat's mentions fs.list and fs.read.
    const descriptions = catalogs.get('core')!.map((t) => t.description!);
    assert.deepEqual(
      descriptions.flatMap((d) => d.match(/(?<![\w.])(?:fs|search|shell|web|plan|code)\.[a-z_]+/g) ?? []),
      [],
    );
    const stat = catalogs.get('core')!.find((t) => t.name === 'fs_stat')!;
    assert.match(stat.description!, /fs_list/);
    assert.match(stat.description!, /fs_read/);
  });

  test('every input and output schema is a plain object without combinators, const, not, type arrays or exclusive bounds', () => {
    const found: string[] = [];
    for (const [shape, tools] of catalogs) {
      for (const t of tools) {
        for (const v of portabilityViolations(t.inputSchema)) found.push(`${shape}/${t.name} input ${v}`);
        if (t.outputSchema)
          for (const v of portabilityViolations(t.outputSchema)) found.push(`${shape}/${t.name} output ${v}`);
      }
    }
    assert.deepEqual(found, []);
    // What was counted: every tool of the three catalogs.
    assert.deepEqual(
      FACET_AUTHORED.map((s) => catalogs.get(s)!.length),
      [26, 4, 3],
    );
  });

  test("a command's own required parameters are stated in the description and refused in-band when missing", async () => {
    const editor = catalogs.get('anthropic')!.find((t) => t.name === 'str_replace_based_edit_tool')!;
    assert.match(editor.description!, /create: file_text; str_replace: old_str; insert: insert_line and insert_text\./);
    const r = (await clients.get('anthropic')!.client.callTool({
      name: 'str_replace_based_edit_tool',
      arguments: { command: 'create', path: 'new.txt' },
    })) as CallToolResult;
    assert.equal(r.isError, true);
    assert.deepEqual(r.content[0], { type: 'text', text: 'Parameter `file_text` is required for command: create' });
    const patch = (await clients.get('openai')!.client.callTool({
      name: 'apply_patch',
      arguments: { type: 'update_file', path: 'notes.txt' },
    })) as CallToolResult;
    assert.equal(patch.isError, true);
    assert.deepEqual(patch.structuredContent, {
      type: 'apply_patch_call_output',
      status: 'failed',
      output: 'Apply patch operation update_file is missing the required diff payload.',
    });
    assert.equal(readFileSync(path.join(dir, 'notes.txt'), 'utf8'), 'one\ntwo\n');
    const bash = (await clients.get('anthropic')!.client.callTool({ name: 'bash', arguments: {} })) as CallToolResult;
    assert.equal(bash.isError, true);
    assert.deepEqual(bash.content[0], { type: 'text', text: 'no command provided.' });
  });

  test('structuredContent is the whole result under the declared output schema, and the last text block', async () => {
    const ajv = createAjv();
    const check = (shape: string, tool: string, r: CallToolResult) => {
      const declared = catalogs.get(shape)!.find((t) => t.name === tool)!.outputSchema;
      assert.ok(declared, `${shape}/${tool} declares an output schema`);
      assert.ok(r.structuredContent, `${shape}/${tool} returns structuredContent`);
      assert.equal(ajv.validate(declared, r.structuredContent), true, JSON.stringify(ajv.errors));
      assert.deepEqual(r.content.at(-1), { type: 'text', text: JSON.stringify(r.structuredContent) });
    };
    const view = (await clients.get('anthropic')!.client.callTool({
      name: 'str_replace_based_edit_tool',
      arguments: { command: 'view', path: 'notes.txt' },
    })) as CallToolResult;
    check('anthropic', 'str_replace_based_edit_tool', view);
    const shown = `Here's the result of running \`cat -n\` on notes.txt:\n     1\tone\n     2\ttwo\n     3\t\n`;
    assert.deepEqual(view.structuredContent, { type: 'tool_result', content: shown });
    assert.deepEqual(view.content[0], { type: 'text', text: shown });

    const shell = (await clients.get('openai')!.client.callTool({
      name: 'shell',
      arguments: { commands: ['echo hi'], timeout_ms: null },
    })) as CallToolResult;
    check('openai', 'shell', shell);
    assert.deepEqual(shell.structuredContent, {
      type: 'shell_call_output',
      output: [{ stdout: 'hi\n', stderr: '', outcome: { type: 'exit', exit_code: 0 } }],
    });

    // core declares no output schema: no structuredContent, whatever the tool returns.
    for (const t of catalogs.get('core')!) assert.equal(t.outputSchema, undefined, t.name);
    const read = (await clients.get('core')!.client.callTool({
      name: 'fs_read',
      arguments: { path: 'notes.txt' },
    })) as CallToolResult;
    assert.equal('structuredContent' in read, false);
    assert.deepEqual(read.content, [{ type: 'text', text: 'one\ntwo' }]);
  });
});
