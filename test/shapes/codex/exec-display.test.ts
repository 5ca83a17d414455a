// The host's block of exec_command and write_stdin (the structured item after Codex's own).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { codexServer, sessionId } from './helpers.js';

const e = codexServer();

/** The display block with the job id and pid as placeholders. */
function display(res: CallToolResponse): unknown {
  const items = res.content.flatMap((c) =>
    c.body?.$case === 'structured' ? [c.body.value as { display?: unknown }] : [],
  );
  return JSON.parse(
    JSON.stringify(items.at(-1)?.display)
      .replace(/"jobId":"[0-9a-f]+"/, '"jobId":"<job>"')
      .replace(/"pid":\d+/, '"pid":"<pid>"'),
  );
}

test('exec_command that exits, one still running, and write_stdin polling it to the end', async () => {
  assert.deepEqual(display(await e.call('exec_command', { cmd: 'echo hi; exit 3' })), {
    tool: 'exec_command',
    summary: 'Exited with code 3',
    exitCode: 3,
    truncated: false,
    counts: { outputBytes: 3, outputLines: 1 },
    details: { jobId: '<job>', pid: '<pid>' },
  });
  const running = await e.call('exec_command', { cmd: 'sleep 0.6; echo done', yield_time_ms: 250 });
  const id = sessionId(running);
  assert.deepEqual(display(running), {
    tool: 'exec_command',
    summary: `Still running as session ${id}`,
    exitCode: null,
    truncated: false,
    counts: { outputBytes: 0, outputLines: 0 },
    details: { jobId: '<job>', pid: '<pid>', sessionId: id },
  });
  const polled = await e.call('write_stdin', { session_id: id, chars: '', yield_time_ms: 5000 });
  assert.deepEqual(display(polled), {
    tool: 'write_stdin',
    summary: 'Exited with code 0',
    exitCode: 0,
    truncated: false,
    counts: { outputBytes: 5, outputLines: 1 },
    details: { jobId: '<job>', pid: '<pid>' },
  });
});
