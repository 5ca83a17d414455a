// The host in the loop with real clients: Claude Code's AskUserQuestion and plan mode asked of
// the host over MCP 2025-11-25 (the official SDK client's elicitation handler: accept, decline,
// cancel, and a client without the capability), over gRPC (input_required on CallToolStream,
// answered by AnswerInput; bad, second and late answers refused in band) and unary CallTool
// (nobody to ask), and the ask timeout. Each result is checked exactly.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { InputAction, type AnswerInputResponse } from '../../src/gen/facet/toolbox/v1/stream.js';
import { grpcHost, mcpHost, mcpText as text, unansweredCall } from '../helpers/host-clients.js';
import { serverFixture, texts } from '../helpers/server.js';

const DB = {
  question: 'Which DB?',
  header: 'DB',
  options: [
    { label: 'Postgres', description: 'server' },
    { label: 'SQLite', description: 'file' },
  ],
  multiSelect: false,
};
const FEATURES = {
  question: 'Which features?',
  header: 'Feat',
  options: [
    { label: 'A', description: 'a' },
    { label: 'B', description: 'b' },
  ],
  multiSelect: true,
};
const ANSWERED =
  'Your questions have been answered: "Which DB?"="Postgres", "Which features?"="A, B". You can now continue with these answers in mind.';
const NEUTRAL = (pair: string) =>
  `The user answered: ${pair}. Read the answers carefully \u2014 they may request clarification, changes, or that you not proceed \u2014 and follow what they actually say.`;
const DISMISSED =
  'The user dismissed the question without answering. Do not assume an answer: continue with what you know, or ask again when it matters.';
const NOBODY =
  'No user is available to answer in this session. Decide for yourself, state what you assumed, and continue.';
const TIMED_OUT =
  'No answer came from the user in the time allowed. Continue without the answer, stating what you assumed, or ask again later.';
const ENTERED_FIRST_LINE =
  'Entered plan mode. You should now focus on exploring the codebase and designing an implementation approach.';
const AUTO_MODE =
  "Auto mode is unavailable: its safety check does not run for this session, so Bash was not run. Other actions that need the check will be denied too, and retrying won't help. Finish what you can without them, then tell the user what is blocked and that they can switch to another permission mode.";
const NOT_PLANNING =
  '<tool_use_error>You are not in plan mode. To enter plan mode, call the EnterPlanMode tool first. If your plan was already approved, continue with implementation.</tool_use_error>';

describe('over MCP 2025-11-25 (elicitation)', () => {
  const { t, dir } = serverFixture({ shape: 'claude', args: ['--mcp-listen', '127.0.0.1:0'] });
  const host = mcpHost(t, 'claude');
  const { asked } = host;
  const setAnswer = (a: typeof host.answer) => (host.answer = a);

  test('accepted: the form is the questions, the answer is the vendor text', async () => {
    setAnswer(() => ({ action: 'accept', content: { q1: 'Postgres', q2: ['A', 'B'] } }));
    const r = await host.call('AskUserQuestion', { questions: [DB, FEATURES] });
    assert.equal(r.isError ?? false, false);
    assert.equal(text(r), ANSWERED);
    const req = asked.at(-1)!.params as { mode: string; message: string; requestedSchema: Record<string, any> };
    assert.equal(req.mode, 'form');
    assert.equal(req.message, '2 questions from the model');
    assert.deepEqual(Object.keys(req.requestedSchema.properties), [
      'q1',
      'q1_other',
      'q1_notes',
      'q2',
      'q2_other',
      'q2_notes',
    ]);
    assert.deepEqual(req.requestedSchema.properties.q1, {
      type: 'string',
      title: 'Which DB?',
      description: 'DB',
      oneOf: [
        { const: 'Postgres', title: 'Postgres: server' },
        { const: 'SQLite', title: 'SQLite: file' },
      ],
    });
  });

  test('free text and notes get the neutral wording', async () => {
    setAnswer(() => ({ action: 'accept', content: { q1_other: 'Use MySQL instead, we already run it' } }));
    assert.equal(
      text(await host.call('AskUserQuestion', { questions: [DB] })),
      NEUTRAL('"Which DB?"="Use MySQL instead, we already run it"'),
    );
    setAnswer(() => ({ action: 'accept', content: { q1: 'SQLite', q1_notes: 'keep it small' } }));
    assert.equal(
      text(await host.call('AskUserQuestion', { questions: [DB] })),
      NEUTRAL('"Which DB?"="SQLite" notes: keep it small'),
    );
  });

  test('declined and cancelled are errors in the vendor style; no capability asks nobody', async () => {
    setAnswer(() => ({ action: 'decline' }));
    const declined = await host.call('AskUserQuestion', { questions: [DB] });
    assert.deepEqual([declined.isError, text(declined)], [true, 'User declined to answer']);
    setAnswer(() => ({ action: 'cancel' }));
    const cancelled = await host.call('AskUserQuestion', { questions: [DB] });
    assert.deepEqual([cancelled.isError, text(cancelled)], [true, DISMISSED]);
    const before = asked.length;
    const nobody = await host.callPlain('AskUserQuestion', { questions: [DB] });
    assert.deepEqual([nobody.isError, text(nobody)], [true, NOBODY]);
    assert.equal(asked.length, before, 'a client without elicitation is never asked');
  });

  test('plan mode refuses writes in the vendor words until the host approves the plan', async () => {
    const entered = await host.call('EnterPlanMode', {});
    assert.equal(entered.isError ?? false, false);
    assert.equal(text(entered).split('\n')[0], ENTERED_FIRST_LINE);
    const write = await host.call('Write', { file_path: 'x.txt', content: 'x' });
    assert.deepEqual([write.isError, text(write)], [true, `Cannot write to ${dir}/x.txt while in plan mode.`]);
    assert.equal(existsSync(path.join(dir, 'x.txt')), false);
    const bash = await host.call('Bash', { command: 'echo hi > y.txt', description: 'write' });
    assert.deepEqual([bash.isError, text(bash)], [true, AUTO_MODE]);
    assert.equal(existsSync(path.join(dir, 'y.txt')), false);
    const ls = await host.call('Bash', { command: 'ls -a', description: 'list' });
    assert.equal(ls.isError ?? false, false);
    // Rejected: plan mode stays on.
    setAnswer(() => ({ action: 'decline' }));
    const rejected = await host.call('ExitPlanMode', { plan: '# Plan\n\n1. Do x\n' });
    assert.deepEqual([rejected.isError, text(rejected)], [true, 'The user did not approve the plan.']);
    assert.equal((await host.call('Write', { file_path: 'x.txt', content: 'x' })).isError, true);
    // Approved: the plan is saved to its file and work may start.
    setAnswer(() => ({ action: 'accept', content: {} }));
    const approved = await host.call('ExitPlanMode', { plan: '# Plan\n\n1. Do x\n' });
    assert.equal(approved.isError ?? false, false);
    const planFile = /saved to: (.*)\n/.exec(text(approved))![1]!;
    assert.match(planFile, new RegExp(`^${dir}/\\.claude/plans/plan-[0-9a-f]{8}\\.md$`));
    assert.equal(
      text(approved),
      `User has approved your plan. You can now start coding. Start with updating your todo list if applicable\n\nYour plan has been saved to: ${planFile}\nYou can refer back to it if needed during implementation.\n\n## Approved Plan:\n# Plan\n\n1. Do x\n`,
    );
    assert.equal(readFileSync(planFile, 'utf8'), '# Plan\n\n1. Do x\n');
    assert.equal((await host.call('Write', { file_path: 'x.txt', content: 'x' })).isError ?? false, false);
    const again = await host.call('ExitPlanMode', {});
    assert.deepEqual([again.isError, text(again)], [true, NOT_PLANNING]);
  });
});

describe('over gRPC (input_required on CallToolStream, AnswerInput)', () => {
  const { t, call } = serverFixture({ shape: 'claude' });
  const { stream, answerInput } = grpcHost(t);

  test('the question goes out as an event; bad answers are refused in band; the good one resumes the call', async () => {
    const s = stream('AskUserQuestion', { questions: [DB, FEATURES] });
    const q = await s.question;
    assert.equal(q.kind, 'questions');
    assert.equal(q.message, '2 questions from the model');
    assert.deepEqual((q.form as { required?: unknown }).required, undefined);
    const accept = (content: Record<string, unknown>) => ({
      id: q.id,
      action: InputAction.INPUT_ACTION_ACCEPT,
      content,
    });
    const notOffered = await answerInput(accept({ q1: 'MySQL' }));
    assert.equal(
      notOffered.error,
      `the answer to question ${q.id} does not fit its form: q1 must be one of "Postgres", "SQLite"`,
    );
    assert.deepEqual(notOffered.failure?.fieldViolations, [
      { field: 'q1', description: 'must be one of "Postgres", "SQLite"' },
    ]);
    assert.equal(
      (await answerInput(accept({ q2: 'A' }))).error,
      `the answer to question ${q.id} does not fit its form: q2 must be a list of the options chosen`,
    );
    assert.equal(
      (await answerInput({ id: q.id })).error,
      `the answer to question ${q.id} does not fit its form: action must be one of accept, decline, cancel`,
    );
    assert.equal(
      (await answerInput(accept({ q1: 'Postgres' }), 'other')).error,
      `no question ${q.id} is waiting for an answer`,
    );
    assert.deepEqual(await answerInput(accept({ q1: 'Postgres', q2: ['A', 'B'] })), { error: '', failure: undefined });
    const res = await s.final;
    assert.deepEqual([res.error, texts(res)[0]], ['', ANSWERED]);
    assert.equal(s.events.at(-1)!.event?.$case, 'response');
    const second = await answerInput(accept({ q1: 'SQLite' }));
    assert.equal(second.error, `question ${q.id} was already answered`);
  });

  test('declined with a message: the message verbatim, as an error', async () => {
    const s = stream('AskUserQuestion', { questions: [DB] });
    const q = await s.question;
    await answerInput({ id: q.id, action: InputAction.INPUT_ACTION_DECLINE, message: 'Please change step 2' });
    const res = await s.final;
    assert.deepEqual(
      [res.error, texts(res)[0], res.failure?.message],
      ['Please change step 2', 'Please change step 2', 'the person declined'],
    );
  });

  test('ExitPlanMode sends the plan; unary CallTool has nobody to ask', async () => {
    await call('EnterPlanMode', {}, 'plan');
    const s = stream('ExitPlanMode', { plan: 'step one' }, 'plan');
    const q = await s.question;
    assert.deepEqual(
      [q.kind, q.plan, q.planPath.endsWith('.md'), q.form],
      ['plan', 'step one', true, { type: 'object', properties: {} }],
    );
    await answerInput({ id: q.id, action: InputAction.INPUT_ACTION_CANCEL }, 'plan');
    assert.equal(texts(await s.final)[0], DISMISSED);
    const unary = await call('AskUserQuestion', { questions: [DB] }, 'plan');
    assert.deepEqual([unary.error, texts(unary)[0]], [NOBODY, NOBODY]);
    const exit = await call('ExitPlanMode', {}, 'plan');
    assert.equal(texts(exit)[0], NOBODY, 'still in plan mode, and nobody to approve');
  });
});

test('a question nobody answers meets --ask-timeout-ms and ends in band; a late answer is refused', () =>
  unansweredCall('claude', 'AskUserQuestion', { questions: [DB] }, async (client, question, res) => {
    assert.deepEqual([res.error, texts(res)[0]], [TIMED_OUT, TIMED_OUT]);
    const late = await new Promise<AnswerInputResponse>((resolve, reject) =>
      client.answerInput(
        { id: question.id, action: InputAction.INPUT_ACTION_CANCEL, content: undefined, message: '' },
        (err, r) => (err ? reject(err) : resolve(r!)),
      ),
    );
    assert.equal(late.error, `question ${question.id} has ended (timed out): its call went on`);
  }));
