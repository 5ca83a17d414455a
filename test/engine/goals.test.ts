// A session's goal through the engine: one per session, kept unless replaced, statuses and
// budgets checked whole before anything changes, usage the host reports, cleared on request.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from '../../src/config.js';
import { createEngine, Scope, Session } from '../../src/engine/index.js';
import { EngineError } from '../../src/engine/errors.js';

const engine = createEngine(parseConfig(['--lsp', 'off'], {}));
const ctxOf = (id: string) => ({ scope: Scope.fromRoots(['/tmp']), session: new Session(id) });

function condition(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof EngineError, String(e));
    return `${e.kind}:${String(e.condition)}`;
  }
  assert.fail('expected a failure');
}

test('a session has no goal until one is created, and sessions do not share one', () => {
  const a = ctxOf('a');
  const b = ctxOf('b');
  assert.equal(engine.goals.current(a), undefined);
  const g = engine.goals.create(a, { objective: 'ship it', completionCriterion: 'tests pass', budget: { tokens: 50 } });
  assert.deepEqual(
    { ...g, createdAt: 0, updatedAt: 0 },
    {
      objective: 'ship it',
      completionCriterion: 'tests pass',
      status: 'active',
      budget: { tokens: 50 },
      tokensUsed: 0,
      turnsUsed: 0,
      createdAt: 0,
      updatedAt: 0,
    },
  );
  assert.equal(engine.goals.current(b), undefined);
  // A returned copy changed by a caller leaves the session's goal alone.
  g.budget.tokens = 1;
  assert.equal(engine.goals.current(a)?.budget.tokens, 50);
});

test('a second goal is refused unless replace is set; bad input changes nothing', () => {
  const c = ctxOf('c');
  engine.goals.create(c, { objective: 'first' });
  assert.equal(
    condition(() => engine.goals.create(c, { objective: 'second' })),
    'conflict:goal_exists',
  );
  assert.equal(
    condition(() => engine.goals.create(c, { objective: '  ' }, true)),
    'invalid_argument:goal_objective_empty',
  );
  assert.equal(
    condition(() => engine.goals.create(c, { objective: 'x'.repeat(20_001) }, true)),
    'invalid_argument:goal_field_too_long',
  );
  assert.equal(
    condition(() => engine.goals.create(c, { objective: 'b', budget: { turns: -1 } }, true)),
    'invalid_argument:bad_goal_budget',
  );
  assert.equal(engine.goals.current(c)?.objective, 'first');
  assert.equal(engine.goals.create(c, { objective: 'second' }, true).objective, 'second');
});

test('status, budget and usage change the goal; without a goal they fail or do nothing', () => {
  const d = ctxOf('d');
  assert.equal(
    condition(() => engine.goals.update(d, { status: 'complete' })),
    'not_found:goal_missing',
  );
  assert.equal(
    condition(() => engine.goals.setBudget(d, { turns: 3 })),
    'not_found:goal_missing',
  );
  engine.goals.recordUsage(d, { tokens: 5 });
  engine.goals.create(d, { objective: 'o', budget: { tokens: 100 } });
  engine.goals.recordUsage(d, { tokens: 15, turns: 2 });
  engine.goals.recordUsage(d, { tokens: -4 });
  const budgeted = engine.goals.setBudget(d, { turns: 3 });
  assert.deepEqual(budgeted.budget, { tokens: 100, turns: 3 });
  assert.equal(budgeted.tokensUsed, 15);
  assert.equal(budgeted.turnsUsed, 2);
  assert.equal(
    condition(() => engine.goals.update(d, { status: 'done' as never })),
    'invalid_argument:bad_goal_status',
  );
  const blocked = engine.goals.update(d, { status: 'blocked', reason: 'no access', blockerKind: 'authority' });
  assert.deepEqual([blocked.status, blocked.reason, blocked.blockerKind], ['blocked', 'no access', 'authority']);
  assert.equal(engine.goals.clear(d)?.status, 'blocked');
  assert.equal(engine.goals.current(d), undefined);
  assert.equal(engine.goals.clear(d), undefined);
});

test.after(() => engine.close());
