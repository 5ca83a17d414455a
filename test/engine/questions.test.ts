// Questions to the host through the engine: a question waits for its one answer, which must fit
// its form; a bad, late or second answer is refused and changes nothing; nobody to ask answers
// at once; the ask timeout and the call's cancellation end it; questions wait independently.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from '../../src/config.js';
import { createEngine, EngineError, Scope, Session } from '../../src/engine/index.js';
import type { PendingQuestion, QuestionRequest } from '../../src/engine/questions.js';
import { formSchema } from '../../src/engine/questions.js';

const engine = createEngine(parseConfig(['--lsp', 'off', '--ask-timeout-ms', '50'], {}));
const slow = createEngine(parseConfig(['--lsp', 'off'], {}));

const form: QuestionRequest = {
  kind: 'questions',
  message: 'Two questions',
  fields: [
    {
      name: 'db',
      title: 'Which DB?',
      type: 'choice',
      required: true,
      options: [{ label: 'Postgres' }, { label: 'SQLite' }],
    },
    {
      name: 'feat',
      title: 'Which features?',
      type: 'choice',
      multiple: true,
      options: [{ label: 'A' }, { label: 'B' }],
    },
    { name: 'notes', title: 'Notes', type: 'text' },
    { name: 'ok', title: 'Go?', type: 'boolean' },
  ],
};

function asking(session = new Session('s')) {
  const asked: PendingQuestion[] = [];
  const ctx = { scope: Scope.fromRoots(['/tmp']), session, asker: (q: PendingQuestion) => void asked.push(q) };
  return { ctx, asked };
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof EngineError, String(e));
    return `${e.kind}: ${e.message}`;
  }
  assert.fail('expected a refusal');
}

test('an answer that fits the form resumes the call with it', async () => {
  const { ctx, asked } = asking();
  const outcome = slow.host.ask(ctx, form);
  assert.equal(asked.length, 1);
  const q = asked[0]!;
  assert.equal(q.session, 's');
  assert.equal(slow.host.pending(q.id)?.message, 'Two questions');
  slow.host.answer(q.id, { action: 'accept', content: { db: 'SQLite', feat: ['B', 'A'], notes: 'small', ok: true } });
  assert.deepEqual(await outcome, {
    action: 'accept',
    content: { db: 'SQLite', feat: ['B', 'A'], notes: 'small', ok: true },
  });
  assert.equal(slow.host.pending(q.id), undefined);
  assert.equal(
    refusal(() => slow.host.answer(q.id, { action: 'cancel' })),
    `precondition_failed: question ${q.id} was already answered`,
  );
});

test('bad answers are refused, naming each fault, and the question still waits', async () => {
  const { ctx, asked } = asking();
  const outcome = slow.host.ask(ctx, form);
  const id = asked[0]!.id;
  const bad = (reply: unknown) => refusal(() => slow.host.answer(id, reply));
  assert.equal(
    bad({ action: 'accept', content: { db: 'MySQL' } }),
    `invalid_argument: the answer to question ${id} does not fit its form: db must be one of "Postgres", "SQLite"`,
  );
  assert.equal(
    bad({ action: 'accept', content: { feat: ['A', 'C'], ok: 'yes', extra: 1 } }),
    `invalid_argument: the answer to question ${id} does not fit its form: extra is not a field of the form; ` +
      'db is required; feat each choice must be one of "A", "B"; ok must be true or false',
  );
  assert.equal(
    bad({ action: 'accept', content: { db: 'Postgres', feat: ['A', 'A'], notes: 3 } }),
    `invalid_argument: the answer to question ${id} does not fit its form: feat names an option twice; notes must be a string`,
  );
  assert.equal(
    bad({ action: 'maybe' }),
    `invalid_argument: the answer to question ${id} does not fit its form: action must be one of accept, decline, cancel`,
  );
  assert.equal(
    bad('yes'),
    `invalid_argument: the answer to question ${id} does not fit its form: answer is not an object`,
  );
  assert.equal(
    bad({ action: 'decline', message: 7 }),
    `invalid_argument: the answer to question ${id} does not fit its form: message must be a string`,
  );
  // Another session's answer, and a question nobody asked.
  assert.equal(
    refusal(() => slow.host.answer(id, { action: 'cancel' }, 'other')),
    `not_found: no question ${id} is waiting for an answer`,
  );
  assert.equal(
    refusal(() => slow.host.answer('nope', { action: 'cancel' })),
    'not_found: no question nope is waiting for an answer',
  );
  assert.ok(slow.host.pending(id));
  slow.host.answer(id, { action: 'decline', message: 'not now' }, 's');
  assert.deepEqual(await outcome, { action: 'decline', message: 'not now' });
});

test('nobody to ask answers at once; a cancelled call and the ask timeout end the question', async () => {
  const session = new Session('t');
  assert.deepEqual(await engine.host.ask({ session }, form), { action: 'unavailable' });
  const { ctx, asked } = asking(session);
  assert.deepEqual(await engine.host.ask(ctx, form), { action: 'timeout' });
  assert.equal(
    refusal(() => engine.host.answer(asked[0]!.id, { action: 'cancel' })),
    `precondition_failed: question ${asked[0]!.id} has ended (timed out): its call went on`,
  );
  const controller = new AbortController();
  const outcome = slow.host.ask({ ...ctx, signal: controller.signal }, form);
  controller.abort();
  assert.deepEqual(await outcome, { action: 'cancel' });
  assert.equal(
    refusal(() => slow.host.answer(asked[1]!.id, { action: 'cancel' })),
    `precondition_failed: question ${asked[1]!.id} has ended (cancelled): its call went on`,
  );
});

test('questions of two sessions wait independently', async () => {
  const a = asking(new Session('a'));
  const b = asking(new Session('b'));
  const qa = slow.host.ask(a.ctx, form);
  const qb = slow.host.ask(b.ctx, form);
  slow.host.answer(b.asked[0]!.id, { action: 'cancel' }, 'b');
  assert.deepEqual(await qb, { action: 'cancel' });
  assert.ok(slow.host.pending(a.asked[0]!.id));
  slow.host.answer(a.asked[0]!.id, { action: 'accept', content: { db: 'Postgres' } }, 'a');
  assert.deepEqual(await qa, { action: 'accept', content: { db: 'Postgres' } });
});

test('the form as an elicitation schema: flat primitive fields, choices as titled enums', () => {
  assert.deepEqual(formSchema(form), {
    type: 'object',
    properties: {
      db: {
        type: 'string',
        title: 'Which DB?',
        oneOf: [
          { const: 'Postgres', title: 'Postgres' },
          { const: 'SQLite', title: 'SQLite' },
        ],
      },
      feat: {
        type: 'array',
        title: 'Which features?',
        items: {
          anyOf: [
            { const: 'A', title: 'A' },
            { const: 'B', title: 'B' },
          ],
        },
        uniqueItems: true,
      },
      notes: { type: 'string', title: 'Notes' },
      ok: { type: 'boolean', title: 'Go?' },
    },
    required: ['db'],
  });
});

test('plan mode is session state', () => {
  const a = { session: new Session('p') };
  assert.equal(slow.host.plan(a), undefined);
  slow.host.enterPlan(a, { since: 1, dialect: 'x', refusal: () => 'no' });
  assert.equal(slow.host.plan(a)?.dialect, 'x');
  assert.equal(slow.host.plan({ session: new Session('q') }), undefined);
  assert.equal(slow.host.leavePlan(a)?.dialect, 'x');
  assert.equal(slow.host.plan(a), undefined);
});
