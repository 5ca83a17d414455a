// Qwen Code's task_stop tests (packages/core/src/tools/task-stop.test.ts), replayed through the
// qwen shape's task_stop. The stored suite is about background agents (subagents), which Facet
// does not run; Facet's task_stop stops the background shells run_shell_command starts. Where a
// case's observable outcome does not depend on what kind of task it is (an unknown id, a task
// that has already ended), it is replayed with a background shell.
import assert from 'node:assert/strict';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { replayServer } from './env.js';
import { outcome, type Outcome } from '../shapes/gemini/harness.js';

const server = replayServer('qwen@0.15.10');

let n = 0;
async function session() {
  const e = await server.get();
  const s = `task-stop-${++n}`;
  return async (tool: string, args: Record<string, unknown>): Promise<Outcome> =>
    outcome(await e.call(tool, args, { session: s }));
}

const AGENTS =
  'stops a background agent (a subagent) and reports its description and final notification; Facet runs no agents, its task_stop stops background shells';

const cases: ReplayCase[] = [
  { name: 'cancels a running agent', verdict: 'not-applicable', reason: AGENTS },
  {
    name: 'returns error for non-existent agent',
    verdict: 'matched',
    async run() {
      const call = await session();
      const o = await call('task_stop', { task_id: 'nope' });
      assert.deepEqual([o.code, o.errorType], ['NOT_FOUND', 'task_stop_not_found'], o.error || o.text);
    },
  },
  {
    name: 'returns error for non-running agent',
    verdict: 'matched',
    async run() {
      const call = await session();
      const started = await call('run_shell_command', { command: 'exit 0', is_background: true });
      const id = /^id: (bg_\S+)$/m.exec(started.text)?.[1];
      assert.ok(id, started.text);
      // Asks until the shell has exited (it exits at once; the stop is refused from then on).
      let o = await call('task_stop', { task_id: id });
      for (let i = 0; i < 200 && o.error === ''; i++) {
        await new Promise((r) => setTimeout(r, 25));
        o = await call('task_stop', { task_id: id });
      }
      assert.deepEqual([o.code, o.errorType], ['PRECONDITION_FAILED', 'task_stop_not_running'], o.error || o.text);
      assert.match(o.error, /not running/);
    },
  },
  { name: 'includes description in success response', verdict: 'not-applicable', reason: AGENTS },
];

export const qwenTaskStop: ReplaySuite = {
  vendor: 'qwen',
  shape: 'qwen@0.15.10',
  tool: 'task_stop',
  source: 'QwenLM/qwen-code packages/core/src/tools/task-stop.test.ts @10a6d827',
  cases,
};
