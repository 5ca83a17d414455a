// Gemini CLI 0.61.0's person-answered tools with real clients: ask_user's form and every outcome
// over MCP elicitation (accept, decline, cancel, no capability; a decline's message over gRPC), plan
// mode refusing write_file outside the plans directory and a shell command that writes until
// exit_plan_mode's plan file is approved (rejected, cancelled and invalid plans leave it on), and
// over gRPC the answer on the stream, a bad answer refused, unary CallTool and the ask timeout.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { InputAction } from '../../src/gen/facet/toolbox/v1/stream.js';
import { grpcHost, mcpHost, mcpText as text } from '../helpers/host-ask.js';
import { serverFixture, texts } from '../helpers/server.js';

const DB = {
  question: 'Which DB?',
  header: 'DB',
  type: 'choice',
  options: [
    { label: 'Postgres', description: 'server' },
    { label: 'SQLite', description: 'file' },
  ],
};
const NAME = { question: 'Project name?', header: 'Name', type: 'text', placeholder: 'e.g. facet' };
const GO = { question: 'Proceed?', header: 'Go', type: 'yesno' };
const FEATURES = {
  question: 'Which features?',
  header: 'Feat',
  type: 'choice',
  multiSelect: true,
  options: [
    { label: 'A', description: 'a' },
    { label: 'B', description: 'b' },
  ],
};
const DISMISSED =
  'The user dismissed the question without answering. Do not assume an answer: continue with what you know, or ask again when it matters.';
const NOBODY =
  'No user is available to answer in this session. Decide for yourself, state what you assumed, and continue.';
const TIMED_OUT =
  'No answer came from the user in the time allowed. Continue without the answer, stating what you assumed, or ask again later.';
const APPROVAL = 'Present the plan with exit_plan_mode and wait for its approval first.';
const CANCELLED = 'User cancelled the plan approval dialog. The plan was not approved and you are still in Plan Mode.';
const NOT_PLANNING =
  'Not in Plan Mode: there is no plan to approve. Call enter_plan_mode first, or continue with the approved plan.';

describe('gemini over MCP 2025-11-25 (elicitation)', () => {
  const { t, dir } = serverFixture({ shape: 'gemini', args: ['--mcp-listen', '127.0.0.1:0'] });
  const h = mcpHost(t, '/gemini');

  test('ask_user: choices, text and yes/no become the form; the answers come back', async () => {
    h.answer = () => ({ action: 'accept', content: { q1: 'Postgres', q2: 'facet', q3: true, q4: ['A', 'B'] } });
    const r = await h.call('eliciting', 'ask_user', { questions: [DB, NAME, GO, FEATURES] });
    assert.deepEqual(
      [r.isError ?? false, text(r)],
      [
        false,
        'The user answered: "Which DB?"="Postgres", "Project name?"="facet", "Proceed?"="Yes", "Which features?"="A, B".',
      ],
    );
    const req = h.asked.at(-1)!.params as { mode: string; message: string; requestedSchema: unknown };
    assert.deepEqual([req.mode, req.message], ['form', '4 questions from the model']);
    assert.deepEqual(req.requestedSchema, {
      type: 'object',
      properties: {
        q1: {
          type: 'string',
          title: 'Which DB?',
          description: 'DB',
          oneOf: [
            { const: 'Postgres', title: 'Postgres: server' },
            { const: 'SQLite', title: 'SQLite: file' },
          ],
        },
        q2: { type: 'string', title: 'Project name?', description: 'e.g. facet' },
        q3: { type: 'boolean', title: 'Proceed?', description: 'Go' },
        q4: {
          type: 'array',
          title: 'Which features?',
          description: 'Feat',
          items: {
            anyOf: [
              { const: 'A', title: 'A: a' },
              { const: 'B', title: 'B: b' },
            ],
          },
        },
      },
    });
    h.answer = () => ({ action: 'accept', content: {} });
    const none = await h.call('eliciting', 'ask_user', { questions: [GO] });
    assert.equal(text(none), 'The user answered none of the questions. Continue with what you know.');
  });

  test('ask_user: declined, cancelled, and a client that cannot be asked', async () => {
    h.answer = () => ({ action: 'decline' });
    const declined = await h.call('eliciting', 'ask_user', { questions: [DB] });
    assert.deepEqual([declined.isError, text(declined)], [true, 'User declined to answer the questions.']);
    h.answer = () => ({ action: 'cancel' });
    const cancelled = await h.call('eliciting', 'ask_user', { questions: [DB] });
    assert.deepEqual([cancelled.isError, text(cancelled)], [true, DISMISSED]);
    const before = h.asked.length;
    const nobody = await h.call('plain', 'ask_user', { questions: [DB] });
    assert.deepEqual([nobody.isError, text(nobody)], [true, NOBODY]);
    assert.equal(h.asked.length, before, 'a client without elicitation is never asked');
  });

  test('plan mode: writes outside the plans directory and writing commands are refused until the plan is approved', async () => {
    const plans = path.join(dir, '.gemini', 'plans');
    assert.equal(text(await h.call('eliciting', 'exit_plan_mode', { plan_filename: 'p.md' })), NOT_PLANNING);
    const entered = await h.call('eliciting', 'enter_plan_mode', { reason: 'big change' });
    assert.deepEqual([entered.isError ?? false, text(entered)], [false, 'Switching to Plan mode.']);
    const write = await h.call('eliciting', 'write_file', { file_path: 'x.txt', content: 'x' });
    assert.deepEqual(
      [write.isError, text(write)],
      [
        true,
        `Cannot write to ${dir}/x.txt while in Plan Mode: only plan files under ${plans} may be written. ${APPROVAL}`,
      ],
    );
    const shell = await h.call('eliciting', 'run_shell_command', { command: 'echo hi > y.txt' });
    assert.deepEqual(
      [shell.isError, text(shell)],
      [true, `run_shell_command cannot run a command that may change something while in Plan Mode. ${APPROVAL}`],
    );
    assert.deepEqual([existsSync(path.join(dir, 'x.txt')), existsSync(path.join(dir, 'y.txt'))], [false, false]);
    assert.equal((await h.call('eliciting', 'run_shell_command', { command: 'ls -a' })).isError ?? false, false);
    // The plans directory is the one place to write; the plan must be there and not empty.
    const planned = await h.call('eliciting', 'write_file', { file_path: '.gemini/plans/p.md', content: '1. Do x\n' });
    assert.equal(planned.isError ?? false, false);
    const outside = await h.call('eliciting', 'exit_plan_mode', { plan_filename: '../../x.md' });
    assert.deepEqual(
      [outside.isError, text(outside)],
      [
        true,
        `The plan file must be inside the plans directory ${plans}, not ${dir}/x.md. Write the plan there and name it in plan_filename.`,
      ],
    );
    const missing = await h.call('eliciting', 'exit_plan_mode', { plan_filename: 'none.md' });
    assert.equal(
      text(missing),
      `The plan file ${plans}/none.md is missing or empty. Write the plan there with write_file first.`,
    );
    // Rejected with and without feedback, and cancelled: Plan Mode stays on.
    h.answer = () => ({ action: 'decline' });
    const rejected = await h.call('eliciting', 'exit_plan_mode', { plan_filename: 'p.md' });
    assert.deepEqual([rejected.isError, text(rejected)], [true, 'Plan rejected. No feedback provided.']);
    h.answer = () => ({ action: 'cancel' });
    const cancelled = await h.call('eliciting', 'exit_plan_mode', { plan_filename: 'p.md' });
    assert.deepEqual([cancelled.isError, text(cancelled)], [true, CANCELLED]);
    assert.equal((await h.call('eliciting', 'write_file', { file_path: 'x.txt', content: 'x' })).isError, true);
    // Approved: the plan file went to the host, and Plan Mode is over.
    h.answer = () => ({ action: 'accept', content: {} });
    const approved = await h.call('eliciting', 'exit_plan_mode', { plan_filename: 'p.md' });
    assert.deepEqual(
      [approved.isError ?? false, text(approved)],
      [false, `Plan approved: Plan Mode has ended. Carry out the plan in ${plans}/p.md.`],
    );
    assert.equal(
      (await h.call('eliciting', 'write_file', { file_path: 'x.txt', content: 'x' })).isError ?? false,
      false,
    );
    assert.equal(readFileSync(path.join(dir, 'x.txt'), 'utf8'), 'x');
    assert.equal(text(await h.call('eliciting', 'exit_plan_mode', { plan_filename: 'p.md' })), NOT_PLANNING);
  });
});

describe('gemini over gRPC (input_required on CallToolStream, AnswerInput)', () => {
  const { t, call } = serverFixture({ shape: 'gemini' });
  const { stream, answerInput } = grpcHost(t);

  test('ask_user: a bad answer is refused in band, the good one resumes the call', async () => {
    const s = stream('ask_user', { questions: [GO, NAME] });
    const q = await s.question;
    assert.deepEqual([q.kind, q.message], ['questions', '2 questions from the model']);
    const accept = (content: Record<string, unknown>) => ({
      id: q.id,
      action: InputAction.INPUT_ACTION_ACCEPT,
      content,
    });
    assert.equal(
      (await answerInput(accept({ q1: 'yes' }))).error,
      `the answer to question ${q.id} does not fit its form: q1 must be true or false`,
    );
    assert.deepEqual(await answerInput(accept({ q1: false, q2: 'x' })), { error: '', failure: undefined });
    const res = await s.final;
    assert.deepEqual([res.error, texts(res)[0]], ['', 'The user answered: "Proceed?"="No", "Project name?"="x".']);
  });

  test('declined with a message: the message verbatim; exit_plan_mode feedback in the vendor words', async () => {
    const s = stream('ask_user', { questions: [DB] });
    const q = await s.question;
    await answerInput({ id: q.id, action: InputAction.INPUT_ACTION_DECLINE, message: 'Ask me later' });
    assert.equal(texts(await s.final)[0], 'Ask me later');
    await call('enter_plan_mode', {}, 'plan');
    await call('write_file', { file_path: '.gemini/plans/q.md', content: '1. Do y\n' }, 'plan');
    const e = stream('exit_plan_mode', { plan_filename: 'q.md' }, 'plan');
    const p = await e.question;
    assert.deepEqual([p.kind, p.plan, p.planPath.endsWith('/.gemini/plans/q.md')], ['plan', '1. Do y\n', true]);
    await answerInput({ id: p.id, action: InputAction.INPUT_ACTION_DECLINE, message: 'Split step 1' }, 'plan');
    const res = await e.final;
    assert.deepEqual(
      [res.error, texts(res)[0]],
      ['Plan rejected. User feedback: Split step 1', 'Plan rejected. User feedback: Split step 1'],
    );
  });

  test('unary CallTool has nobody to ask', async () => {
    const unary = await call('ask_user', { questions: [DB] });
    assert.deepEqual([unary.error, texts(unary)[0]], [NOBODY, NOBODY]);
    await call('enter_plan_mode', {}, 'u');
    await call('write_file', { file_path: '.gemini/plans/u.md', content: 'plan\n' }, 'u');
    assert.equal(texts(await call('exit_plan_mode', { plan_filename: 'u.md' }, 'u'))[0], NOBODY);
  });
});

describe('gemini: a question nobody answers', () => {
  const { t } = serverFixture({ shape: 'gemini', args: ['--ask-timeout-ms', '30'] });
  const { stream } = grpcHost(t);

  test('meets --ask-timeout-ms and ends in band', async () => {
    const s = stream('ask_user', { questions: [DB] });
    const res = await s.final;
    assert.deepEqual([res.error, texts(res)[0]], [TIMED_OUT, TIMED_OUT]);
    assert.deepEqual(
      s.events.map((e) => e.event?.$case),
      ['inputRequired', 'response'],
    );
  });
});
