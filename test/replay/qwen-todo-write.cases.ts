// Qwen Code's todo_write tests (packages/core/src/tools/todoWrite.test.ts), replayed through the
// qwen shape's todo_write. The newest stored suite also covers what later Qwen Code versions
// added on top of the version Facet serves (0.15.10, whose items are id, content and status
// only): blockedBy dependencies, plan ids, session workflows and todo hooks; those cases, and
// the ones about Qwen's todo file on disk and its UI, are not applicable. Each case runs in its
// own session, whose list starts empty.
import assert from 'node:assert/strict';
import type { ListToolsResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { replayServer } from './env.js';
import { outcome, type Outcome } from '../shapes/gemini/harness.js';
import { unary } from '../helpers/server.js';

const server = replayServer('qwen@0.15.10');

let n = 0;
async function session() {
  const e = await server.get();
  const s = `todos-${++n}`;
  return async (todos: unknown): Promise<Outcome> => outcome(await e.call('todo_write', { todos }, { session: s }));
}

/** Qwen's answer for a changed list, with the items as sent. */
const changed = (todos: unknown[]) =>
  `Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable\n\n<system-reminder>\nYour todo list has changed. DO NOT mention this explicitly to the user. Here are the latest contents of your todo list: \n\n${JSON.stringify(todos)}. Continue on with the tasks at hand if applicable.\n</system-reminder>`;

async function writes(todos: unknown[]): Promise<Outcome> {
  const o = await (await session())(todos);
  assert.equal(o.error, '', o.error);
  assert.equal(o.text, changed(todos));
  return o;
}

/** Refused as invalid parameters, and the list set before is left as it was. */
async function refused(todos: unknown[]): Promise<Outcome> {
  const todo = await session();
  const keep = [{ id: 'k', content: 'Keep me', status: 'pending' }];
  await todo(keep);
  const o = await todo(todos);
  assert.equal(o.code, 'INVALID_ARGUMENT', o.error || o.text);
  const again = await todo([...keep, { id: 'n', content: 'Next', status: 'pending' }]);
  assert.equal(again.text, changed([...keep, { id: 'n', content: 'Next', status: 'pending' }]));
  return o;
}

const na = (name: string, reason: string): ReplayCase => ({ name, verdict: 'not-applicable', reason });
const matched = (name: string, run: () => Promise<void>): ReplayCase => ({ name, verdict: 'matched', run });

const LATER =
  'blockedBy dependencies came after the Qwen Code version Facet serves (0.15.10), whose todo items are id, content and status only; Facet refuses a blockedBy field like any unknown one';
const PLAN =
  "plan ids and session workflows came after the Qwen Code version Facet serves (0.15.10); the plan id is Qwen's display and on-disk state, not model-facing";
const HOOKS = "Qwen's user-configured todo hooks (TodoCreated / TodoCompleted), mocked; Facet has no hooks";
const STORAGE =
  "Qwen's todo file on disk (~/.qwen/todos/<session>.json and its runtime-directory settings); Facet keeps a session's list in the server";
const REMINDER =
  "Qwen's per-prompt reminder of unfinished items, injected by its client into the next turn, not part of the tool's result";
const DESCRIPTION = "the invocation's one-line description for Qwen's UI";

const cases: ReplayCase[] = [
  // validateToolParams
  matched(
    'should validate correct parameters',
    async () =>
      void (await writes([
        { id: '1', content: 'Task 1', status: 'pending' },
        { id: '2', content: 'Task 2', status: 'in_progress' },
      ])),
  ),
  matched('should accept empty todos array', async () => {
    const o = await (await session())([]);
    assert.equal(o.error, '', o.error);
    assert.match(o.text, /^Todo list has been cleared\./);
  }),
  matched(
    'should accept single todo',
    async () => void (await writes([{ id: '1', content: 'Task 1', status: 'pending' }])),
  ),
  matched(
    'should reject todos with empty content',
    async () =>
      void (await refused([
        { id: '1', content: '', status: 'pending' },
        { id: '2', content: 'Task 2', status: 'pending' },
      ])),
  ),
  matched('should reject todos with empty id', async () => {
    const o = await refused([
      { id: '', content: 'Task 1', status: 'pending' },
      { id: '2', content: 'Task 2', status: 'pending' },
    ]);
    assert.equal(o.errorType, 'invalid_tool_params', o.error);
  }),
  matched('should reject oversized todo and dependency ids', async () => {
    assert.match(
      (await refused([{ id: 'x'.repeat(501), content: 'Task', status: 'pending' }])).error,
      /500 characters/,
    );
    // The dependency half: the version served has no blockedBy, so the field itself is refused.
    await refused([{ id: 'task', content: 'Task', status: 'pending', blockedBy: ['x'.repeat(501)] }]);
  }),
  matched(
    'should reject todos with invalid status',
    async () =>
      void (await refused([
        { id: '1', content: 'Task 1', status: 'invalid' },
        { id: '2', content: 'Task 2', status: 'pending' },
      ])),
  ),
  matched('should reject todos with duplicate IDs', async () => {
    const o = await refused([
      { id: '1', content: 'Task 1', status: 'pending' },
      { id: '1', content: 'Task 2', status: 'pending' },
    ]);
    assert.equal(o.errorType, 'invalid_tool_params', o.error);
  }),
  na('should accept a valid dependency graph', LATER),
  na('should validate deep dependency chains without recursive traversal', LATER),
  ...['duplicate dependency', 'unknown dependency', 'self dependency', 'cycle'].map((what) =>
    na(`should reject a ${what}`, LATER),
  ),

  // execute
  matched(
    'should create new todos file when none exists',
    async () =>
      void (await writes([
        { id: '1', content: 'Task 1', status: 'pending' },
        { id: '2', content: 'Task 2', status: 'in_progress' },
      ])),
  ),
  na('should retain the plan ID while an active plan is revised', PLAN),
  na('should retain the plan ID for a repeated terminal snapshot', PLAN),
  na('should start a new plan after the previous plan completed', PLAN),
  na('should start a new plan for a distinct all-completed snapshot', PLAN),
  na('should clear persisted plan identity while identifying the cleared plan', PLAN),
  na('bounds the active Todo reminder', REMINDER),
  matched(
    'skips active Todo reminder when no prompt id is active',
    async () => void (await writes([{ id: '1', content: 'Task 1', status: 'pending' }])),
  ),
  matched('should replace todos with new ones', async () => {
    const todo = await session();
    await todo([{ id: '1', content: 'Existing Task', status: 'completed' }]);
    const next = [
      { id: '1', content: 'Updated Task', status: 'completed' },
      { id: '2', content: 'New Task', status: 'pending' },
    ];
    assert.equal((await todo(next)).text, changed(next));
  }),
  na('preserves dependencies when a status update omits blockedBy', LATER),
  na('marks structured output in Session Workflow context', PLAN),
  na('ends an approved Workflow when a new Todo plan starts', PLAN),
  na('ends an approved Workflow when active Todo IDs change', PLAN),
  na('keeps a pending Workflow draft when PLAN-mode refinement changes Todo IDs', PLAN),
  na('should handle file write errors', `makes the write of ${STORAGE.split(' (')[0]} fail through a mock`),
  matched('should handle empty todos array', async () => {
    const todo = await session();
    await todo([{ id: '1', content: 'Old Task', status: 'pending' }]);
    const o = await todo([]);
    for (const part of [
      'Todo list has been cleared',
      '<system-reminder>',
      'Your todo list is now empty',
      'no pending tasks',
    ])
      assert.ok(o.text.includes(part), `missing ${part} in ${o.text}`);
  }),
  na('should block todo creation when validation hook returns block', HOOKS),
  na('should block todo completion when validation hook returns block', HOOKS),
  na('should ignore postWrite block decisions after persistence', HOOKS),
  na('should dispatch post-write completion hooks sequentially in list order for a batched completion', HOOKS),
  na('should validate created todos concurrently and stop before writing when one blocks', HOOKS),
  na('should report success when postWrite hooks fail after persistence', HOOKS),
  na('should run postWrite hooks concurrently after persistence', HOOKS),

  // tool properties
  matched('should have correct tool name', async () => {
    const e = await server.get();
    const res = await unary<object, ListToolsResponse>(e.t.client.listTools, e.t.client, {}, { shape: 'qwen@0.15.10' });
    assert.ok(
      res.tools.some((t) => t.name === 'todo_write'),
      res.tools.map((t) => t.name).join(', '),
    );
  }),
  na('should have correct display name', "Qwen's UI name for the tool"),
  na('should have correct kind', "Qwen's internal tool category (for its approval and UI)"),
  na(
    'should describe selective, outcome-oriented task tracking',
    "pins Qwen's own description prose; Facet writes its tool descriptions in its own words",
  ),
  matched('should have schema with required properties', async () => {
    const e = await server.get();
    const res = await unary<object, ListToolsResponse>(e.t.client.listTools, e.t.client, {}, { shape: 'qwen@0.15.10' });
    const schema = res.tools.find((t) => t.name === 'todo_write')?.inputSchema as {
      properties: Record<string, unknown>;
    };
    assert.ok('todos' in schema.properties);
    assert.ok(!('merge' in schema.properties));
  }),

  // getDescription
  na('should return "Create todos" when no todos file exists', DESCRIPTION),
  na('should return "Update todos" when todos file exists', DESCRIPTION),

  // TodoWriteTool – runtime output directory
  ...[
    'should write todos to custom runtime dir when setRuntimeBaseDir is set',
    'should write todos to env var dir when QWEN_RUNTIME_DIR is set',
    'should use default ~/.qwen path when no custom dir is configured',
    'should check file existence in custom runtime dir for getDescription',
    'should list todo sessions from custom runtime dir',
  ].map((name) => na(name, STORAGE)),
];

export const qwenTodoWrite: ReplaySuite = {
  vendor: 'qwen',
  shape: 'qwen@0.15.10',
  tool: 'todo_write',
  source: 'QwenLM/qwen-code packages/core/src/tools/todoWrite.test.ts @00f36e4e',
  cases,
};
