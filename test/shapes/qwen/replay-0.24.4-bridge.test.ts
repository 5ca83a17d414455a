// Qwen Code's tool-search.test.ts (@093b5f8b, 27 cases) and tool-call.test.ts (@074b4ad4, 22)
// replayed against qwen@0.24.4's bridge over a real server. Qwen's tests register mock tools;
// here the shape's own deferred tools (enter_worktree, exit_worktree, lsp, monitor,
// read_mcp_resource, task_stop, web_fetch) stand for them.
// Counts (checked by the ledger test): matched 24, deliberate 2, skipped 23 of 49.
// Deliberate (2): keyword scores use no vendor search hints (Facet's tools have none); keyword
//   search does not drop tools "already revealed" (Facet's tool list never changes in a session, so
//   no tool is revealed; a direct call runs the tool without changing the list).
// Skipped: tool-search: exact-vs-substring and MCP-vs-built-in scoring (no pair of the shape's
//   tools isolates them), the reveal into getFunctionDeclarations, setTools failures and roll-back,
//   a null client, clearRevealedDeferredTools (behaviours of the stored version before 0.24.2:
//   0.24.4's tool_search changes no tool list); tool-call: direct execution outside the scheduler,
//   a throwing tool factory, every sub-agent, teammate and leader-only gate (12: sub-agents need a
//   model), and tool_call without tool_search (Facet always serves both).
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { serverFixture, unary } from '../../helpers/server.js';
import { caller } from '../gemini/harness.js';
import { ledger } from './ledger.js';

const SEARCH = 'tool-search.test.ts';
const CALL = 'tool-call.test.ts';
const { replay, check } = ledger({
  [SEARCH]: {
    total: 27,
    deliberate: {
      'scores searchHint word matches': 'Facet declares no vendor search hints',
      'keyword search excludes already-revealed deferred tools':
        'no tool is ever revealed: Facet keeps the tool list of a session fixed',
    },
    skipped:
      'exact-vs-substring and MCP scoring (no isolating pair among the shape tools), reveal into declarations, setTools failure, roll-back, null client, clearRevealedDeferredTools (pre-0.24.2 behaviour)',
  },
  [CALL]: {
    total: 22,
    deliberate: {},
    skipped:
      'direct execution outside the scheduler, a throwing factory, sub-agent/teammate/leader-only gates (12), a bridge without tool_search (2)',
  },
});

describe('Qwen Code tool-search and tool-call tests replayed against qwen@0.24.4', () => {
  const { t } = serverFixture({ shape: 'qwen', prefix: 'facet-qwen-bridge-' });
  const call = caller(() => t, 'qwen@0.24.4', 'bridge');
  const said = async (tool: string, args: Record<string, unknown>) => {
    const o = await call(tool, args);
    return o.error || o.text;
  };
  /** The tool names of a tool_search answer, in order. */
  const names = (text: string) => [...text.matchAll(/<function>\{"name":"(\w+)"/g)].map((m) => m[1]);
  const search = async (query: string, max?: number) =>
    names(await said('tool_search', { query, ...(max === undefined ? {} : { max_results: max }) }));

  // ---- tokenize, through keyword queries
  replay(SEARCH, 'splits on whitespace and lowercases', async () => {
    assert.deepEqual(await search('WorkTree ENTER'), ['enter_worktree', 'exit_worktree']);
  });
  replay(SEARCH, 'filters empty tokens', async () => {
    assert.deepEqual(await search('   worktree    enter  '), ['enter_worktree', 'exit_worktree']);
  });

  // ---- scoreTool
  replay(SEARCH, 'scores description matches but less than name matches', async () => {
    // task_stop holds "stop" in its name; monitor only in its description.
    const found = await search('stop');
    assert.equal(found[0], 'task_stop');
    assert.ok(found.includes('monitor'), found.join());
  });
  replay(SEARCH, 'returns 0 when no term matches', async () => {
    assert.equal(
      await said('tool_search', { query: 'unrelated' }),
      "No tools found matching 'unrelated'. Try broader keywords or use `select:ToolName`.",
    );
  });

  // ---- ToolSearchTool
  replay(SEARCH, 'is marked alwaysLoad so the model can always reach it', async () => {
    const listed = await unary(t.client.listTools, t.client, {}, { shape: 'qwen@0.24.4' });
    const visible = listed.tools.map((x) => x.name);
    assert.ok(visible.includes('tool_search') && visible.includes('tool_call'), visible.join());
    assert.ok(!visible.includes('monitor'), visible.join());
  });
  replay(SEARCH, 'select: mode loads named tool and reveals it', async () => {
    const text = await said('tool_search', { query: 'select:monitor' });
    assert.ok(
      text.startsWith('<functions>\n<function>{"name":"monitor",') && text.endsWith('</function>\n</functions>'),
    );
  });
  replay(SEARCH, 'select: mode handles multiple names and missing names', async () => {
    const text = await said('tool_search', { query: 'select:monitor,task_stop,missing' });
    assert.deepEqual(names(text), ['monitor', 'task_stop']);
    assert.ok(text.endsWith('</function>\n</functions>\n\nNot found: missing'), text);
  });
  replay(SEARCH, 'keyword search returns top-N ranked tools', async () => {
    const found = await search('worktree');
    assert.deepEqual(found, ['enter_worktree', 'exit_worktree']);
  });
  replay(SEARCH, 'returns a friendly message when nothing matches', async () => {
    assert.equal(
      await said('tool_search', { query: 'zzzzzz' }),
      "No tools found matching 'zzzzzz'. Try broader keywords or use `select:ToolName`.",
    );
  });
  replay(SEARCH, 'enforces max_results cap — schema rejects values above HARD_MAX_RESULTS', async () => {
    assert.match(await said('tool_search', { query: 'slack', max_results: 100 }), /max_results must be <= 20/);
  });
  replay(SEARCH, 'caps results at HARD_MAX_RESULTS for an in-range request', async () => {
    const found = await search('the a tool call file run task', 20);
    assert.ok(found.length > 0 && found.length <= 20, found.join());
  });
  replay(SEARCH, 'caps select: mode by max_results', async () => {
    const text = await said('tool_search', {
      query: 'select:monitor,task_stop,lsp,web_fetch,enter_worktree,exit_worktree,read_mcp_resource',
      max_results: 3,
    });
    assert.deepEqual(names(text), ['monitor', 'task_stop', 'lsp']);
    assert.ok(
      text.endsWith(
        'Truncated by max_results \u2014 request these in a follow-up call: web_fetch, enter_worktree, exit_worktree, read_mcp_resource',
      ),
      text,
    );
  });
  replay(SEARCH, 'rejects empty query at build time via schema (minLength)', async () => {
    assert.match(await said('tool_search', { query: '' }), /must NOT have fewer than 1 character/i);
  });
  replay(SEARCH, 'rejects empty query with error', async () => {
    // The model sees a failed call's error message (vendors/qwen/0.24.4.json), Qwen's "Empty query".
    const o = await call('tool_search', { query: '   ' });
    assert.equal(o.error, 'Empty query');
  });
  replay(SEARCH, 'select: mode dedupes repeated names', async () => {
    assert.deepEqual(names(await said('tool_search', { query: 'select:monitor,monitor,MONITOR' })), ['monitor']);
  });
  replay(SEARCH, 'keyword search ignores non-deferred tools', async () => {
    // read_file is in the model's list: "read" finds the deferred read_mcp_resource first, never read_file.
    const found = await search('read');
    assert.equal(found[0], 'read_mcp_resource');
    assert.ok(!found.includes('read_file'), found.join());
  });
  replay(SEARCH, 'select: mode still works for non-deferred tools (e.g. re-inspect schema)', async () => {
    assert.deepEqual(names(await said('tool_search', { query: 'select:read_file' })), ['read_file']);
  });
  replay(SEARCH, '+must-word filters candidates whose name does not contain the required term', async () => {
    assert.deepEqual(await search('+task stop'), ['task_stop']);
  });

  // ---- ToolCallTool
  replay(CALL, 'is an always-visible bridge with a stable generic schema', async () => {
    const listed = await unary(t.client.listTools, t.client, {}, { shape: 'qwen@0.24.4' });
    const tc = listed.tools.find((x) => x.name === 'tool_call');
    assert.ok(tc);
    assert.deepEqual(tc.inputSchema, {
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 }, arguments: { type: 'object' } },
      required: ['name', 'arguments'],
      additionalProperties: false,
    });
  });
  replay(CALL, 'validates the bridge envelope', async () => {
    assert.match(await said('tool_call', { name: '', arguments: {} }), /must NOT have fewer than 1 character/);
    // The reason in Facet's words (Qwen's: "params must have required property 'arguments'").
    assert.equal(
      await said('tool_call', { name: 'task_stop' }),
      'Error: Invalid parameters provided. Reason: invalid arguments for tool_call: arguments is required',
    );
    assert.equal(await said('tool_call', { name: 'task_stop', arguments: { task_id: 'x' } }), 'Task not found: x');
  });
  for (const name of ['tool_call', 'tool_search'])
    replay(CALL, `rejects recursive bridge target ${name}`, async () => {
      assert.equal(
        await said('tool_call', { name, arguments: {} }),
        `[tool_call bridge refused] tool_call cannot invoke bridge tool "${name}".`,
      );
    });
  replay(CALL, 'rejects an unknown deferred target', async () => {
    assert.equal(
      await said('tool_call', { name: 'missing_tool', arguments: {} }),
      '[tool_call bridge refused] Deferred tool "missing_tool" is not registered in this session. Run tool_search again to inspect the available tools.',
    );
  });
  replay(CALL, 'resolves a hidden deferred target while both bridge tools are registered', async () => {
    assert.equal(
      await said('tool_call', { name: 'task_stop', arguments: { task_id: 'bg_x' } }),
      'Task not found: bg_x',
    );
  });

  check({ matched: 24, deliberate: 2, skipped: 23, capture: 0 });
});
