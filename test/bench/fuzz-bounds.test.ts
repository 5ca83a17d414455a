// The fuzz-load bench's bounds: a call whose command waits is allowed the limit that ends it in
// that tool. Gemini's run_shell_command has only an inactivity limit (300 s by default), so a
// fixed 120 s-based bound listed its FIFO read as unanswered when it was answered at its limit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callBound, COMMAND_BOUND_MS } from '../../bench/fuzz-bounds.js';
import { parseConfig } from '../../src/config.js';

const inactivityMs = parseConfig([], {}).shell.inactivityMs;
const b = { boundMs: 10_000, inactivityMs };

test("a waiting command under Gemini's run_shell_command is bounded by the inactivity limit, plus a margin", () => {
  assert.equal(inactivityMs, 300_000);
  assert.equal(callBound('gemini', 'run_shell_command', 'command=command:cat-fifo', b), 310_000);
  assert.equal(
    callBound('gemini', 'run_shell_command', 'command=command:cat-fifo', { ...b, inactivityMs: 20_000 }),
    30_000,
  );
});

test('a waiting command under a tool with a timeout keeps the command bound; other calls the plain one', () => {
  assert.equal(callBound('claude', 'Bash', 'command=command:cat-fifo', b), COMMAND_BOUND_MS);
  assert.equal(callBound('qwen', 'run_shell_command', 'command=command:hold-stdout', b), COMMAND_BOUND_MS);
  assert.equal(callBound('gemini', 'run_shell_command', 'command=command:flood', b), 10_000);
  assert.equal(callBound('gemini', 'read_file', 'plausible', b), 10_000);
});
