// The registry checks itself at start-up: unique names, compiling schemas, valid examples.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Toolbox } from '../../src/registry/toolbox.js';
import type { ToolDefinition, ToolboxSpec } from '../../src/registry/types.js';

const tool = (over: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name: 't.one',
  summary: 'A tool.',
  inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, additionalProperties: false },
  destructive: false,
  tags: ['x'],
  examples: [{ description: 'n is one', arguments: { n: 1 }, expectedOutcome: 'ok' }],
  idempotency: 'idempotent',
  errorModes: '',
  handler: async () => ({ text: '', host: { tool: 'x' } }),
  ...over,
});
const spec = (tools: ToolDefinition[]): ToolboxSpec => ({
  name: 'box',
  version: '1',
  description: '',
  canonicalFor: [],
  sandboxSummary: () => '',
  tools,
});

test('duplicate tool names are refused', () => {
  assert.throws(() => new Toolbox(spec([tool(), tool()])), { message: 'box: duplicate tool name t.one' });
});

test('a missing or non-object schema is refused', () => {
  assert.throws(() => new Toolbox(spec([tool({ inputSchema: undefined as never })])), {
    message: 'box/t.one: schema does not compile: the input schema is missing or not an object',
  });
  assert.throws(() => new Toolbox(spec([tool({ inputSchema: { type: 'string' } })])), {
    message: 'box/t.one: schema does not compile: the input schema must describe an object (type: "object")',
  });
});

test('a schema that does not compile is refused', () => {
  assert.throws(
    () => new Toolbox(spec([tool({ inputSchema: { type: 'object', properties: { n: { type: 'integr' } } } })])),
    /^Error: box\/t\.one: schema does not compile: schema is invalid: data\/properties\/n\/type must be equal to one of the allowed values/,
  );
});

test('an example whose arguments fail its own schema is refused', () => {
  assert.throws(
    () => new Toolbox(spec([tool({ examples: [{ description: 'bad', arguments: { n: 0 }, expectedOutcome: '' }] })])),
    {
      message: 'box/t.one: example "bad" fails its own schema: n must be >= 1',
    },
  );
});

test('a summary longer than 120 characters or over two lines is refused', () => {
  assert.throws(
    () => new Toolbox(spec([tool({ summary: 'x'.repeat(121) })])),
    /summary must be one line of 1 to 120 characters/,
  );
  assert.throws(() => new Toolbox(spec([tool({ summary: 'a\nb' })])), /summary must be one line/);
});

test('projections: tags get the toolbox name first and once; the description falls back to the summary', () => {
  const box = new Toolbox(spec([tool({ tags: ['box', 'x', 'x', 'read-only'] })]));
  assert.deepEqual(box.listToolSummaries([]).tools, [
    { name: 't.one', description: 'A tool.', tags: ['box', 'x', 'read-only'], destructive: false },
  ]);
  assert.equal(box.describeTool('t.one').tool?.description, 'A tool.');
  assert.equal(box.listTools().tools[0]?.description, 'A tool.');
});
