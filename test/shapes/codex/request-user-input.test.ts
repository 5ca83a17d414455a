// Codex's request_user_input over the engine's questions (not yet in a codex catalog: the
// 0.171.0 tool list registers it): the form the host sees, and the exact output for an answer,
// free text, and every way of not answering.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from '../../../src/config.js';
import { createEngine, Scope, Session } from '../../../src/engine/index.js';
import type { PendingQuestion } from '../../../src/engine/questions.js';
import { Toolbox } from '../../../src/registry/toolbox.js';
import { requestUserInput } from '../../../src/shapes/codex/request-user-input.js';

const config = parseConfig(['--lsp', 'off', '--ask-timeout-ms', '20'], {});
const engine = createEngine(config);
const box = new Toolbox({
  name: 'codex-ask',
  version: '0',
  description: 'test',
  canonicalFor: [],
  sandboxSummary: () => '',
  tools: [requestUserInput({ config, engine })],
});
const quiet = { debug: () => undefined, warn: () => undefined };
const ARGS = {
  questions: [
    {
      id: 'confirm_path',
      header: 'Path',
      question: 'Use src/?',
      options: [
        { label: 'yes', description: 'use it' },
        { label: 'no', description: 'pick another' },
      ],
    },
  ],
};

async function ask(reply: ((q: PendingQuestion) => unknown) | 'nobody' | 'silent', args: object = ARGS) {
  const asked: PendingQuestion[] = [];
  const asker =
    reply === 'nobody'
      ? undefined
      : (q: PendingQuestion) => {
          asked.push(q);
          if (reply !== 'silent') queueMicrotask(() => engine.host.answer(q.id, reply(q)));
        };
  const ctx = {
    signal: new AbortController().signal,
    session: new Session('c'),
    scope: Scope.fromRoots(['/tmp']),
    shape: 'codex',
    logger: quiet,
    ...(asker ? { asker } : {}),
  };
  const { result } = await box.call('request_user_input', args as Record<string, unknown>, ctx);
  return { text: result.text, failed: result.failure !== undefined, asked };
}

test('an answer comes back by question id, an option or the person\u2019s own words', async () => {
  const chosen = await ask(() => ({ action: 'accept', content: { confirm_path: 'yes' } }));
  assert.deepEqual([chosen.text, chosen.failed], ['{"answers":{"confirm_path":{"answers":["yes"]}}}', false]);
  assert.deepEqual(
    chosen.asked[0]!.fields.map((f) => [f.name, f.type]),
    [
      ['confirm_path', 'choice'],
      ['confirm_path.other', 'text'],
    ],
  );
  const own = await ask(() => ({ action: 'accept', content: { 'confirm_path.other': 'use lib/' } }));
  assert.equal(own.text, '{"answers":{"confirm_path":{"answers":["use lib/"]}}}');
});

test('declined, dismissed, timed out or nobody attached: nothing answered', async () => {
  for (const reply of [() => ({ action: 'decline' }), () => ({ action: 'cancel' }), 'silent', 'nobody'] as const) {
    const r = await ask(reply);
    assert.deepEqual([r.text, r.failed], ['{"answers":{}}', false]);
  }
});
