// --claude-todo-tools (FACET_CLAUDE_TODO_TOOLS): Claude Code 2.1.332 gives a model its task
// tools, TodoWrite, or neither (CLAUDE_CODE_ENABLE_TASKS / CLAUDE_CODE_ENABLE_TODO_TOOLS by
// model); the server serves the set chosen, in the place of the task tools. claude@2.1.197
// keeps TodoWrite whatever is chosen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from '../../../src/config.js';
import { unary, withServer } from '../../helpers/server.js';

const BEFORE = ['Read', 'Write', 'Edit', 'Bash', 'TaskStop', 'Monitor', 'Grep', 'Glob', 'WebFetch', 'WebSearch'];
const AFTER = ['LSP', 'EnterWorktree', 'ExitWorktree', 'Skill', 'ListMcpResourcesTool', 'ReadMcpResourceTool'];
const ASK = ['AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode'];
const V197 = [
  ...BEFORE.slice(0, 4),
  'TaskOutput',
  ...BEFORE.slice(4, 5),
  ...BEFORE.slice(6),
  'NotebookEdit',
  'TodoWrite',
];

async function catalogs(args: string[], env: NodeJS.ProcessEnv = {}) {
  return withServer({ args: ['--shape', 'claude', ...args], env }, async (t, _dir, call) => {
    const names = async (shape: string) =>
      (await unary(t.client.listTools, t.client, {}, { shape })).tools.map((x) => x.name);
    const todo = await call('TodoWrite', { todos: [{ content: 'a', status: 'pending', activeForm: 'Doing a' }] });
    const output = await call('TaskOutput', { task_id: 'x' });
    return {
      latest: await names('claude'),
      v197: await names('claude@2.1.197'),
      todoWrite: todo.error,
      taskOutput: output.error,
    };
  });
}

test('tasks (the default), todo and none: the todo tools claude serves', async () => {
  const tasks = ['TaskCreate', 'TaskGet', 'TaskList', 'TaskUpdate'];
  const byDefault = await catalogs([]);
  assert.deepEqual(byDefault.latest, [...BEFORE, 'NotebookEdit', ...tasks, ...AFTER, ...ASK]);
  assert.deepEqual(byDefault.v197, V197);
  // Claude Code's answers to a tool it knows but did not send, and to one it no longer has.
  assert.equal(
    byDefault.todoWrite,
    '<tool_use_error>Error: No such tool available: TodoWrite. TodoWrite is not among the tools available here. Continue with the tools you have.</tool_use_error>',
  );
  assert.equal(byDefault.taskOutput, '<tool_use_error>Error: No such tool available: TaskOutput</tool_use_error>');

  const todo = await catalogs(['--claude-todo-tools', 'todo']);
  assert.deepEqual(todo.latest, [...BEFORE, 'NotebookEdit', 'TodoWrite', ...AFTER, ...ASK]);
  assert.deepEqual(todo.v197, V197);
  assert.equal(todo.todoWrite, '');

  const none = await catalogs([], { FACET_CLAUDE_TODO_TOOLS: 'none' });
  assert.deepEqual(none.latest, [...BEFORE, 'NotebookEdit', ...AFTER, ...ASK]);
  assert.deepEqual(none.v197, V197);
});

test('another value is refused at start-up, naming the choices', () => {
  assert.throws(() => parseConfig(['--claude-todo-tools', 'both'], {}), /--claude-todo-tools.*tasks, todo or none/);
});
