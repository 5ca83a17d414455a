// Output schemas: compiled at start-up with the input schemas, and each result's structured
// data held to its tool's schema after the handler returns; a result that breaks it is an
// in-band INTERNAL failure (a bug in Facet), logged, never passed on.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { Toolbox } from '../../src/registry/toolbox.js';
import type { ToolboxSpec, ToolDefinition } from '../../src/registry/types.js';
import { callTool, serverFixture, texts } from '../helpers/server.js';

const OUTPUT = {
  type: 'object',
  properties: { count: { type: 'integer' } },
  required: ['count'],
  additionalProperties: false,
};

/** Returns its `data` argument as the result's structured data, beside a text and a host block. */
function dataTool(name: string, destructive: boolean): ToolDefinition<{ data?: Record<string, unknown> }> {
  return {
    name,
    summary: 'Returns the data it is given.',
    inputSchema: { type: 'object', properties: { data: { type: 'object' } }, additionalProperties: false },
    outputSchema: OUTPUT,
    destructive,
    tags: ['test'],
    examples: [],
    idempotency: 'idempotent',
    errorModes: 'INTERNAL when the data does not match the output schema',
    handler(args) {
      return Promise.resolve({ text: 'counted', host: { tool: name }, ...(args.data ? { data: args.data } : {}) });
    },
  };
}

function spec(tools: ToolDefinition[]): ToolboxSpec {
  return {
    name: 'facet-out',
    version: '0.0.0',
    description: 'output schema tests',
    canonicalFor: [],
    sandboxSummary: () => '',
    tools,
  };
}

describe('output schemas', () => {
  const { t } = serverFixture({
    shape: 'core',
    extraSpecs: new Map([['out', spec([dataTool('out.count', false), dataTool('out.change', true)])]]),
  });

  test('data that matches the output schema is passed on as it is', async () => {
    const res = await callTool(t.client, 'out.count', { data: { count: 3 } }, { shape: 'out' });
    assert.equal(res.error, '');
    assert.equal(res.failure, undefined);
    assert.deepEqual(
      res.content.map((c) => c.body),
      [
        { $case: 'text', value: 'counted' },
        { $case: 'structured', value: { count: 3 } },
        { $case: 'structured', value: { display: { tool: 'out.count' } } },
      ],
    );
  });

  test('data that breaks the output schema is an in-band INTERNAL failure, logged, and the data is not sent', async () => {
    const res = await callTool(t.client, 'out.count', { data: { count: 'three', extra: true } }, { shape: 'out' });
    const text =
      'out.count returned a result that does not match its declared output schema (extra is not in the schema; count must be integer); this is a bug in Facet.';
    assert.equal(res.error, text);
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INTERNAL);
    assert.deepEqual(texts(res), [text]);
    assert.deepEqual(
      res.content.map((c) => c.body),
      [
        { $case: 'text', value: text },
        { $case: 'structured', value: { display: { tool: 'out.count', summary: text, failure: 'internal' } } },
      ],
    );
    const logged = t.logs.find((l) => l.msg === 'result does not match the output schema');
    assert.equal(logged?.tool, 'out.count');
    assert.equal(logged?.mismatch, 'extra is not in the schema; count must be integer');
  });

  test('a success with no data breaks a declared output schema; a destructive tool says it ran', async () => {
    const res = await callTool(t.client, 'out.change', {}, { shape: 'out' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INTERNAL);
    assert.equal(
      res.error,
      'out.change returned a result that does not match its declared output schema (no structured data); this is a bug in Facet. It ran and may have changed something: check before repeating it.',
    );
  });
});

test('an output schema that does not describe an object stops the toolbox at start-up', () => {
  const bad = { ...dataTool('out.count', false), outputSchema: { type: 'string' } };
  assert.throws(() => new Toolbox(spec([bad])), {
    message: 'facet-out/out.count: schema does not compile: the output schema must describe an object (type: "object")',
  });
});
