// What every shape shares: resources (roots, context files through the scope checks),
// the tool-guide prompt rendered with the session's roots, and the core plan tool.
import assert from 'node:assert/strict';
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ServiceError } from '@grpc/grpc-js';
import { status } from '@grpc/grpc-js';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { callTool, serverFixture, startTestServer, structured, tempDir, texts, unary } from '../helpers/server.js';

describe('shape resources, prompts and plan', () => {
  const { t, dir } = serverFixture({ shape: 'core' });
  let outside: { dir: string; cleanup: () => void };

  before(async () => {
    outside = tempDir();
    writeFileSync(path.join(dir, 'AGENTS.md'), '# Rules\nRun the tests before you commit.\n');
    writeFileSync(path.join(outside.dir, 'CLAUDE.md'), 'secret instructions from elsewhere');
  });
  after(async () => {
    outside.cleanup();
  });

  test('resources list the roots and the context files found in them', async () => {
    const res = await unary(t.client.listResources, t.client, {});
    assert.deepEqual(res.resources, [
      {
        uri: 'facet://roots',
        name: 'roots',
        description: 'The directories this toolbox may touch.',
        mimeType: 'application/json',
      },
      {
        uri: `file://${dir}/AGENTS.md`,
        name: 'AGENTS.md',
        description: `Agent instructions in ${dir} (41 bytes).`,
        mimeType: 'text/markdown',
      },
      {
        uri: 'facet://shapes',
        name: 'shapes',
        description: 'The shapes this server serves and the vendor releases they follow (pin one with NAME@VERSION).',
        mimeType: 'application/json',
      },
    ]);
    const roots = await unary(t.client.readResource, t.client, { uri: 'facet://roots' });
    assert.deepEqual(roots.content, [{ body: { $case: 'text', value: JSON.stringify({ roots: [dir] }) } }]);
    const agents = await unary(t.client.readResource, t.client, { uri: `file://${dir}/AGENTS.md` });
    assert.deepEqual(agents.content, [
      { body: { $case: 'text', value: '# Rules\nRun the tests before you commit.\n' } },
    ]);
  });

  test('a context file that links out of the roots is neither listed nor readable', async () => {
    const { dir: d2, cleanup: c2 } = tempDir();
    symlinkSync(path.join(outside.dir, 'CLAUDE.md'), path.join(d2, 'AGENTS.md'));
    const t2 = await startTestServer(['--root', d2, '--shape', 'core']);
    try {
      const res = await unary(t2.client.listResources, t2.client, {});
      assert.deepEqual(
        res.resources.map((r) => r.uri),
        ['facet://roots', 'facet://shapes'],
      );
      await assert.rejects(
        unary(t2.client.readResource, t2.client, { uri: `file://${outside.dir}/CLAUDE.md` }),
        (e: ServiceError) => e.code === status.NOT_FOUND,
      );
      await assert.rejects(
        unary(t2.client.readResource, t2.client, { uri: `file://${d2}/AGENTS.md` }),
        (e: ServiceError) => e.code === status.NOT_FOUND,
      );
    } finally {
      await t2.close();
      c2();
    }
  });

  test('the tool-guide prompt is rendered with the session roots', async () => {
    const list = await unary(t.client.listPrompts, t.client, {});
    assert.deepEqual(
      list.prompts.map((p) => p.name),
      ['tool-guide'],
    );
    const sub = path.join(dir);
    const res = await unary(t.client.getPrompt, t.client, { name: 'tool-guide', arguments: {} });
    assert.equal(res.description, 'Tool guide for facet-core');
    const text = res.messages[0]!.content[0]!.body?.$case === 'text' ? res.messages[0]!.content[0]!.body.value : '';
    assert.ok(text.startsWith(`You work in ${sub}. `), text.slice(0, 80));
    assert.match(text, /Tools: fs\.read, /);
  });

  test('plan.todos replaces, reads back and refuses two items in progress without changing the list', async () => {
    const session = { session: 'plan-1' };
    const set = await callTool(
      t.client,
      'plan.todos',
      {
        todos: [
          { content: 'a', status: 'in_progress' },
          { content: 'b', status: 'pending', id: 'x' },
        ],
      },
      session,
    );
    assert.equal(set.error, '');
    assert.equal(texts(set)[0], '1. [in_progress] a\nx. [pending] b');
    const bad = await callTool(
      t.client,
      'plan.todos',
      {
        todos: [
          { content: 'a', status: 'in_progress' },
          { content: 'b', status: 'in_progress' },
        ],
      },
      session,
    );
    assert.equal(bad.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.equal(bad.error, '2 todos are in_progress; at most 1 may be');
    const read = await callTool(t.client, 'plan.todos', {}, session);
    assert.equal(texts(read)[0], '1. [in_progress] a\nx. [pending] b');
    assert.deepEqual((structured(read)?.todos as unknown[]).length, 2);
    const other = await callTool(t.client, 'plan.todos', {}, { session: 'plan-2' });
    assert.equal(texts(other)[0], 'The todo list is empty.');
  });
});
