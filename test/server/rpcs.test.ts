// Every RPC of the contract over a real socket with the generated client, and each in-band error.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { status, type ServiceError } from '@grpc/grpc-js';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { Code } from '../../src/gen/google/rpc/code.js';
import { callTool, serverFixture, structured, texts, unary } from '../helpers/server.js';
import { testShape } from '../helpers/test-shape.js';

describe('toolbox RPCs over gRPC', () => {
  const { t, dir } = serverFixture({ shape: 'core', extraSpecs: new Map([['test', testShape()]]) });

  before(async () => {
    mkdirSync(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'sub', 'a.txt'), 'alpha\nbeta\n');
  });

  test('Identity names the shape and summarises the sandbox', async () => {
    const res = await unary(t.client.identity, t.client, {});
    assert.equal(res.name, 'facet-core');
    assert.equal(res.version, '0.1.0');
    assert.deepEqual(res.canonicalFor, ['filesystem']);
    assert.match(res.sandboxSummary, new RegExp(`^roots: ${dir.replace(/[/.]/g, '\\$&')}; `));
    const other = await unary(t.client.identity, t.client, {}, { shape: 'test' });
    assert.equal(other.name, 'facet-test');
  });

  test('ListTools (deprecated) still lists the heavy catalog', async () => {
    const res = await unary(t.client.listTools, t.client, {});
    const read = res.tools.find((x) => x.name === 'fs.read');
    assert.ok(read);
    assert.equal(read.destructive, false);
    assert.equal((read.inputSchema as { type: string }).type, 'object');
    assert.ok(read.description.length > 50, 'long description served');
  });

  test('ListToolSummaries prepends the toolbox name once and filters by every tag (AND)', async () => {
    const all = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { shape: 'test' });
    assert.deepEqual(
      all.tools.map((x) => x.name),
      ['test.throw', 'test.wait', 'test.echo'],
    );
    assert.deepEqual(all.tools[1]!.tags, ['facet-test', 'test', 'slow']);
    const slow = await unary(t.client.listToolSummaries, t.client, { tagsFilter: ['test', 'slow'] }, { shape: 'test' });
    assert.deepEqual(
      slow.tools.map((x) => x.name),
      ['test.wait'],
    );
    const none = await unary(
      t.client.listToolSummaries,
      t.client,
      { tagsFilter: ['slow', 'read-only'] },
      { shape: 'test' },
    );
    assert.deepEqual(none.tools, []);
    const byName = await unary(t.client.listToolSummaries, t.client, { tagsFilter: ['facet-test'] }, { shape: 'test' });
    assert.equal(byName.tools.length, 3);
  });

  test('DescribeTool returns the full spec, or an in-band error for an unknown name', async () => {
    const res = await unary(t.client.describeTool, t.client, { name: 'test.wait' }, { shape: 'test' });
    assert.equal(res.error, '');
    assert.equal(res.tool?.name, 'test.wait');
    assert.equal(res.tool?.idempotency, 'idempotent');
    assert.deepEqual(res.tool?.examples, [
      { description: 'wait 1 ms', arguments: { label: 'x', ms: 1 }, expectedOutcome: 'waited' },
    ]);
    assert.deepEqual((res.tool?.inputSchema as { required: string[] }).required, ['label', 'ms']);
    const missing = await unary(t.client.describeTool, t.client, { name: 'nope' }, { shape: 'test' });
    assert.equal(missing.tool, undefined);
    assert.equal(
      missing.error,
      'facet-test has no tool named "nope". Available tools: test.throw, test.wait, test.echo.',
    );
  });

  test('CallTool of an unknown tool is an in-band NOT_FOUND', async () => {
    const res = await callTool(t.client, 'fs.nope', {});
    assert.match(res.error, /^facet-core has no tool named "fs.nope"\. Available tools: fs\.read, /);
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
    assert.equal(res.failure?.transportCode, Code.NOT_FOUND);
    // The text comes first as content too, then a block for a person.
    assert.deepEqual(texts(res), [res.error]);
    assert.deepEqual(structured(res), { display: { tool: 'fs.nope', summary: res.error, failure: 'not_found' } });
    assert.equal(res.content[0]?.body?.$case, 'text');
  });

  test('invalid arguments give INVALID_ARGUMENT with one field violation per bad field', async () => {
    const res = await callTool(t.client, 'fs.read', { path: 7, offset: 0, bogus: true, limit: 'x' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(res.failure?.retryable, false);
    const v = Object.fromEntries(res.failure!.fieldViolations.map((f) => [f.field, f.description]));
    assert.deepEqual(v, {
      bogus: 'is not a known parameter',
      path: 'must be string',
      offset: 'must not be 0',
      limit: 'must be integer',
    });
    assert.match(res.error, /^invalid arguments for fs\.read: /);
    assert.deepEqual(texts(res), [res.error]);
    assert.deepEqual(structured(res), {
      display: { tool: 'fs.read', summary: res.error, failure: 'invalid_argument' },
    });
    const missing = await callTool(t.client, 'fs.read', {});
    assert.deepEqual(missing.failure?.fieldViolations, [{ field: 'path', description: 'is required' }]);
  });

  test('a throwing handler is an in-band INTERNAL failure and the server keeps serving', async () => {
    const res = await callTool(t.client, 'test.throw', {}, { shape: 'test' });
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INTERNAL);
    assert.equal(res.error, 'internal error: boom: a bug in the handler');
    assert.deepEqual(texts(res), ['internal error: boom: a bug in the handler']);
    assert.deepEqual(structured(res), {
      display: { tool: 'test.throw', summary: 'internal error: boom: a bug in the handler', failure: 'internal' },
    });
    const ok = await callTool(t.client, 'test.echo', { text: 'still here' }, { shape: 'test' });
    assert.equal(ok.error, '');
    assert.deepEqual(texts(ok), ['still here']);
  });

  test('the session comes from facet-session; absent, the default session', async () => {
    const a = await callTool(t.client, 'test.echo', { text: 'x' }, { shape: 'test', session: 'conv-42' });
    assert.equal(structured(a)?.session, 'conv-42');
    const b = await callTool(t.client, 'test.echo', { text: 'x' }, { shape: 'test' });
    assert.equal(structured(b)?.session, 'default');
  });

  test('CallToolRequest.roots narrows the scope and never widens it', async () => {
    const sub = path.join(dir, 'sub');
    const narrowed = await callTool(t.client, 'test.echo', { text: 'x' }, { shape: 'test', roots: [sub] });
    assert.deepEqual(structured(narrowed)?.roots, [sub]);
    const inside = await callTool(t.client, 'fs.read', { path: path.join(sub, 'a.txt') }, { roots: [sub] });
    assert.deepEqual(texts(inside), ['alpha\nbeta']);
    const outside = await callTool(
      t.client,
      'fs.read',
      { path: path.join(dir, 'sub', '..', 'sub', 'a.txt') },
      { roots: [path.join(dir, 'other')] },
    );
    assert.equal(outside.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
    const wider = await callTool(t.client, 'test.echo', { text: 'x' }, { shape: 'test', roots: ['/'] });
    assert.equal(wider.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
    assert.equal(wider.error, 'root / is outside the toolbox scope');
  });

  test('an unknown facet-shape is a clear INVALID_ARGUMENT status', async () => {
    await assert.rejects(unary(t.client.identity, t.client, {}, { shape: 'klingon' }), (err: ServiceError) => {
      assert.equal(err.code, status.INVALID_ARGUMENT);
      assert.equal(err.details, 'unknown shape "klingon" in facet-shape; this server serves: core, test');
      return true;
    });
  });

  test('resources and prompts answer correctly from an empty catalog', async () => {
    assert.deepEqual(await unary(t.client.listResources, t.client, {}, { shape: 'test' }), { resources: [] });
    assert.deepEqual(await unary(t.client.listPrompts, t.client, {}, { shape: 'test' }), { prompts: [] });
    await assert.rejects(
      unary(t.client.readResource, t.client, { uri: 'file:///x' }, { shape: 'test' }),
      (e: ServiceError) => e.code === status.NOT_FOUND,
    );
    await assert.rejects(
      unary(t.client.getPrompt, t.client, { name: 'guide', arguments: {} }, { shape: 'test' }),
      (e: ServiceError) => e.code === status.NOT_FOUND,
    );
  });

  test('a deadline fires the handler signal as a timeout', async () => {
    const res = callTool(t.client, 'test.wait', { label: 'deadline', ms: 30_000 }, { shape: 'test', deadlineMs: 300 });
    await assert.rejects(res, (e: ServiceError) => e.code === status.DEADLINE_EXCEEDED);
    // The server notices the deadline too and aborts the handler's signal.
    for (let i = 0; i < 100 && !t.logs.some((l) => l.tool === 'test.wait' && l.outcome); i++)
      await new Promise((r) => setTimeout(r, 20));
    const line = t.logs.find((l) => l.tool === 'test.wait');
    assert.ok(line, 'the call was logged');
    assert.ok(line.outcome === 'timeout' || line.outcome === 'cancelled', `outcome ${String(line.outcome)}`);
  });

  test('one JSON log line per call, without argument values', async () => {
    await callTool(t.client, 'test.echo', { text: 'SECRET-VALUE-123' }, { shape: 'test', session: 'log-check' });
    const line = t.logs.find((l) => l.session === 'log-check');
    assert.ok(line);
    assert.deepEqual(Object.keys(line).sort(), [
      'contentItems',
      'durationMs',
      'level',
      'outcome',
      'rpc',
      'service',
      'session',
      'shape',
      'time',
      'tool',
    ]);
    assert.equal(line.tool, 'test.echo');
    assert.equal(line.shape, 'test');
    assert.equal(line.outcome, 'ok');
    assert.equal(typeof line.durationMs, 'number');
    assert.ok(!JSON.stringify(t.logs).includes('SECRET-VALUE-123'));
  });

  test('a message over the size limit is refused with RESOURCE_EXHAUSTED', async () => {
    const big = 'x'.repeat(t.config.maxMessageBytes + 10);
    await assert.rejects(
      callTool(t.client, 'test.echo', { text: big }, { shape: 'test' }),
      (e: ServiceError) => e.code === status.RESOURCE_EXHAUSTED,
    );
  });
});
