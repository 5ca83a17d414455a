// The registry checks itself at start-up: unique names, compiling schemas, valid examples.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Toolbox } from '../../src/registry/toolbox.js';
import type { RequestContext, ToolDefinition, ToolboxSpec } from '../../src/registry/types.js';

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

describe('schemas compiled at the first call (compile: first-call)', () => {
  const warnings: string[] = [];
  const ctx = { logger: { warn: (o: { err?: string }) => warnings.push(String(o.err)) } } as unknown as RequestContext;

  test('a bad argument gets the same violations as from a toolbox compiled at construction', async () => {
    const eager = new Toolbox(spec([tool()]));
    const lazy = new Toolbox(spec([tool()]), undefined, { compile: 'first-call' });
    const [a, b] = await Promise.all([eager.call('t.one', { n: 0 }, ctx), lazy.call('t.one', { n: 0 }, ctx)]);
    assert.equal(b.result.text, 'invalid arguments for t.one: n must be >= 1');
    assert.deepEqual(b, a);
    assert.equal((await lazy.call('t.one', { n: 2 }, ctx)).outcome, 'ok');
  });

  test('a schema that does not compile is not built at construction, and its call fails in band', async () => {
    const bad = tool({ inputSchema: { type: 'object', properties: { n: { type: 'integr' } } } });
    const lazy = new Toolbox(spec([bad, tool({ name: 't.two' })]), undefined, { compile: 'first-call' });
    assert.deepEqual(lazy.toolNames, ['t.one', 't.two']);
    const out = await lazy.call('t.one', { n: 1 }, ctx);
    assert.equal(out.outcome, 'internal');
    assert.match(
      out.result.text,
      /^box\/t\.one: schema does not compile: schema is invalid: data\/properties\/n\/type/,
    );
    assert.equal(warnings.length, 1);
    // The other tool is untouched by it.
    assert.equal((await lazy.call('t.two', { n: 1 }, ctx)).outcome, 'ok');
  });

  test('a schema that is not an object schema is still refused at construction', () => {
    assert.throws(
      () => new Toolbox(spec([tool({ inputSchema: { type: 'string' } })]), undefined, { compile: 'first-call' }),
      {
        message: 'box/t.one: schema does not compile: the input schema must describe an object (type: "object")',
      },
    );
  });
});
