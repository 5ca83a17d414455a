// The gemini task tracker (--gemini-tracker) over gRPC, beyond the vendor's own tests (replayed in
// replay-0.61.0.test.ts): the texts Gemini CLI 0.61.0 was seen to give (vendors/gemini/0.61.0.json),
// every tool example, bad input refused with nothing changed, and the default catalog without it.
// One deliberate difference: a new task's dependencies must exist ("Dependency <id> not found.", the
// vendor's words from its update check); Gemini CLI 0.61.0 creates the task with ids it does not have.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { serverFixture, unary } from '../../helpers/server.js';
import { caller, outcome } from './harness.js';

const { t } = serverFixture({ shape: 'gemini', prefix: 'facet-gemini-tracker-', args: ['--gemini-tracker'] });
const call = caller(() => t, 'gemini', 'tracker');

/** Creates a task in `session` and gives its id. */
async function created(session: string, args: Record<string, unknown>): Promise<string> {
  const r = await call('tracker_create_task', { description: 'd', type: 'task', ...args }, { session });
  const m = /^Created task ([0-9a-f]{6}): /.exec(r.text);
  assert.ok(m, `${r.text}${r.error}`);
  return m[1]!;
}
const listed = async (session: string) => (await call('tracker_list_tasks', {}, { session })).text;

describe('what Gemini CLI 0.61.0 answers', () => {
  test('unknown ids: get and add_dependency answer, update fails', async () => {
    const session = 'unknown';
    const id = await created(session, { title: 'Known' });
    const get = await call('tracker_get_task', { id: 'abcdef' }, { session });
    assert.deepEqual([get.text, get.error], ['Task abcdef not found.', '']);
    const task = await call('tracker_add_dependency', { taskId: 'abcdef', dependencyId: id }, { session });
    assert.deepEqual([task.text, task.error], ['Task abcdef not found.', '']);
    const dep = await call('tracker_add_dependency', { taskId: id, dependencyId: 'abcdef' }, { session });
    assert.deepEqual([dep.text, dep.error], ['Dependency task abcdef not found.', '']);
    const upd = await call('tracker_update_task', { id: 'abcdef', status: 'open' }, { session });
    assert.equal(upd.error, 'Task with ID abcdef not found.');
    assert.deepEqual([upd.errorType, upd.code], ['execution_failed', 'NOT_FOUND']);
  });

  test('a task cannot depend on itself, by add_dependency or in its list', async () => {
    const session = 'self';
    const id = await created(session, { title: 'Me' });
    const add = await call('tracker_add_dependency', { taskId: id, dependencyId: id }, { session });
    assert.deepEqual([add.error, add.errorType], ['Task cannot depend on itself', 'execution_failed']);
    const upd = await call('tracker_update_task', { id, dependencies: [id] }, { session });
    assert.equal(upd.error, `Circular dependency detected involving task ${id}.`);
    assert.equal(await listed(session), `- [${id}] Me (open)`);
  });

  test('an unknown parent or dependency creates nothing (the dependency: deliberately different)', async () => {
    const session = 'parent';
    const parent = await call(
      'tracker_create_task',
      { title: 'x', description: 'd', type: 'bug', parentId: 'abcdef' },
      { session },
    );
    assert.deepEqual([parent.error, parent.errorType], ['Parent task with ID abcdef not found.', 'execution_failed']);
    const dep = await call(
      'tracker_create_task',
      { title: 'x', description: 'd', type: 'bug', dependencies: ['abcdef'] },
      { session },
    );
    assert.deepEqual([dep.error, dep.errorType], ['Dependency abcdef not found.', 'execution_failed']);
    assert.equal(await listed(session), 'No tasks found matching the criteria.');
  });

  test('get: the task as JSON in the vendor key order, parentId only under a parent', async () => {
    const session = 'get';
    const epic = await created(session, { title: 'Release', type: 'epic' });
    const bug = await created(session, { title: 'Crash', type: 'bug', parentId: epic, dependencies: [epic] });
    const r = await call('tracker_get_task', { id: bug }, { session });
    assert.equal(
      r.text,
      `{\n  "id": "${bug}",\n  "title": "Crash",\n  "description": "d",\n  "type": "bug",\n  "status": "open",\n  "parentId": "${epic}",\n  "dependencies": [\n    "${epic}"\n  ]\n}`,
    );
  });

  test('list filters by status, type and parent together', async () => {
    const session = 'filters';
    const epic = await created(session, { title: 'Epic', type: 'epic' });
    const a = await created(session, { title: 'A', parentId: epic });
    const b = await created(session, { title: 'B', type: 'bug', parentId: epic });
    await call('tracker_update_task', { id: b, status: 'blocked' }, { session });
    const q = (args: Record<string, unknown>) => call('tracker_list_tasks', args, { session }).then((r) => r.text);
    assert.equal(await q({ parentId: epic }), `- [${a}] A (open)\n- [${b}] B (blocked)`);
    assert.equal(await q({ status: 'blocked' }), `- [${b}] B (blocked)`);
    assert.equal(await q({ type: 'epic' }), `- [${epic}] Epic (open)`);
    assert.equal(await q({ type: 'bug', status: 'open' }), 'No tasks found matching the criteria.');
  });

  test('visualize: every status icon, children under their parent, dependencies below', async () => {
    const session = 'graph';
    const empty = await call('tracker_visualize', {}, { session });
    assert.deepEqual([empty.text, empty.error], ['No tasks to visualize.', '']);
    const epic = await created(session, { title: 'Release', type: 'epic' });
    const fix = await created(session, { title: 'Fix', type: 'bug', parentId: epic });
    const docs = await created(session, { title: 'Docs', parentId: epic, dependencies: [fix] });
    const ship = await created(session, { title: 'Ship', dependencies: [docs, fix] });
    await call('tracker_update_task', { id: fix, status: 'closed' }, { session });
    await call('tracker_update_task', { id: docs, status: 'in_progress' }, { session });
    await call('tracker_update_task', { id: ship, status: 'blocked' }, { session });
    const r = await call('tracker_visualize', {}, { session });
    assert.equal(
      r.text,
      [
        'Task Tracker Graph:',
        `\u2b55 ${epic} [EPIC] Release`,
        `  \u2705 ${fix} [BUG] Fix`,
        `  \u{1f6a7} ${docs} [TASK] Docs`,
        `    \u2514\u2500 Depends on: ${fix}`,
        `\u26d4 ${ship} [TASK] Ship`,
        `  \u2514\u2500 Depends on: ${docs}, ${fix}`,
        '',
      ].join('\n'),
    );
  });

  test('update: dependencies replaced, the blocked mark cleared on reopening, a closed task reopened', async () => {
    const session = 'update';
    const a = await created(session, { title: 'A' });
    const b = await created(session, { title: 'B' });
    const c = await created(session, { title: 'C', dependencies: [a] });
    await call('tracker_update_task', { id: c, dependencies: [b] }, { session });
    const get = async () =>
      JSON.parse((await call('tracker_get_task', { id: c }, { session })).text) as Record<string, unknown>;
    assert.deepEqual((await get()).dependencies, [b]);
    await call('tracker_update_task', { id: c, status: 'blocked' }, { session });
    assert.equal(
      (await call('tracker_update_task', { id: c, status: 'open' }, { session })).text,
      `Updated task ${c}. Status: open`,
    );
    // Closing with a new list checks the new list; B is open.
    const r = await call('tracker_update_task', { id: c, status: 'closed', dependencies: [a, b] }, { session });
    assert.equal(r.error, `Cannot close task ${c} because dependency ${a} is still open.`);
    assert.deepEqual((await get()).dependencies, [b]);
    await call('tracker_update_task', { id: b, status: 'closed' }, { session });
    assert.equal(
      (await call('tracker_update_task', { id: c, status: 'closed' }, { session })).text,
      `Updated task ${c}. Status: closed`,
    );
    assert.equal(
      (await call('tracker_update_task', { id: b, status: 'open' }, { session })).text,
      `Updated task ${b}. Status: open`,
    );
    assert.equal((await get()).status, 'closed');
  });

  test('each session has its own tracker', async () => {
    await created('mine', { title: 'Mine' });
    assert.equal(await listed('theirs'), 'No tasks found matching the criteria.');
  });
});

describe('examples and bad input', () => {
  test('every tracker example gives its outcome (with the ids the tracker gave)', async () => {
    const session = 'examples';
    const ids = new Map<string, string>();
    // In an order where each example's story holds: made, read, listed, linked, drawn, then started.
    for (const name of [
      'tracker_create_task',
      'tracker_get_task',
      'tracker_list_tasks',
      'tracker_add_dependency',
      'tracker_visualize',
      'tracker_update_task',
    ]) {
      const { tool } = await unary(t.client.describeTool, t.client, { name }, { shape: 'gemini' });
      for (const ex of tool!.examples) {
        let args = JSON.stringify(ex.arguments);
        let want = ex.expectedOutcome;
        // The examples' ids stand for tasks this session made: 3fa2c1 the created bug, 9b0e44 one made here.
        if (!ids.has('9b0e44') && args.includes('9b0e44')) ids.set('9b0e44', await created(session, { title: 'Ship' }));
        for (const [from, to] of ids) {
          args = args.replaceAll(from, to);
          want = want.replaceAll(from, to);
        }
        const r = await call(name, JSON.parse(args) as Record<string, unknown>, { session });
        assert.equal(r.error, '', `${name}: ${r.error}`);
        const got = name === 'tracker_create_task' ? r.text.replace(/[0-9a-f]{6}/, '3fa2c1') : r.text;
        if (name === 'tracker_create_task') ids.set('3fa2c1', /[0-9a-f]{6}/.exec(r.text)![0]);
        if (want.includes('...')) assert.ok(got.startsWith(want.split('...')[0]!), `${name}: ${got}`);
        else if (name === 'tracker_visualize') assert.ok(got.startsWith(want), `${name}: ${got}`);
        else assert.equal(got, want, name);
      }
    }
    assert.equal(ids.size, 2);
  });

  test('wrong types and values are refused before anything changes', async () => {
    const session = 'bad';
    const id = await created(session, { title: 'Kept' });
    for (const [tool, args] of [
      ['tracker_create_task', { title: 'x', description: 'd', type: 'story' }],
      ['tracker_create_task', { title: 'x', description: 'd' }],
      ['tracker_create_task', { title: 'x', description: 'd', type: 'task', dependencies: 'abc' }],
      ['tracker_update_task', { id, status: 'done' }],
      ['tracker_update_task', { id: 7 }],
      ['tracker_get_task', {}],
      ['tracker_list_tasks', { type: 'story' }],
      ['tracker_add_dependency', { taskId: id }],
    ] as const) {
      const r = await call(tool, args, { session });
      assert.equal(r.code, 'INVALID_ARGUMENT', `${tool}: ${r.error}`);
    }
    assert.equal(await listed(session), `- [${id}] Kept (open)`);
  });

  test('an empty or huge title is refused in words, nothing created or changed', async () => {
    const session = 'huge';
    const empty = await call('tracker_create_task', { title: ' ', description: 'd', type: 'task' }, { session });
    assert.equal(empty.error, 'A task needs a title: give a title that is not empty.');
    const big = await call(
      'tracker_create_task',
      { title: 'x'.repeat(1001), description: 'd', type: 'task' },
      { session },
    );
    assert.equal(big.error, 'The title is too long (1001; at most 1000 are kept). Shorten it; nothing was changed.');
    const id = await created(session, { title: 'Small' });
    const upd = await call('tracker_update_task', { id, title: 'y'.repeat(5000), status: 'in_progress' }, { session });
    assert.equal(upd.errorType, 'execution_failed');
    assert.equal(await listed(session), `- [${id}] Small (open)`);
  });
});

describe('without --gemini-tracker', () => {
  const plain = serverFixture({ shape: 'gemini', prefix: 'facet-gemini-plain-' });

  test('the default catalog has write_todos and no tracker tool, as Gemini CLI sends by default', async () => {
    const tools = await unary(
      plain.t.client.listToolSummaries,
      plain.t.client,
      { tagsFilter: [] },
      { shape: 'gemini' },
    );
    const names = tools.tools.map((x) => x.name);
    assert.ok(names.includes('write_todos'));
    assert.deepEqual(
      names.filter((n) => n.startsWith('tracker_')),
      [],
    );
    const r = outcome(await plain.call('tracker_list_tasks', {}));
    assert.equal(r.code, 'NOT_FOUND', r.error);
  });
});
