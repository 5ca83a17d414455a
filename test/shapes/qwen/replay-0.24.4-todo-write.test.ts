// The part of Qwen Code's todoWrite.test.ts (@00f36e4e) not read before (chars 16 000 to 48 231:
// 26 cases) read against qwen@0.24.4, where todo_write is off by default (tools.todoWrite.enabled):
// Facet keeps it out of the tool list and answers any call with 0.24.4's disabled text. The part
// read before is replayed for qwen@0.15.10 (test/replay/qwen-todo-write.cases.ts).
// Counts (checked by the ledger test): matched 1, deliberate 0, skipped 25 of 26.
// Skipped (25): enabled behaviour only, which 0.24.4 does not run by default: blockedBy kept on a
//   status update, Session Workflow plan marks and revisions (4), a failed write, the cleared
//   list, todo hooks (block, post-write order, concurrency, failures: 7), the display name, kind,
//   description wording and schema (4), the pending-call description (2) and the runtime/storage
//   directory of the todo file (5).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import { serverFixture, unary } from '../../helpers/server.js';
import { caller } from '../gemini/harness.js';
import { ledger } from './ledger.js';

const FILE = 'todoWrite.test.ts (chars 16 000 on)';
const { replay, check } = ledger({
  [FILE]: {
    total: 26,
    deliberate: {},
    skipped:
      'enabled-only behaviour (todo_write is off in 0.24.4): blockedBy on update, Session Workflow (4), write failure, cleared list, hooks (7), display name/kind/description/schema (4), pending-call description (2), runtime dir (5)',
  },
});

const OFF =
  'Tool "todo_write" is a built-in tool that is disabled by default. Enable it with the tools.todoWrite.enabled setting and restart Qwen Code.';

describe('Qwen Code todoWrite.test.ts (remainder) read against qwen@0.24.4', () => {
  const { t, dir } = serverFixture({ shape: 'qwen', prefix: 'facet-qwen-todo-' });
  const call = caller(() => t, 'qwen@0.24.4', 'todo');

  replay(FILE, 'should have correct tool name', async () => {
    // The name answers (with 0.24.4's disabled text) though the tool is not offered.
    assert.equal((await call('todo_write', { todos: [] })).error, OFF);
    const listed = await unary(t.client.listTools, t.client, {}, { shape: 'qwen@0.24.4' });
    assert.ok(!listed.tools.some((x) => x.name === 'todo_write'));
  });
  test("the suite's enabled calls get the disabled answer and write nothing", async () => {
    const calls = [
      { todos: [{ id: '1', content: 'Task 1', status: 'pending' }] },
      {
        todos: [
          { id: 'prepare', content: 'Prepare', status: 'completed' },
          { id: 'ship', content: 'Ship', status: 'pending', blockedBy: ['prepare'] },
        ],
      },
    ];
    for (const args of calls) assert.equal((await call('todo_write', args)).error, OFF);
    assert.deepEqual(readdirSync(dir), []);
  });

  check({ matched: 1, deliberate: 0, skipped: 25, capture: 0 });
});
