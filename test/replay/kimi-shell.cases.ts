// Kimi CLI's Shell tests (tests/tools/test_shell_bash.py), replayed through the kimi shape's Shell
// on a real bash. Cases that patch Kimi's process spawning, or are about Windows, do not apply.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { replayServer } from './env.js';
import { kimiResult, type KimiResult } from './kimi-harness.js';

const server = replayServer('kimi@1.49');
const MAX_CHARS = 50_000;
const MAX_FOREGROUND_TIMEOUT = 5 * 60;
const MAX_BACKGROUND_TIMEOUT = 24 * 60 * 60;
const SUCCESS = 'Command executed successfully.';

let n = 0;
async function shell(args: Record<string, unknown>): Promise<KimiResult> {
  const e = await server.get();
  return kimiResult(await e.call('Shell', args, { session: `shell-${++n}` }));
}

function runs(name: string, command: string, output: string, trim = false): ReplayCase {
  return {
    name,
    verdict: 'matched',
    async run() {
      const r = await shell({ command });
      assert.equal(r.isError, false, r.message);
      assert.equal(trim ? r.output.trim() : r.output, output);
      if (!trim) assert.equal(r.message, SUCCESS);
    },
  };
}

const na = (name: string, reason: string): ReplayCase => ({ name, verdict: 'not-applicable', reason });
const SPAWN = "replaces Kimi's process spawning with a fake to inspect what it would run";

export const kimiShell: ReplaySuite = {
  vendor: 'kimi',
  shape: 'kimi@1.49',
  tool: 'Shell',
  source: 'MoonshotAI/kimi-cli tests/tools/test_shell_bash.py @4a550eff',
  cases: [
    runs('test_simple_command', "echo 'Hello World'", 'Hello World\n'),
    {
      name: 'test_command_with_error',
      verdict: 'matched',
      async run() {
        const r = await shell({ command: 'ls /nonexistent/directory' });
        assert.deepEqual([r.isError, r.code], [true, 'PROCESS_FAILED']);
        assert.ok(r.output.includes('No such file or directory'), r.output);
        assert.ok(r.message.includes('Command failed with exit code:'), r.message);
      },
    },
    runs('test_command_chaining', "echo 'First' && echo 'Second'", 'First\nSecond\n'),
    runs('test_command_sequential', "echo 'One'; echo 'Two'", 'One\nTwo\n'),
    runs('test_command_conditional', "false || echo 'Success'", 'Success\n'),
    runs('test_command_pipe', "echo 'Hello World' | wc -w", '2', true),
    runs('test_multiple_pipes', "echo -e '1\\n2\\n3' | grep '2' | wc -l", '1', true),
    {
      name: 'test_command_with_timeout',
      verdict: 'matched',
      async run() {
        const r = await shell({ command: 'sleep 0.1', timeout: 1 });
        assert.equal(r.isError, false, r.message);
        assert.equal(r.output, '');
        assert.equal(r.message, SUCCESS);
      },
    },
    {
      name: 'test_command_timeout_expires',
      verdict: 'matched',
      async run() {
        const r = await shell({ command: 'sleep 2', timeout: 1 });
        assert.deepEqual([r.isError, r.code], [true, 'TIMEOUT']);
        assert.equal(r.message, 'Command killed by timeout (1s)');
      },
    },
    runs('test_environment_variables', "export TEST_VAR='test_value' && echo $TEST_VAR", 'test_value\n'),
    {
      name: 'test_file_operations',
      verdict: 'matched',
      async run() {
        const e = await server.get();
        const file = path.join(e.root, `shell-${n}-test_file.txt`);
        const w = await shell({ command: `echo 'Test content' > ${file}` });
        assert.deepEqual([w.isError, w.output, w.message], [false, '', SUCCESS]);
        assert.equal(readFileSync(file, 'utf8'), 'Test content\n');
        const r = await shell({ command: `cat ${file}` });
        assert.deepEqual([r.isError, r.output, r.message], [false, 'Test content\n', SUCCESS]);
      },
    },
    runs('test_text_processing', "echo 'apple banana cherry' | sed 's/banana/orange/'", 'apple orange cherry\n'),
    runs('test_command_substitution', 'echo "Result: $(echo hello)"', 'Result: hello\n'),
    runs('test_arithmetic_substitution', 'echo "Answer: $((2 + 2))"', 'Answer: 4\n'),
    {
      name: 'test_very_long_output',
      verdict: 'matched',
      async run() {
        const r = await shell({ command: 'seq 1 100 | head -50' });
        assert.equal(r.isError, false, r.message);
        assert.ok(r.output.includes('1') && r.output.includes('50') && !r.output.includes('51'));
      },
    },
    {
      name: 'test_output_truncation_on_success',
      verdict: 'matched',
      async run() {
        const r = await shell({ command: `python3 -c "print('X' * ${MAX_CHARS + 1000})"` });
        assert.equal(r.isError, false, r.message);
        // The one long line is cut (at Kimi's 2000-character line cap), with the marker and the note.
        assert.ok(r.output.length <= MAX_CHARS);
        assert.ok(r.output.endsWith('[...truncated]\n'), r.output.slice(-30));
        assert.ok(
          r.message.includes('Output is truncated') && r.message.includes('Command executed successfully'),
          r.message,
        );
      },
    },
    {
      name: 'test_output_truncation_on_failure',
      verdict: 'matched',
      async run() {
        const r = await shell({ command: `python3 -c "import sys; print('ERROR_' * 8000); sys.exit(1)"` });
        assert.equal(r.isError, true);
        assert.ok(r.output.endsWith('[...truncated]\n'), r.output.slice(-30));
        assert.ok(
          r.message.includes('Output is truncated') && r.message.includes('Command failed with exit code:'),
          r.message,
        );
      },
    },
    {
      name: 'test_timeout_parameter_validation_bounds',
      verdict: 'matched',
      async run() {
        for (const timeout of [0, -1, MAX_BACKGROUND_TIMEOUT + 1, MAX_FOREGROUND_TIMEOUT + 1]) {
          assert.equal((await shell({ command: 'echo test', timeout })).code, 'INVALID_ARGUMENT', `timeout ${timeout}`);
        }
        // A background command may use a longer timeout: it starts.
        const bg = await shell({
          command: 'true',
          timeout: MAX_FOREGROUND_TIMEOUT + 1,
          run_in_background: true,
          description: 'long build',
        });
        assert.equal(bg.isError, false, bg.message);
      },
    },
    na(
      'test_shell_works_in_plan_mode',
      "Kimi's plan mode is a state of its agent session; Facet has none (its Shell always runs)",
    ),
    na('test_shell_args_always_use_dash_c', "inspects the argument list of Kimi's internal spawn helper"),
    na('test_shell_overrides_shell_env_to_bash_path', `${SPAWN} (and poses as Windows)`),
    na(
      'test_command_with_nul_redirect_is_rewritten_on_windows',
      'a rewrite for Windows (git-bash); Facet runs on Linux',
    ),
    na('test_command_with_nul_redirect_passes_through_on_non_windows', SPAWN),
    na(
      'test_cancelled_command_kills_process',
      `${SPAWN}; cancellation killing the process tree is covered by Facet's own shell tests`,
    ),
  ],
};
