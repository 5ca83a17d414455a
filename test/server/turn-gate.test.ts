import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TurnGate } from '../../src/server/turn-gate.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

test('the turn gate starts at most its quota per turn, the rest in later turns, in arrival order', async () => {
  const gate = new TurnGate(3);
  const started: number[] = [];
  for (let i = 0; i < 8; i++) gate.run(() => started.push(i));
  assert.deepEqual(started, [0, 1, 2]);
  assert.equal(gate.queued, 5);
  await nextTurn();
  assert.deepEqual(started, [0, 1, 2, 3, 4, 5]);
  await nextTurn();
  assert.deepEqual(started, [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.equal(gate.queued, 0);
});

test('the turn gate runs a lone call at once, and a newcomer never overtakes calls already waiting', async () => {
  const gate = new TurnGate(1);
  const started: string[] = [];
  gate.run(() => started.push('a'));
  assert.deepEqual(started, ['a'], 'the first call of a turn is not deferred');
  gate.run(() => started.push('b'));
  gate.run(() => started.push('c'));
  assert.deepEqual(started, ['a']);
  await nextTurn();
  assert.deepEqual(started, ['a', 'b']);
  await nextTurn();
  await nextTurn();
  assert.deepEqual(started, ['a', 'b', 'c']);
  // A quiet turn resets the quota: the next call starts at once again.
  await nextTurn();
  gate.run(() => started.push('d'));
  assert.deepEqual(started, ['a', 'b', 'c', 'd']);
});

test('the turn gate refuses a quota that is not a whole number of at least 1', () => {
  assert.throws(() => new TurnGate(0), /whole number ≥ 1, got 0/);
  assert.throws(() => new TurnGate(Number.NaN), /got NaN/);
});
