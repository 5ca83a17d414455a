// The host in the loop for Kimi Code 2.1.0's tools with real clients: AskUserQuestion, plan mode
// and NotifyUser asked of the host over MCP 2025-11-25 (the official SDK client's elicitation
// handler: accept, decline with and without a message, cancel, a client without the
// capability), over gRPC (input_required on CallToolStream answered by AnswerInput; unary
// CallTool has nobody to ask), and the ask timeout. Each result is checked exactly, with Kimi
// Code's framing of failures.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { InputAction } from '../../src/gen/facet/toolbox/v1/stream.js';
import { grpcHost, mcpHost, mcpText as text, unansweredCall } from '../helpers/host-clients.js';
import { serverFixture, texts, unary } from '../helpers/server.js';

const DB = {
  question: 'Which database?',
  header: 'Storage',
  options: [
    { label: 'Postgres', description: 'Relational storage' },
    { label: 'SQLite', description: 'Embedded storage' },
  ],
};
const CACHE = { question: 'Which caches?', options: [{ label: 'Redis' }, { label: 'Memory' }], multi_select: true };
const FAILED = '<system>ERROR: Tool execution failed.</system>\n';
const DISMISSED = '{"answers":{},"note":"User dismissed the question without answering."}';
const NO_QUESTIONS = `${FAILED}The connected client does not support interactive questions. Do NOT call this tool again. Ask the user directly in your text response instead.`;
const EXITED = 'Exited plan mode. Plan mode deactivated. All tools are now available.';
const REJECTED = `${FAILED}Plan rejected by user. Plan mode remains active.`;
const NOT_PLANNING = `${FAILED}ExitPlanMode can only be called while plan mode is active. Use EnterPlanMode (or /plan) first.`;
const NO_REVIEWER = `${FAILED}No user is available to review the plan in this session. Plan mode remains active: continue read-only, and present the plan in your text response.`;
const BASH_REFUSED = `${FAILED}Plan mode is active. Bash may only run commands that change nothing (reading, listing, searching) until the plan is approved. Call ExitPlanMode to exit plan mode before running commands that change files.`;
const TASK_STOP_REFUSED = `${FAILED}TaskStop is not available in plan mode. Call ExitPlanMode to exit plan mode before stopping a background task.`;
const onlyPlanFile = (f: string) =>
  `${FAILED}Plan mode is active. You may only write to the current plan file: ${f}. Call ExitPlanMode to exit plan mode before editing other files.`;
const planFileOf = (entered: string) => /^Plan file: (.*)$/m.exec(entered)![1]!;

describe('kimi over MCP 2025-11-25 (elicitation)', () => {
  const { t, dir } = serverFixture({ shape: 'kimi', args: ['--mcp-listen', '127.0.0.1:0', '--kimi-notify-user'] });
  const host = mcpHost(t, 'kimi');

  test('AskUserQuestion: the form is the questions; the answers come back as Kimi Code JSON', async () => {
    host.answer = () => ({ action: 'accept', content: { q1: 'SQLite', q2: ['Redis', 'Memory'] } });
    const r = await host.call('AskUserQuestion', { questions: [DB, CACHE] });
    assert.deepEqual(
      [r.isError ?? false, text(r)],
      [false, '{"answers":{"Which database?":"SQLite","Which caches?":"Redis, Memory"}}'],
    );
    const req = host.asked.at(-1)!.params as { message: string; requestedSchema: Record<string, any> };
    assert.equal(req.message, '2 questions from the model');
    assert.deepEqual(Object.keys(req.requestedSchema.properties), ['q1', 'q1_other', 'q2', 'q2_other']);
    assert.deepEqual(req.requestedSchema.properties.q1, {
      type: 'string',
      title: 'Which database?',
      description: 'Storage',
      oneOf: [
        { const: 'Postgres', title: 'Postgres: Relational storage' },
        { const: 'SQLite', title: 'SQLite: Embedded storage' },
      ],
    });
    host.answer = () => ({ action: 'accept', content: { q1_other: 'MySQL, we run it already' } });
    assert.equal(
      text(await host.call('AskUserQuestion', { questions: [DB] })),
      '{"answers":{"Which database?":"MySQL, we run it already"}}',
    );
  });

  test('AskUserQuestion: dismissed, declined and unanswered are notes; no capability is an error', async () => {
    for (const [reply, expected] of [
      [{ action: 'cancel' }, DISMISSED],
      [{ action: 'decline' }, DISMISSED],
      [{ action: 'accept', content: {} }, DISMISSED],
    ] as const) {
      host.answer = () => reply;
      const r = await host.call('AskUserQuestion', { questions: [DB] });
      assert.deepEqual([r.isError ?? false, text(r)], [false, expected], reply.action);
    }
    const before = host.asked.length;
    const nobody = await host.callPlain('AskUserQuestion', { questions: [DB] });
    assert.deepEqual([nobody.isError, text(nobody)], [true, NO_QUESTIONS]);
    assert.equal(host.asked.length, before, 'a client without elicitation is never asked');
    const twice = await host.call('AskUserQuestion', { questions: [DB, DB] });
    assert.deepEqual(
      [twice.isError, text(twice)],
      [true, `${FAILED}Questions must be unique: "Which database?" is asked more than once.`],
    );
    const background = await host.call('AskUserQuestion', { questions: [DB], background: true });
    assert.deepEqual(
      [background.isError, text(background)],
      [
        true,
        `${FAILED}Background questions are not available on this server. Call AskUserQuestion without background=true; the call then waits for the answer.`,
      ],
    );
    assert.equal(host.asked.length, before, 'refused calls ask nobody');
  });

  test('plan mode: Write, Edit, TaskStop and Bash that writes are refused until the plan is approved', async () => {
    const r = await host.call('EnterPlanMode', {});
    const planFile = planFileOf(text(r));
    assert.match(planFile, new RegExp(`^${dir}/\\.kimi-code/plans/plan-[0-9a-f]{8}\\.md$`));
    assert.equal(
      text(r),
      `Plan mode is now active. Your workflow:\n\nPlan file: ${planFile}\n\n1. Use read-only tools (Read, Grep, Glob) to investigate the codebase. Use Bash only when needed.\n2. Design a concrete, step-by-step plan.\n3. Write the plan to the plan file with Write or Edit.\n4. When the plan is ready, call ExitPlanMode for user approval.\n\nDo NOT edit files other than the plan file while plan mode is active.\nUse Bash only when needed; Bash follows the normal permission mode and rules.`,
    );
    const again = await host.call('EnterPlanMode', {});
    assert.deepEqual(
      [again.isError ?? false, text(again)],
      [false, 'Plan mode is already active. Use ExitPlanMode when the plan is ready.'],
    );
    const write = await host.call('Write', { path: 'x.txt', content: 'x' });
    assert.deepEqual([write.isError, text(write)], [true, onlyPlanFile(planFile)]);
    assert.equal(existsSync(path.join(dir, 'x.txt')), false);
    const edit = await host.call('Edit', { path: 'x.txt', old_string: 'a', new_string: 'b' });
    assert.deepEqual([edit.isError, text(edit)], [true, onlyPlanFile(planFile)]);
    const stop = await host.call('TaskStop', { task_id: 'bash-abc12345' });
    assert.deepEqual([stop.isError, text(stop)], [true, TASK_STOP_REFUSED]);
    const bash = await host.call('Bash', { command: 'echo hi > y.txt' });
    assert.deepEqual([bash.isError, text(bash)], [true, BASH_REFUSED]);
    assert.equal(existsSync(path.join(dir, 'y.txt')), false);
    const look = await host.call('Bash', { command: 'echo looking' });
    assert.deepEqual([look.isError ?? false, text(look).split('\n')[1]], [false, 'looking']);
    // No plan written yet: nothing to review, nobody asked.
    const asked = host.asked.length;
    const empty = await host.call('ExitPlanMode', {});
    assert.deepEqual(
      [empty.isError, text(empty)],
      [true, `${FAILED}No plan file found. Write your plan to ${planFile} first, then call ExitPlanMode.`],
    );
    assert.equal(host.asked.length, asked);
    const wrote = await host.call('Write', { path: planFile, content: '# Plan\n\n1. Do x\n' });
    assert.equal(wrote.isError ?? false, false);
    // Rejected, sent back with feedback, dismissed: plan mode stays on.
    host.answer = () => ({ action: 'decline' });
    assert.deepEqual(
      [(await host.call('ExitPlanMode', {})).isError, text(await host.call('ExitPlanMode', {}))],
      [true, REJECTED],
    );
    host.answer = () => ({ action: 'decline', message: 'Add verification.' });
    const revise = await host.call('ExitPlanMode', {});
    assert.deepEqual(
      [revise.isError ?? false, text(revise)],
      [
        false,
        `User feedback: Add verification.\n\nPlan mode remains active. Revise the plan in ${planFile}, then call ExitPlanMode again.`,
      ],
    );
    host.answer = () => ({ action: 'cancel' });
    const dismissed = await host.call('ExitPlanMode', {});
    assert.deepEqual(
      [dismissed.isError ?? false, text(dismissed)],
      [false, 'Plan approval dismissed. Plan mode remains active.'],
    );
    assert.equal((await host.call('Write', { path: 'x.txt', content: 'x' })).isError, true);
    const review = host.asked.at(-1)!.params as { message: string; requestedSchema: Record<string, any> };
    assert.deepEqual(review.requestedSchema, { type: 'object', properties: {} });
    // Approved, with a choice of approaches: plan mode ends and work may start.
    host.answer = () => ({ action: 'accept', content: { approach: 'Approach B' } });
    const options = [
      { label: 'Approach A', description: 'Small change.' },
      { label: 'Approach B', description: 'Larger change.' },
    ];
    const approved = await host.call('ExitPlanMode', { options });
    assert.deepEqual(
      [approved.isError ?? false, text(approved)],
      [
        false,
        `${EXITED}\nSelected approach: Approach B\nExecute ONLY the selected approach; set the other options aside.\nPlan saved to: ${planFile}\n\n## Approved Plan:\n# Plan\n\n1. Do x\n`,
      ],
    );
    const chose = host.asked.at(-1)!.params as { requestedSchema: Record<string, any> };
    assert.deepEqual(Object.keys(chose.requestedSchema.properties), ['approach']);
    const after = await host.call('Write', { path: 'x.txt', content: 'x' });
    assert.deepEqual([after.isError ?? false, text(after)], [false, 'Wrote 1 bytes to x.txt']);
    assert.equal(readFileSync(path.join(dir, 'x.txt'), 'utf8'), 'x');
    const out = await host.call('ExitPlanMode', {});
    assert.deepEqual([out.isError, text(out)], [true, NOT_PLANNING]);
  });

  test('NotifyUser is served with --kimi-notify-user, with the schema of the facts', async () => {
    const { tools } = await unary(t.client.listTools, t.client, {}, { shape: 'kimi' });
    const facts = JSON.parse(readFileSync('vendors/kimi/2.1.0.json', 'utf8')) as {
      tools: Array<{ name: string; parameters: unknown }>;
    };
    assert.deepEqual(
      tools.find((x) => x.name === 'NotifyUser')!.inputSchema,
      facts.tools.find((x) => x.name === 'NotifyUser')!.parameters,
    );
  });

  test('NotifyUser: shown once the host has it; a client that cannot be asked is told it was not', async () => {
    host.answer = () => ({ action: 'accept', content: {} });
    const shown = await host.call('NotifyUser', { message: 'Tests pass; starting the docs.' });
    assert.deepEqual([shown.isError ?? false, text(shown)], [false, 'Update shown to the user.']);
    const req = host.asked.at(-1)!.params as { message: string; requestedSchema: Record<string, any> };
    assert.deepEqual(
      [req.message, req.requestedSchema],
      ['Tests pass; starting the docs.', { type: 'object', properties: {} }],
    );
    const plain = await host.callPlain('NotifyUser', { message: 'x' });
    assert.deepEqual(
      [plain.isError ?? false, text(plain)],
      [false, 'Notifications are disabled; the update was not displayed.'],
    );
    const blank = await host.call('NotifyUser', { message: '  ' });
    assert.deepEqual([blank.isError, text(blank)], [true, `${FAILED}message must not be empty.`]);
  });
});

describe('kimi over gRPC (input_required on CallToolStream, AnswerInput)', () => {
  const { t, call } = serverFixture({ shape: 'kimi' });
  const { stream, answerInput } = grpcHost(t);

  test('AskUserQuestion asked on the stream and answered; declined with a message says it', async () => {
    const s = stream('AskUserQuestion', { questions: [DB] });
    const q = await s.question;
    assert.deepEqual([q.kind, q.message], ['questions', 'Which database?']);
    await answerInput({ id: q.id, action: InputAction.INPUT_ACTION_ACCEPT, content: { q1: 'Postgres' } });
    const res: CallToolResponse = await s.final;
    assert.deepEqual([res.error, texts(res)[0]], ['', '{"answers":{"Which database?":"Postgres"}}']);
    const d = stream('AskUserQuestion', { questions: [DB] });
    const dq = await d.question;
    await answerInput({ id: dq.id, action: InputAction.INPUT_ACTION_DECLINE, message: 'Not now' });
    assert.equal(texts(await d.final)[0], '{"answers":{},"note":"User declined to answer: Not now"}');
  });

  test('ExitPlanMode sends the plan file; approval ends plan mode; unary CallTool has nobody to ask', async () => {
    const entered = texts(await call('EnterPlanMode', {}, 'plan'))[0]!;
    const planFile = planFileOf(entered);
    await call('Write', { path: planFile, content: 'step one\n' }, 'plan');
    const unary = await call('AskUserQuestion', { questions: [DB] }, 'plan');
    assert.equal(texts(unary)[0], NO_QUESTIONS);
    assert.equal(texts(await call('ExitPlanMode', {}, 'plan'))[0], NO_REVIEWER);
    assert.equal(texts(await call('Write', { path: 'z.txt', content: 'z' }, 'plan'))[0], onlyPlanFile(planFile));
    const s = stream('ExitPlanMode', {}, 'plan');
    const q = await s.question;
    assert.deepEqual([q.kind, q.plan, q.planPath], ['plan', 'step one\n', planFile]);
    await answerInput({ id: q.id, action: InputAction.INPUT_ACTION_ACCEPT, content: {} }, 'plan');
    assert.equal(texts(await s.final)[0], `${EXITED}\nPlan saved to: ${planFile}\n\n## Approved Plan:\nstep one\n`);
    assert.equal(texts(await call('Write', { path: 'z.txt', content: 'z' }, 'plan'))[0], 'Wrote 1 bytes to z.txt');
  });
});

test('kimi: a question nobody answers meets --ask-timeout-ms and ends as Kimi Code ends a failed one', () =>
  unansweredCall('kimi', 'AskUserQuestion', { questions: [DB] }, async (_client, _question, res) => {
    assert.deepEqual([res.error, texts(res)[0]], ['', DISMISSED]);
  }));
