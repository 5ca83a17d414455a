// Gemini CLI's write_todos tests (packages/core/src/tools/write-todos.test.ts), replayed over gRPC.
import assert from 'node:assert/strict';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { call } from './gemini-bench.js';

async function writes(todos: unknown, text: string): Promise<void> {
  const o = await call('write_todos', { todos });
  assert.equal(o.error, '', o.error);
  assert.equal(o.text, text);
}

async function refused(todos: unknown, pattern: RegExp): Promise<void> {
  // A list is set first, so a refused call can be seen to leave it as it was.
  const session = `todos-${Math.random()}`;
  await call('write_todos', { todos: [{ description: 'Keep me', status: 'pending' }] }, session);
  const o = await call('write_todos', { todos }, session);
  assert.equal(o.code, 'INVALID_ARGUMENT', o.error);
  assert.match(o.error, pattern);
  const again = await call(
    'write_todos',
    {
      todos: [
        { description: 'Keep me', status: 'pending' },
        { description: 'Next', status: 'pending' },
      ],
    },
    session,
  );
  assert.equal(again.error, '');
}

const cases: ReplayCase[] = [
  {
    name: 'should not throw for valid parameters',
    verdict: 'matched',
    run: () =>
      writes(
        [
          { description: 'Task 1', status: 'pending' },
          { description: 'Task 2', status: 'in_progress' },
          { description: 'Task 3', status: 'completed' },
          { description: 'Task 4', status: 'blocked' },
        ],
        'Successfully updated the todo list. The current list is now:\n1. [pending] Task 1\n2. [in_progress] Task 2\n3. [completed] Task 3\n4. [blocked] Task 4',
      ),
  },
  {
    name: 'should not throw for an empty list',
    verdict: 'matched',
    run: () => writes([], 'Successfully cleared the todo list.'),
  },
  {
    name: 'should throw an error if todos is not an array',
    verdict: 'matched',
    run: () => refused('not-an-array', /todos/),
  },
  {
    name: 'should throw an error if a todo item is not an object',
    verdict: 'matched',
    run: () => refused(['not-an-object'], /todos/),
  },
  {
    name: 'should throw an error if a todo description is missing or empty',
    verdict: 'matched',
    run: () => refused([{ description: '  ', status: 'pending' }], /todo 1/),
  },
  {
    name: 'should throw an error if a todo status is invalid',
    verdict: 'matched',
    run: () => refused([{ description: 'Task 1', status: 'invalid-status' }], /status/),
  },
  {
    name: 'should throw an error if more than one task is in_progress',
    verdict: 'matched',
    run: () =>
      refused(
        [
          { description: 'Task 1', status: 'in_progress' },
          { description: 'Task 2', status: 'in_progress' },
        ],
        /in_progress/,
      ),
  },
  {
    name: 'should return a success message for clearing the list',
    verdict: 'matched',
    run: () => writes([], 'Successfully cleared the todo list.'),
  },
  {
    name: 'should return a formatted todo list on success',
    verdict: 'matched',
    run: () =>
      writes(
        [
          { description: 'First task', status: 'completed' },
          { description: 'Second task', status: 'in_progress' },
          { description: 'Third task', status: 'pending' },
          { description: 'Fourth task', status: 'blocked' },
        ],
        'Successfully updated the todo list. The current list is now:\n1. [completed] First task\n2. [in_progress] Second task\n3. [pending] Third task\n4. [blocked] Fourth task',
      ),
  },
];

export const geminiWriteTodos: ReplaySuite = {
  vendor: 'gemini',
  shape: 'gemini',
  tool: 'write_todos',
  source:
    'google-gemini/gemini-cli packages/core/src/tools/write-todos.test.ts @5411f113ca (0.56.0-nightly; 0.61.0 not in the snapshot)',
  cases,
};
