// A session's task list as the engine keeps it: ids, fields, edges both ways, deletes that
// never free an id, all-or-nothing changes and their typed refusals, bounds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isCondition, type Condition } from '../../src/engine/errors.js';
import { Session } from '../../src/engine/session.js';
import { workAreas } from '../../src/engine/work-areas.js';
import { DEFAULT_TASK_LIMITS } from '../../src/engine/tasks.js';

const { tasks } = workAreas({}, () => []);
const fresh = () => ({ session: new Session('t') });

function refused(fn: () => unknown, condition: Condition): Record<string, unknown> {
  try {
    fn();
  } catch (e) {
    assert.ok(isCondition(e, condition), `expected ${condition}, got ${String(e)}`);
    return { ...e.facts };
  }
  assert.fail(`expected ${condition}`);
}

test('tasks get ids 1, 2, 3 per session, start pending, and list in id order', () => {
  const c = fresh();
  const a = tasks.create(c, { subject: 'Write tests', description: 'unit and replay', activeForm: 'Writing tests' });
  const b = tasks.create(c, { subject: 'Fix bug', metadata: { area: 'shell', n: 1 } });
  assert.deepEqual(a, {
    id: '1',
    subject: 'Write tests',
    description: 'unit and replay',
    activeForm: 'Writing tests',
    status: 'pending',
    metadata: {},
    blocks: [],
    blockedBy: [],
    openBlockedBy: [],
    openBlocks: [],
  });
  assert.equal(b.id, '2');
  assert.equal(b.description, '');
  assert.deepEqual(b.metadata, { area: 'shell', n: 1 });
  assert.deepEqual(
    tasks.list(c).map((t) => [t.id, t.subject]),
    [
      ['1', 'Write tests'],
      ['2', 'Fix bug'],
    ],
  );
  // Another session has its own list.
  assert.deepEqual(tasks.list(fresh()), []);
  assert.equal(tasks.create(fresh(), { subject: 'x' }).id, '1');
});

test('a deleted task is gone, its id is never given again, and edges to it go with it', () => {
  const c = fresh();
  tasks.create(c, { subject: 'one' });
  tasks.create(c, { subject: 'two' });
  tasks.update(c, '2', { addBlockedBy: ['1'] });
  const del = tasks.update(c, '1', { status: 'deleted' });
  assert.deepEqual(del, { task: undefined, deleted: true, given: ['status'], changed: ['status'] });
  assert.equal(tasks.find(c, '1'), undefined);
  assert.deepEqual(tasks.get(c, '2').blockedBy, []);
  assert.equal(tasks.create(c, { subject: 'three' }).id, '3');
  assert.deepEqual(
    refused(() => tasks.get(c, '1'), 'task_missing'),
    { id: '1', known: ['2', '3'], condition: 'task_missing' },
  );
  refused(() => tasks.update(c, '1', { subject: 'again' }), 'task_missing');
});

test('an update names the fields given and those that changed; metadata merges and null deletes a key', () => {
  const c = fresh();
  tasks.create(c, { subject: 'a', metadata: { keep: 1, drop: 2 } });
  const r = tasks.update(c, '1', {
    status: 'in_progress',
    owner: 'me',
    subject: 'a',
    metadata: { drop: null, add: [1, 2] },
  });
  assert.deepEqual(r.given, ['subject', 'status', 'owner', 'metadata']);
  assert.deepEqual(r.changed, ['status', 'owner', 'metadata']);
  assert.deepEqual(r.task?.metadata, { keep: 1, add: [1, 2] });
  assert.equal(r.task?.owner, 'me');
  // An empty owner clears it; an unchanged value is given but not changed.
  const cleared = tasks.update(c, '1', { owner: '', status: 'in_progress' });
  assert.equal(cleared.task?.owner, undefined);
  assert.deepEqual([cleared.given, cleared.changed], [['status', 'owner'], ['owner']]);
  assert.deepEqual(tasks.list(c, { owner: 'me' }), []);
  assert.deepEqual(
    tasks.list(c, { status: 'in_progress' }).map((t) => t.id),
    ['1'],
  );
});

test('edges are kept both ways; a completed blocker stops blocking', () => {
  const c = fresh();
  for (const s of ['build', 'test', 'ship']) tasks.create(c, { subject: s });
  const r = tasks.update(c, '1', { addBlocks: ['2', '3'] });
  assert.deepEqual([r.given, r.changed], [['blocks'], ['blocks']]);
  tasks.update(c, '3', { addBlockedBy: ['2', '2'] });
  assert.deepEqual(
    tasks.list(c).map((t) => [t.id, t.blocks, t.blockedBy, t.openBlockedBy]),
    [
      ['1', ['2', '3'], [], []],
      ['2', ['3'], ['1'], ['1']],
      ['3', [], ['1', '2'], ['1', '2']],
    ],
  );
  assert.deepEqual(
    tasks.list(c, { blockedBy: '2' }).map((t) => t.id),
    ['3'],
  );
  tasks.update(c, '1', { status: 'completed' });
  const one = tasks.get(c, '1');
  assert.deepEqual([one.blocks, one.openBlocks], [['2', '3'], []]);
  assert.deepEqual(tasks.get(c, '3').openBlockedBy, ['2']);
  assert.deepEqual(tasks.get(c, '3').blockedBy, ['1', '2']);
});

test('self-blocks, unknown references and cycles are refused and change nothing', () => {
  const c = fresh();
  for (const s of ['a', 'b', 'c']) tasks.create(c, { subject: s });
  tasks.update(c, '1', { addBlocks: ['2'] });
  tasks.update(c, '2', { addBlocks: ['3'] });
  const before = JSON.stringify(tasks.list(c));
  assert.deepEqual(
    refused(() => tasks.update(c, '1', { addBlockedBy: ['1'] }), 'task_self_block'),
    { id: '1', condition: 'task_self_block' },
  );
  assert.deepEqual(
    refused(() => tasks.update(c, '1', { subject: 'new', addBlocks: ['9', '3', '8', '9'] }), 'task_refs_missing'),
    {
      id: '1',
      missing: ['9', '8'],
      condition: 'task_refs_missing',
    },
  );
  assert.deepEqual(
    refused(() => tasks.update(c, '1', { status: 'completed', addBlockedBy: ['3'] }), 'task_cycle'),
    {
      id: '1',
      cycle: ['1', '2', '3', '1'],
      condition: 'task_cycle',
    },
  );
  assert.deepEqual(
    refused(() => tasks.update(c, '3', { addBlocks: ['1'] }), 'task_cycle'),
    { id: '3', cycle: ['3', '1', '2', '3'], condition: 'task_cycle' },
  );
  assert.equal(JSON.stringify(tasks.list(c)), before);
});

test('bad values and bounds are refused with their facts', () => {
  const c = fresh();
  refused(() => tasks.create(c, { subject: '  ' }), 'task_subject_empty');
  tasks.create(c, { subject: 'ok' });
  assert.deepEqual(
    refused(() => tasks.update(c, '1', { status: 'done' as never }), 'bad_task_status'),
    {
      status: 'done',
      allowed: ['pending', 'in_progress', 'completed', 'deleted'],
      condition: 'bad_task_status',
    },
  );
  const limits = { ...DEFAULT_TASK_LIMITS, maxTasks: 2, maxSubjectChars: 5, maxMetadataChars: 20 };
  assert.deepEqual(
    refused(() => tasks.create(c, { subject: 'toolong' }, limits), 'task_field_too_long'),
    {
      field: 'subject',
      length: 7,
      max: 5,
      condition: 'task_field_too_long',
    },
  );
  assert.deepEqual(
    refused(() => tasks.update(c, '1', { metadata: { k: 'x'.repeat(20) } }, limits), 'task_field_too_long'),
    {
      field: 'metadata',
      length: 28,
      max: 20,
      condition: 'task_field_too_long',
    },
  );
  assert.deepEqual(tasks.get(c, '1').metadata, {});
  tasks.create(c, { subject: 'two' }, limits);
  assert.deepEqual(
    refused(() => tasks.create(c, { subject: 'three' }, limits), 'too_many_tasks'),
    { count: 2, max: 2, condition: 'too_many_tasks' },
  );
  // Results are copies: changing one changes nothing kept.
  const t = tasks.get(c, '1');
  t.blocks.push('2');
  t.metadata.x = 1;
  assert.deepEqual([tasks.get(c, '1').blocks, tasks.get(c, '1').metadata], [[], {}]);
});

test('the list goes with the session', async () => {
  const c = fresh();
  tasks.create(c, { subject: 'a' });
  await c.session.dispose();
  assert.deepEqual(tasks.list(c), []);
});

test("a dialect's own ids: unique in the session, listed in the order created, the numbered ids untouched", () => {
  const c = fresh();
  const hex = tasks.create(c, { id: 'f00d01', subject: 'first' });
  assert.equal(hex.id, 'f00d01');
  assert.deepEqual(refused(() => tasks.create(c, { id: 'f00d01', subject: 'again' }), 'task_exists').id, 'f00d01');
  assert.equal(refused(() => tasks.create(c, { id: '', subject: 'empty' }), 'task_exists').id, '');
  tasks.create(c, { id: '0a0a0a', subject: 'second' });
  assert.equal(tasks.create(c, { subject: 'numbered' }).id, '1');
  assert.deepEqual(
    tasks.list(c).map((t) => t.id),
    ['f00d01', '0a0a0a', '1'],
  );
});

test('a new task with its blockers: they must exist, and a refusal creates nothing', () => {
  const c = fresh();
  tasks.create(c, { subject: 'a' });
  tasks.create(c, { subject: 'b' });
  const t = tasks.create(c, { subject: 'c', blockedBy: ['2', '1', '2'] });
  assert.deepEqual(
    [t.blockedBy, t.openBlockedBy],
    [
      ['2', '1'],
      ['2', '1'],
    ],
  );
  assert.deepEqual(tasks.get(c, '1').blocks, ['3']);
  assert.deepEqual(
    refused(() => tasks.create(c, { subject: 'd', blockedBy: ['1', '9'] }), 'task_refs_missing').missing,
    ['9'],
  );
  assert.deepEqual(
    tasks.list(c).map((x) => x.id),
    ['1', '2', '3'],
  );
  assert.deepEqual(tasks.get(c, '1').blocks, ['3']);
  const few = { ...DEFAULT_TASK_LIMITS, maxEdges: 1 };
  refused(() => tasks.create(c, { subject: 'e', blockedBy: ['1', '2'] }, few), 'task_field_too_long');
  refused(() => tasks.create(c, { subject: 'e', blockedBy: ['1'] }, few), 'task_field_too_long');
  assert.equal(tasks.list(c).length, 3);
});

test('setBlockedBy replaces the blockers in the order given; a cycle or an unknown one changes nothing', () => {
  const c = fresh();
  for (const s of ['a', 'b', 'c', 'd']) tasks.create(c, { subject: s });
  tasks.update(c, '4', { addBlockedBy: ['1', '2'] });
  const r = tasks.update(c, '4', { setBlockedBy: ['3', '2'] });
  assert.deepEqual([r.given, r.changed], [['blockedBy'], ['blockedBy']]);
  assert.deepEqual(r.task!.blockedBy, ['3', '2']);
  assert.deepEqual(
    ['1', '2', '3'].map((id) => tasks.get(c, id).blocks),
    [[], ['4'], ['4']],
  );
  assert.deepEqual(refused(() => tasks.update(c, '2', { setBlockedBy: ['4'] }), 'task_cycle').cycle, ['2', '4', '2']);
  refused(() => tasks.update(c, '4', { setBlockedBy: ['1', '7'] }), 'task_refs_missing');
  assert.deepEqual(tasks.get(c, '4').blockedBy, ['3', '2']);
  assert.deepEqual(tasks.update(c, '4', { setBlockedBy: [] }).task!.blockedBy, []);
  assert.deepEqual(tasks.get(c, '2').blocks, []);
});
