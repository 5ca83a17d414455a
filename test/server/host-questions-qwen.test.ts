// Qwen Code 0.24.4's person-answered tools with real clients: ask_user_question's form and every
// outcome over MCP elicitation (accept, decline, cancel, no capability) and gRPC (a decline's
// message, a bad answer refused, unary CallTool, the ask timeout), listed eagerly; plan mode
// refusing write_file, edit and a shell command that writes until exit_plan_mode's plan is
// approved (rejected and cancelled leave it on).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { InputAction } from '../../src/gen/facet/toolbox/v1/stream.js';
import { grpcHost, mcpHost, mcpText as text } from '../helpers/host-ask.js';
import { serverFixture, texts, unary } from '../helpers/server.js';

const DB = {
  question: 'Which DB?',
  header: 'DB',
  options: [
    { label: 'Postgres', description: 'server' },
    { label: 'SQLite', description: 'file' },
  ],
};
const FEATURES = { ...DB, question: 'Which features?', header: 'Feat', multiSelect: true };
const DISMISSED =
  'The user dismissed the question without answering. Do not assume an answer: continue with what you know, or ask again when it matters.';
const NOBODY =
  'No user is available to answer in this session. Decide for yourself, state what you assumed, and continue.';
const TIMED_OUT =
  'No answer came from the user in the time allowed. Continue without the answer, stating what you assumed, or ask again later.';
const APPROVAL = 'Present the plan with exit_plan_mode and wait for its approval first.';
const ENTERED =
  'Entered plan mode. Explore the code and design the approach; do not change any file. When the plan is ready, present it with exit_plan_mode for approval.';
const REJECTED = 'The user did not approve the plan. You are still in plan mode: revise the plan and present it again.';
const APPROVED = 'The user approved the plan. Plan mode has ended: start the work, following the plan.';
const NOT_PLANNING =
  'Not in plan mode: there is no plan to approve. Call enter_plan_mode first, or continue with the approved plan.';

describe('qwen over MCP 2025-11-25 (elicitation)', () => {
  const { t, dir } = serverFixture({ shape: 'qwen', args: ['--mcp-listen', '127.0.0.1:0'] });
  const h = mcpHost(t, '/qwen');

  test('the tools are listed eagerly; ask_user_question asks and answers', async () => {
    const { tools } = await unary(t.client.listToolSummaries, t.client, { tagsFilter: [] }, { shape: 'qwen' });
    const names = tools.map((x) => x.name);
    for (const n of ['ask_user_question', 'enter_plan_mode', 'exit_plan_mode']) assert.ok(names.includes(n), n);
    h.answer = () => ({ action: 'accept', content: { q1: 'SQLite', q2: ['Postgres', 'SQLite'] } });
    const r = await h.call('eliciting', 'ask_user_question', { questions: [DB, FEATURES] });
    assert.deepEqual(
      [r.isError ?? false, text(r)],
      [false, 'The user answered: "Which DB?"="SQLite", "Which features?"="Postgres, SQLite".'],
    );
    const req = h.asked.at(-1)!.params as { requestedSchema: { properties: Record<string, unknown> } };
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

  test('declined, cancelled, and a client that cannot be asked', async () => {
    h.answer = () => ({ action: 'decline' });
    const declined = await h.call('eliciting', 'ask_user_question', { questions: [DB] });
    assert.deepEqual([declined.isError, text(declined)], [true, 'User declined to answer the questions.']);
    h.answer = () => ({ action: 'cancel' });
    const cancelled = await h.call('eliciting', 'ask_user_question', { questions: [DB] });
    assert.deepEqual([cancelled.isError, text(cancelled)], [true, DISMISSED]);
    const before = h.asked.length;
    const nobody = await h.call('plain', 'ask_user_question', { questions: [DB] });
    assert.deepEqual([nobody.isError, text(nobody)], [true, NOBODY]);
    assert.equal(h.asked.length, before, 'a client without elicitation is never asked');
  });

  test('plan mode: writes, edits and writing commands are refused until the plan is approved', async () => {
    const x = path.join(dir, 'x.txt');
    assert.equal(text(await h.call('eliciting', 'exit_plan_mode', { plan: 'p' })), NOT_PLANNING);
    const entered = await h.call('eliciting', 'enter_plan_mode', { userRequested: true });
    assert.deepEqual([entered.isError ?? false, text(entered)], [false, ENTERED]);
    const write = await h.call('eliciting', 'write_file', { file_path: x, content: 'x' });
    assert.deepEqual([write.isError, text(write)], [true, `Cannot write to ${x} while in Plan Mode. ${APPROVAL}`]);
    const edit = await h.call('eliciting', 'edit', { file_path: x, old_string: 'a', new_string: 'b' });
    assert.deepEqual([edit.isError, text(edit)], [true, `Cannot write to ${x} while in Plan Mode. ${APPROVAL}`]);
    const shell = await h.call('eliciting', 'run_shell_command', { command: 'touch y.txt' });
    assert.deepEqual(
      [shell.isError, text(shell)],
      [true, `run_shell_command cannot run a command that may change something while in Plan Mode. ${APPROVAL}`],
    );
    assert.deepEqual([existsSync(x), existsSync(path.join(dir, 'y.txt'))], [false, false]);
    assert.equal((await h.call('eliciting', 'run_shell_command', { command: 'pwd' })).isError ?? false, false);
    h.answer = () => ({ action: 'decline' });
    const rejected = await h.call('eliciting', 'exit_plan_mode', { plan: '1. Do x' });
    assert.deepEqual([rejected.isError, text(rejected)], [true, REJECTED]);
    h.answer = () => ({ action: 'cancel' });
    assert.equal(text(await h.call('eliciting', 'exit_plan_mode', { plan: '1. Do x' })), DISMISSED);
    assert.equal((await h.call('eliciting', 'write_file', { file_path: x, content: 'x' })).isError, true);
    h.answer = () => ({ action: 'accept', content: {} });
    const approved = await h.call('eliciting', 'exit_plan_mode', {
      plan: '1. Do x',
      originalRequest: 'make x',
      researchSummary: 'x is missing',
    });
    assert.deepEqual([approved.isError ?? false, text(approved)], [false, APPROVED]);
    assert.equal(
      (h.asked.at(-1)!.params as { message: string }).message,
      'Approve this plan? Work starts once it is approved.',
    );
    assert.equal((await h.call('eliciting', 'write_file', { file_path: x, content: 'x' })).isError ?? false, false);
    assert.equal(readFileSync(x, 'utf8'), 'x');
    assert.equal(text(await h.call('eliciting', 'exit_plan_mode', { plan: 'p' })), NOT_PLANNING);
  });
});

describe('qwen over gRPC (input_required on CallToolStream, AnswerInput)', () => {
  const { t, call } = serverFixture({ shape: 'qwen' });
  const { stream, answerInput } = grpcHost(t);

  test('a choice not offered is refused in band; the good answer resumes the call', async () => {
    const s = stream('ask_user_question', { questions: [DB] });
    const q = await s.question;
    const accept = (content: Record<string, unknown>) => ({
      id: q.id,
      action: InputAction.INPUT_ACTION_ACCEPT,
      content,
    });
    assert.equal(
      (await answerInput(accept({ q1: 'MySQL' }))).error,
      `the answer to question ${q.id} does not fit its form: q1 must be one of "Postgres", "SQLite"`,
    );
    await answerInput(accept({ q1: 'Postgres' }));
    assert.deepEqual(texts(await s.final), ['The user answered: "Which DB?"="Postgres".']);
  });

  test('the plan goes out with its request and research; a rejection message comes back verbatim', async () => {
    await call('enter_plan_mode', {}, 'plan');
    const s = stream('exit_plan_mode', { plan: '1. Do y', originalRequest: 'make y' }, 'plan');
    const p = await s.question;
    assert.deepEqual([p.kind, p.plan, p.planPath], ['plan', 'Request: make y\n\n1. Do y', '']);
    await answerInput({ id: p.id, action: InputAction.INPUT_ACTION_DECLINE, message: 'Split step 1' }, 'plan');
    const res = await s.final;
    assert.deepEqual([res.error, texts(res)[0]], ['Split step 1', 'Split step 1']);
  });

  test('unary CallTool has nobody to ask', async () => {
    const unary = await call('ask_user_question', { questions: [DB] });
    assert.deepEqual([unary.error, texts(unary)[0]], [NOBODY, NOBODY]);
    await call('enter_plan_mode', {}, 'u');
    assert.equal(texts(await call('exit_plan_mode', { plan: 'p' }, 'u'))[0], NOBODY);
  });
});

describe('qwen: a question nobody answers', () => {
  const { t } = serverFixture({ shape: 'qwen', args: ['--ask-timeout-ms', '30'] });
  const { stream } = grpcHost(t);

  test('meets --ask-timeout-ms and ends in band', async () => {
    const res = await stream('ask_user_question', { questions: [DB] }).final;
    assert.deepEqual([res.error, texts(res)[0]], [TIMED_OUT, TIMED_OUT]);
  });
});
