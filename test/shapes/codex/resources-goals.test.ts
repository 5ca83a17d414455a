// Codex 0.171.0's MCP-resource tools over Facet's own resources, its goal tools over the
// session's goal, and update_plan behind --codex-update-plan: exact JSON and Codex's words.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { serverFixture, texts, unary } from '../../helpers/server.js';

const SERVER = 'facet-codex';

describe('codex 0.171.0 MCP-resource tools', () => {
  const e = serverFixture({
    shape: 'codex',
    prefix: 'facet-codex-res-',
    session: 'res',
    setup: (dir) => writeFileSync(path.join(dir, 'AGENTS.md'), '# Agents\n'),
  });
  const roots = () => ({
    server: SERVER,
    uri: 'facet://roots',
    name: 'roots',
    description: 'The directories this toolbox may touch.',
    mimeType: 'application/json',
  });
  const agents = () => ({
    server: SERVER,
    uri: `file://${path.join(e.dir, 'AGENTS.md')}`,
    name: 'AGENTS.md',
    description: `Agent instructions in ${e.dir} (9 bytes).`,
    mimeType: 'text/markdown',
  });

  const shapes = () => ({
    server: SERVER,
    uri: 'facet://shapes',
    name: 'shapes',
    description: 'The shapes this server serves and the vendor releases they follow (pin one with NAME@VERSION).',
    mimeType: 'application/json',
  });

  test('list_mcp_resources: every resource with its server first; "server" first when named', async () => {
    const all = await e.call('list_mcp_resources', {});
    assert.equal(all.error, '');
    assert.equal(texts(all)[0], JSON.stringify({ resources: [roots(), agents(), shapes()] }));
    const named = await e.call('list_mcp_resources', { server: SERVER });
    assert.equal(texts(named)[0], JSON.stringify({ server: SERVER, resources: [roots(), agents(), shapes()] }));
    assert.equal(texts(await e.call('list_mcp_resources', { server: '' }))[0], texts(all)[0]);
  });

  test('templates: none; a cursor without a server and an unknown server are refused in Codex words', async () => {
    assert.equal(texts(await e.call('list_mcp_resource_templates', {}))[0], '{"resourceTemplates":[]}');
    assert.equal(
      texts(await e.call('list_mcp_resource_templates', { server: SERVER }))[0],
      `{"server":"${SERVER}","resourceTemplates":[]}`,
    );
    for (const tool of ['list_mcp_resources', 'list_mcp_resource_templates']) {
      assert.equal((await e.call(tool, { cursor: 'x' })).error, 'cursor can only be used when a server is specified');
      assert.equal(
        (await e.call(tool, { server: 'nosuch' })).error,
        "unknown MCP server 'nosuch' for the selected environment",
      );
    }
  });

  test('read_mcp_resource: {server, uri, contents}; a missing one as an MCP -32002', async () => {
    const res = await e.call('read_mcp_resource', { server: SERVER, uri: 'facet://roots' });
    assert.equal(
      texts(res)[0],
      JSON.stringify({
        server: SERVER,
        uri: 'facet://roots',
        contents: [{ uri: 'facet://roots', mimeType: 'application/json', text: JSON.stringify({ roots: [e.dir] }) }],
      }),
    );
    const missing = await e.call('read_mcp_resource', { server: SERVER, uri: 'demo://missing' });
    assert.equal(
      missing.error,
      `resources/read failed: resources/read failed for \`${SERVER}\` (demo://missing): Mcp error: -32002: Resource not found: demo://missing`,
    );
    const other = await e.call('read_mcp_resource', { server: 'nosuch', uri: 'facet://roots' });
    assert.equal(other.error, "unknown MCP server 'nosuch' for the selected environment");
  });
});

describe('codex 0.171.0 goal tools', () => {
  const e = serverFixture({ shape: 'codex', prefix: 'facet-codex-goal-', session: 'goal' });
  /** The answer with its times (Unix seconds, whole) replaced. */
  const json = async (tool: string, args: Record<string, unknown> = {}, session = 'goal') => {
    const res = await e.call(tool, args, session);
    assert.equal(res.error, '', tool);
    const body = JSON.parse(texts(res)[0]!) as { goal: Record<string, unknown> | null };
    if (body.goal) {
      assert.equal(typeof body.goal.createdAt, 'number');
      assert.ok(Number.isInteger(body.goal.updatedAt) && Number.isInteger(body.goal.timeUsedSeconds));
      body.goal.createdAt = body.goal.updatedAt = body.goal.timeUsedSeconds = 0;
      assert.equal(typeof body.goal.threadId, 'string');
      body.goal.threadId = '<session>';
    }
    return JSON.stringify(body);
  };

  test('no goal; create one with a budget; get it; complete it with the report; a new one after', async () => {
    assert.equal(await json('get_goal'), '{"goal":null,"remainingTokens":null,"completionBudgetReport":null}');
    const goal = (status: string, budget = ',"tokenBudget":1000') =>
      `{"threadId":"<session>","objective":"test objective","status":"${status}"${budget},"tokensUsed":0,"timeUsedSeconds":0,"createdAt":0,"updatedAt":0}`;
    assert.equal(
      await json('create_goal', { objective: 'test objective', token_budget: 1000 }),
      `{"goal":${goal('active')},"remainingTokens":1000,"completionBudgetReport":null}`,
    );
    assert.equal(
      await json('get_goal'),
      `{"goal":${goal('active')},"remainingTokens":1000,"completionBudgetReport":null}`,
    );
    const again = await e.call('create_goal', { objective: 'another' }, 'goal');
    assert.equal(
      again.error,
      'cannot create a new goal because this thread has an unfinished goal; complete the existing goal first',
    );
    const report =
      "Goal achieved. Report final usage from this tool result's structured goal fields. If `goal.tokenBudget` is present, include token usage from `goal.tokensUsed` and `goal.tokenBudget`. If `goal.timeUsedSeconds` is greater than 0, summarize elapsed time in a concise, human-friendly form appropriate to the response language.";
    assert.equal(
      await json('update_goal', { status: 'complete' }),
      JSON.stringify({ goal: JSON.parse(goal('complete')), remainingTokens: 1000, completionBudgetReport: report }),
    );
    assert.equal(
      await json('create_goal', { objective: 'test objective' }),
      `{"goal":${goal('active', '')},"remainingTokens":null,"completionBudgetReport":null}`,
    );
  });

  test('update_goal without a goal, and a status outside the enum', async () => {
    const none = await e.call('update_goal', { status: 'paused' }, 'fresh');
    assert.equal(none.error, 'cannot update goal because this thread has no goal');
    const bad = await e.call('update_goal', { status: 'active' }, 'fresh');
    assert.notEqual(bad.error, '');
  });
});

describe('codex update_plan: only with --codex-update-plan', () => {
  const off = serverFixture({ shape: 'codex', prefix: 'facet-codex-plan-off-' });
  const on = serverFixture({ shape: 'codex', prefix: 'facet-codex-plan-on-', args: ['--codex-update-plan'] });
  const names = async (f: typeof on, shape: string) =>
    (await unary(f.t.client.listToolSummaries, f.t.client, { tagsFilter: [] }, { shape })).tools.map((t) => t.name);

  test('off by default; on, after write_stdin, with the enum and no one-in-progress rule', async () => {
    assert.ok(!(await names(off, 'codex')).includes('update_plan'));
    assert.deepEqual((await names(on, 'codex')).slice(0, 3), ['exec_command', 'write_stdin', 'update_plan']);
    const two = await on.call('update_plan', {
      plan: [
        { step: 'a', status: 'in_progress' },
        { step: 'b', status: 'in_progress' },
      ],
    });
    assert.equal(texts(two)[0], 'Plan updated');
    const bad = await on.call('update_plan', { plan: [{ step: 'a', status: 'bogus' }] });
    assert.notEqual(bad.error, '');
    // The set first served keeps its update_plan (one step in progress) either way.
    assert.ok((await names(off, 'codex@0.169.0')).includes('update_plan'));
    assert.ok((await names(on, 'codex@0.169.0')).includes('update_plan'));
  });
});

describe('codex 0.171.0: tools it no longer registers', () => {
  const e = serverFixture({ shape: 'codex', prefix: 'facet-codex-gone-' });

  test('a call answers "unsupported call: <name>", as Codex does; nothing runs', async () => {
    for (const name of ['shell', 'shell_command', 'read_file', 'list_dir', 'grep_files', 'update_plan']) {
      const res = await e.call(name, { command: 'touch ran' });
      assert.equal(res.error, `unsupported call: ${name}`);
      assert.equal(texts(res)[0], `unsupported call: ${name}`);
    }
  });
});
