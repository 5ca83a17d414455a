// Qwen Code 0.24.4's team task tests (task-update.test.ts, task-list.test.ts) replayed against
// qwen@0.24.4 served with --qwen-agent-team, with the texts of the 0.24.4 capture. The session's
// model is the team's leader: Facet runs no teammates.
// Counts: task-update.test.ts matched 12, skipped 7 of 19; task-list.test.ts matched 5, skipped 1 of 6.
// Skipped: a plan-required teammate claiming or editing a task and the leader dispatching to
// teammates (need teammate identities and sub-agent models, cases 6-9), the permission default,
// the auto-classifier input and the confirmation prompt (17-19), task_list's UI display (5).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { serverFixture, withServer } from '../../helpers/server.js';
import { caller, outcome, type Outcome } from '../gemini/harness.js';
import { CAPTURE, ledger } from './ledger.js';

const TEAMMATES = 'teammate identities, plan approval and dispatch need sub-agent models: not served';
const { replay, check } = ledger({
  'task-update.test.ts': {
    total: 19,
    deliberate: {},
    skipped: `${TEAMMATES}; permission and confirmation are host UI`,
  },
  'task-list.test.ts': { total: 6, deliberate: {}, skipped: 'the returnDisplay object is host UI' },
});

const { t } = serverFixture({ shape: 'qwen', prefix: 'facet-qwen-team-', args: ['--qwen-agent-team'] });
const said = (o: Outcome) => o.error || o.text;
let n = 0;
/** A fresh session with team "test-team" and the named tasks (ids 1, 2, ...), and its caller. */
async function team(...subjects: string[]) {
  const call = caller(() => t, 'qwen@0.24.4', `team-${++n}`);
  assert.equal((await call('team_create', { team_name: 'test-team' })).text, 'Team "test-team" created.');
  for (const subject of subjects) await call('task_create', { subject, description: `do ${subject}` });
  return { call, say: async (tool: string, args: Record<string, unknown>) => said(await call(tool, args)) };
}

describe('Qwen Code 0.24.4 team task tests replayed against qwen', () => {
  replay(CAPTURE, 'without a team every task tool answers that there is none', async () => {
    const call = caller(() => t, 'qwen@0.24.4', 'no-team');
    for (const [tool, args] of [
      ['task_create', { subject: 'a', description: 'b' }],
      ['task_list', {}],
      ['task_update', { taskId: '1', status: 'completed' }],
    ] as const)
      assert.equal(said(await call(tool, args)), 'No active team. Create a team first.', tool);
    assert.equal(said(await call('team_delete', {})), 'No active team to delete.');
  });

  replay(CAPTURE, 'team_create, task_create, task_list, task_update and team_delete as observed', async () => {
    const { say } = await team();
    assert.equal(
      await say('team_create', { team_name: 'other' }),
      'A team is already active. Delete it before creating a new one.',
    );
    assert.equal(
      await say('task_create', { subject: 'Write tests', description: 'x' }),
      'Task #1 created: "Write tests"',
    );
    assert.equal(await say('task_create', { subject: 'Fix bug', description: 'y' }), 'Task #2 created: "Fix bug"');
    assert.equal(await say('task_list', {}), '#1 [pending] \u2014 Write tests\n#2 [pending] \u2014 Fix bug');
    assert.equal(
      await say('task_update', { taskId: '2', addBlockedBy: ['1'], metadata: { k: 1 } }),
      'Task #2 updated (status: pending).',
    );
    assert.equal(
      await say('task_update', { taskId: '1', status: 'in_progress' }),
      'Cannot move task #1 to in_progress without an owner. Specify the "owner" parameter.',
    );
    assert.equal(
      await say('task_update', { taskId: '2', status: 'in_progress', owner: 'leader' }),
      'Cannot assign task #2 to "leader" while it is blocked by #1. Complete or remove the blocker first.',
    );
    assert.equal(
      await say('task_update', { taskId: '1', status: 'in_progress', owner: 'Leader' }),
      'Task #1 updated (status: in_progress, owner: leader).',
    );
    assert.equal(
      await say('task_update', { taskId: 'x1' }),
      'Invalid task ID "x1". Task IDs must be positive integers.',
    );
    assert.equal(
      await say('task_update', { taskId: '1', owner: '!!' }),
      'Cannot assign task #1: owner must include at least one letter, number, or hyphen.',
    );
    assert.equal(
      await say('task_list', { owner: '??' }),
      'Cannot filter by owner: owner must include at least one letter, number, or hyphen.',
    );
    assert.equal(await say('task_list', { blockedBy: '#1' }), '#2 [pending] \u2014 Fix bug');
    assert.equal(await say('task_update', { taskId: '1', status: 'deleted' }), 'Task #1 deleted.');
    // Deleted tasks disappear, and so do the edges naming them.
    assert.equal(await say('task_list', { blockedBy: '1' }), 'No tasks found.');
    assert.equal(await say('task_list', {}), '#2 [pending] \u2014 Fix bug');
    assert.equal(await say('team_delete', {}), 'Team "test-team" deleted.');
    assert.equal(await say('task_list', {}), 'No active team. Create a team first.');
    // A new team starts its ids again at 1.
    assert.equal(
      await say('team_create', { team_name: 'Test Team!', description: 'd' }),
      'Team "test-team" created. Description: d',
    );
    assert.equal(await say('task_create', { subject: 'Again', description: 'z' }), 'Task #1 created: "Again"');
  });

  replay('task-update.test.ts', 'name is task_update', async () => {
    const { call } = await team('A');
    assert.equal((await call('task_update', { taskId: '1' })).error, '');
  });
  replay('task-update.test.ts', 'completed on an existing task', async () => {
    const { say } = await team('A');
    assert.equal(
      await say('task_update', { taskId: '1', status: 'completed' }),
      'Task #1 updated (status: completed).',
    );
  });
  replay('task-update.test.ts', 'deleted on an existing task', async () => {
    const { say } = await team('A');
    assert.equal(await say('task_update', { taskId: '1', status: 'deleted' }), 'Task #1 deleted.');
  });
  replay('task-update.test.ts', 'an unknown task is not found', async () => {
    const { call } = await team('A');
    const r = await call('task_update', { taskId: '999', status: 'completed' });
    assert.equal(r.error, 'Task #999 not found.');
  });
  replay('task-update.test.ts', 'existence is answered before the assignment gates', async () => {
    const { say } = await team('A');
    assert.equal(
      await say('task_update', { taskId: '999', status: 'in_progress', owner: 'alice', addBlockedBy: ['1'] }),
      'Task #999 not found.',
    );
  });
  replay('task-update.test.ts', 'taskId is required', async () => {
    const { call } = await team('A');
    assert.match((await call('task_update', {})).error, /^Error: Invalid parameters provided\. Reason: .*taskId/);
  });
  replay('task-update.test.ts', 'addBlockedBy an unknown task', async () => {
    const { say } = await team('A');
    assert.equal(
      await say('task_update', { taskId: '1', addBlockedBy: ['999'] }),
      'Cannot update task #1: referenced task #999 not found.',
    );
    assert.equal(await say('task_list', { blockedBy: '999' }), 'No tasks found.');
  });
  replay('task-update.test.ts', 'addBlocks an unknown task', async () => {
    const { say } = await team('A');
    assert.equal(
      await say('task_update', { taskId: '1', addBlocks: ['999', '998'] }),
      'Cannot update task #1: referenced tasks #998, #999 not found.',
    );
  });
  replay('task-update.test.ts', 'addBlockedBy is mirrored as blocks', async () => {
    const { say } = await team('A', 'B');
    assert.equal(await say('task_update', { taskId: '1', addBlockedBy: ['2'] }), 'Task #1 updated (status: pending).');
    assert.equal(await say('task_list', { blockedBy: '2' }), '#1 [pending] \u2014 A');
    // B blocks A: completing B unblocks A.
    assert.equal(
      await say('task_update', { taskId: '2', status: 'completed' }),
      'Task #2 updated (status: completed).',
    );
    assert.equal(await say('task_list', { blockedBy: '2' }), 'No tasks found.');
  });
  replay('task-update.test.ts', 'completing with addBlocks does not block the other task', async () => {
    const { say } = await team('A', 'B');
    assert.equal(
      await say('task_update', { taskId: '1', status: 'completed', addBlocks: ['2'] }),
      'Task #1 updated (status: completed).',
    );
    assert.equal(await say('task_list', { blockedBy: '1' }), 'No tasks found.');
  });
  replay('task-update.test.ts', 'a task cannot block itself', async () => {
    const { say } = await team('A');
    assert.equal(
      await say('task_update', { taskId: '1', addBlockedBy: ['1'] }),
      'Cannot update task #1: a task cannot block or be blocked by itself.',
    );
    assert.equal(await say('task_list', { blockedBy: '1' }), 'No tasks found.');
  });
  replay('task-update.test.ts', 'a dependency cycle is refused', async () => {
    const { say } = await team('a', 'b', 'c');
    await say('task_update', { taskId: '2', addBlockedBy: ['1'] });
    await say('task_update', { taskId: '3', addBlockedBy: ['2'] });
    assert.equal(
      await say('task_update', { taskId: '1', addBlockedBy: ['3'] }),
      'Cannot update task #1: this would create a dependency cycle (#1 \u2192 #2 \u2192 #3 \u2192 #1).',
    );
    assert.equal(await say('task_list', { blockedBy: '3' }), 'No tasks found.');
  });

  replay('task-list.test.ts', 'name is task_list', async () => {
    const { call } = await team();
    assert.equal((await call('task_list', {})).error, '');
  });
  replay('task-list.test.ts', 'no tasks', async () => {
    const { say } = await team();
    assert.equal(await say('task_list', {}), 'No tasks found.');
  });
  replay('task-list.test.ts', 'two tasks', async () => {
    const { say } = await team('Task A', 'Task B');
    assert.equal(await say('task_list', {}), '#1 [pending] \u2014 Task A\n#2 [pending] \u2014 Task B');
  });
  replay('task-list.test.ts', 'filter by status', async () => {
    const { say } = await team('Done', 'Pending');
    await say('task_update', { taskId: '1', status: 'completed' });
    assert.equal(await say('task_list', { status: 'completed' }), '#1 [completed] \u2014 Done');
  });
  replay('task-list.test.ts', 'all parameters are optional', async () => {
    const { call } = await team('A');
    assert.equal((await call('task_list', {})).text, '#1 [pending] \u2014 A');
  });

  check({ matched: 17, deliberate: 0, skipped: 8, capture: 2 });
});

void test('without --qwen-agent-team the team tools are not served', async () => {
  await withServer({ shape: 'qwen' }, async (_s, _dir, call) => {
    for (const tool of ['team_create', 'team_delete', 'task_create', 'task_list', 'task_update'])
      assert.equal(outcome(await call(tool, {})).code, 'NOT_FOUND', tool);
  });
});
