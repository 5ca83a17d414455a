// Qwen shape search, shell, web and todo tools over gRPC: exact texts, caps, error types.
import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, tempDir, type TestServer } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';
import { caller } from '../gemini/harness.js';

let t: TestServer;
/** The same server with --grep-backend fallback. */
let tf: TestServer;
let site: LoopbackServer;
let dir: string;
let cleanup: () => void;
const call = caller(() => t, 'qwen@0.15.10', 'tools');
const p = (f: string) => path.join(dir, f);

before(async () => {
  ({ dir, cleanup } = tempDir('facet-qwen-tools-'));
  mkdirSync(p('src'));
  mkdirSync(p('many'));
  mkdirSync(p('node_modules/m'), { recursive: true });
  writeFileSync(p('src/Main.py'), 'import os\nclass Parser:\n    pass\n');
  writeFileSync(p('src/util.py'), 'def parse():\n    return PARSER\n');
  writeFileSync(p('node_modules/m/x.py'), 'parser = 1\n');
  writeFileSync(p('.qwenignore'), 'hidden.py\n');
  writeFileSync(p('hidden.py'), 'parser\n');
  for (let i = 0; i < 120; i++) writeFileSync(p(`many/f${String(i).padStart(3, '0')}.txt`), 'needle\n'.repeat(10));
  const old = new Date('2020-01-01T00:00:00Z');
  for (const f of ['src/Main.py', 'src/util.py']) utimesSync(p(f), old, old);
  site = await serve((req, res) => {
    if (req.url === '/page')
      return send(res, 200, 'text/html', '<html><body><p>Version 2.0 adds streams.</p></body></html>');
    if (req.url === '/md') return send(res, 200, 'text/markdown', `# Notes\n\n${req.headers.accept}`);
    send(res, 404, 'text/plain', 'missing');
  });
  t = await startTestServer(['--root', dir, '--shape', 'qwen', '--web-allow-hosts', '127.0.0.1']);
  tf = await startTestServer([
    ...['--root', dir, '--shape', 'qwen', '--web-allow-hosts', '127.0.0.1'],
    '--grep-backend',
    'fallback',
  ]);
});
after(async () => {
  await t.close();
  await tf.close();
  await site.close();
  cleanup();
});

/** Whether a server with this --grep-backend searches with rg (auto: when rg is on the PATH). */
const usesRg = (backend: string) => backend === 'auto' && spawnSync('rg', ['--version']).status === 0;

// The same goldens with rg (auto finds it) and with the pure-TypeScript fallback, so the no-rg path is proven too.
for (const backend of ['auto', 'fallback'] as const) {
  describe(`qwen grep_search (--grep-backend ${backend})`, () => {
    const call = caller(() => (backend === 'auto' ? t : tf), 'qwen@0.15.10', `grep-${backend}`);
    test('case-insensitive, absolute path:line:text, node_modules searched, .qwenignore honoured', async () => {
      const r = await call('grep_search', { pattern: 'parser', glob: '*.py' });
      assert.equal(
        r.text,
        `Found 3 matches for pattern "parser" in the workspace directory (filter: "*.py"):\n---\n${p('node_modules/m/x.py')}:1:parser = 1\n${p('src/Main.py')}:2:class Parser:\n${p('src/util.py')}:2:    return PARSER`,
      );
    });

    test('a path; no match; the line cap and the limit', async () => {
      const r = await call('grep_search', { pattern: 'class', path: 'src' });
      assert.equal(
        r.text,
        `Found 1 match for pattern "class" in path "src":\n---\n${p('src/Main.py')}:2:class Parser:`,
      );
      const none = await call('grep_search', { pattern: 'zzz', path: 'src', glob: '*.md' });
      assert.equal(none.text, 'No matches found for pattern "zzz" in path "src" (filter: "*.md").');
      const big = await call('grep_search', { pattern: 'needle', path: 'many' });
      const lines = big.text.split('\n');
      assert.equal(lines[0], 'Found 1200 matches for pattern "needle" in path "many":');
      // Absolute paths make each line long: the 25000-character cap cuts before the 1000-line one.
      const shown = lines.slice(2, -2);
      // The cut line counts among the truncated ones, as Qwen counts it (ripGrep.test.ts replay).
      assert.equal(lines.at(-1), `[${1200 - shown.length + 1} lines truncated] ...`);
      assert.ok(shown.length < 1000 && shown.at(-1)!.endsWith('...'));
      assert.equal(shown.slice(0, -1).reduce((n, l) => n + l.length + 1, 0) + shown.at(-1)!.length - 3, 25000);
      const lim = await call('grep_search', { pattern: 'needle', path: 'many', limit: 3 });
      assert.equal(
        lim.text,
        `Found 1200 matches for pattern "needle" in path "many":\n---\n${p('many/f000.txt')}:1:needle\n${p('many/f000.txt')}:2:needle\n${p('many/f000.txt')}:3:needle\n---\n[1197 lines truncated] ...`,
      );
    });

    test('errors', async () => {
      const bad = await call('grep_search', { pattern: '(?<=x)y' });
      assert.equal(bad.errorType, 'invalid_tool_params');
      // rg words its own refusal; the fallback checks the pattern itself.
      assert.equal(
        bad.error,
        usesRg(backend)
          ? 'Error: Invalid parameters provided. Reason: ripgrep refused the search: regex parse error:\n    (?<=x)y\n    ^^^^\nerror: look-around, including look-ahead and look-behind, is not supported\n\nConsider enabling PCRE2 with the --pcre2 flag, which can handle backreferences\nand look-around.'
          : 'Error: Invalid parameters provided. Reason: the pattern uses lookaround, which is not supported by the Rust regex dialect rg uses',
      );
      const missing = await call('grep_search', { pattern: 'x', path: 'nope' });
      assert.equal(missing.errorType, 'search_path_not_found');
      const lim = await call('grep_search', { pattern: 'x', limit: 0 });
      assert.equal(lim.code, 'INVALID_ARGUMENT');
    });
  });
}

describe('qwen glob and list_directory', () => {
  test('glob: recent first then alphabetical, 100 at most, case-insensitive', async () => {
    const r = await call('glob', { pattern: '**/*.PY' });
    assert.equal(
      r.text,
      `Found 3 file(s) matching "**/*.PY" in the workspace directory, sorted by modification time (newest first):\n---\n${p('node_modules/m/x.py')}\n${p('src/Main.py')}\n${p('src/util.py')}`,
    );
    const many = await call('glob', { pattern: '*.txt', path: 'many' });
    const lines = many.text.split('\n');
    assert.equal(
      lines[0],
      `Found 120 file(s) matching "*.txt" within ${p('many')}, sorted by modification time (newest first):`,
    );
    assert.equal(lines.length, 2 + 100 + 2);
    assert.equal(lines.at(-1), '[20 files truncated] ...');
    const none = await call('glob', { pattern: '*.rs' });
    assert.equal(none.text, 'No files found matching pattern "*.rs" in the workspace directory');
    const missing = await call('glob', { pattern: '*', path: 'nope' });
    assert.equal(missing.errorType, 'search_path_not_found');
  });

  test('list_directory: [DIR] first, names only, capped, ignore counts', async () => {
    const r = await call('list_directory', { path: dir });
    assert.equal(
      r.text,
      `Listed 4 item(s) in ${dir}:\n---\n[DIR] many\n[DIR] node_modules\n[DIR] src\n.qwenignore\n\n(0 git-ignored, 1 qwen-ignored)`,
    );
    const many = await call('list_directory', { path: p('many'), ignore: ['f11?.txt'] });
    const lines = many.text.split('\n');
    assert.equal(lines[0], `Listed 110 item(s) in ${p('many')}:`);
    assert.equal(lines.at(-1), '[10 items truncated] ...');
    const rel = await call('list_directory', { path: 'src' });
    assert.equal(rel.errorType, 'invalid_tool_params');
    assert.equal(
      rel.error,
      'Error: Invalid parameters provided. Reason: path must be an absolute path, but "src" is relative; give the full path',
    );
    const file = await call('list_directory', { path: p('hidden.py') });
    assert.equal(file.errorType, 'path_is_not_a_directory');
    assert.equal(file.error, `Error: ${p('hidden.py')} is not a directory; use read_file for files.`);
    mkdirSync(p('empty'));
    const empty = await call('list_directory', { path: p('empty') });
    assert.equal(empty.text, `Directory ${p('empty')} is empty.`);
  });
});

describe('qwen run_shell_command and task_stop', () => {
  test('every field, with (none) and (empty)', async () => {
    const r = await call('run_shell_command', { command: 'echo out; echo err >&2; exit 2' });
    assert.equal(r.error, '');
    assert.equal(
      r.text,
      `Command: echo out; echo err >&2; exit 2\nDirectory: (root)\nOutput: out\nerr\nError: (none)\nExit Code: 2\nSignal: (none)\nProcess Group PGID: ${(r.display.details as { pid: number }).pid}`,
    );
    const d = await call('run_shell_command', { command: 'pwd; echo $QWEN_CODE', directory: p('src') });
    assert.equal(
      d.text,
      `Command: pwd; echo $QWEN_CODE\nDirectory: ${p('src')}\nOutput: ${p('src')}\n1\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: ${(d.display.details as { pid: number }).pid}`,
    );
    const k = await call('run_shell_command', { command: 'kill -KILL $$' });
    assert.match(k.text, /\nOutput: \(empty\)\nError: \(none\)\nExit Code: \(none\)\nSignal: 9\n/);
  });

  test('output over 25000 characters: a fifth of the head, the rest from the tail, and where the whole is', async () => {
    const r = await call('run_shell_command', {
      command: 'head -c 12000 /dev/zero | tr "\\0" a; head -c 30000 /dev/zero | tr "\\0" b',
    });
    assert.match(
      r.text,
      /\nOutput: Tool output was too large and has been truncated\.\nThe full output has been saved to: \S+\nThat file is outside the workspace, so read_file cannot open it; read it with run_shell_command \(for example tail or grep on it\)\. Truncated part of the output:\na{5000}\n\n---\n\.\.\. \[CONTENT TRUNCATED\] \.\.\.\n---\n\nb{20000}\nError: \(none\)\nExit Code: 0\n/,
    );
  });

  test('timeout with the output so far; a long command gets the background hint', async () => {
    const r = await call('run_shell_command', { command: 'echo begun; sleep 5', timeout: 1000 });
    assert.equal(r.code, 'TIMEOUT');
    assert.equal(r.errorType, 'shell_execute_error');
    assert.equal(
      r.error,
      'Command timed out after 1000ms before it could complete. Below is the output before it timed out:\nbegun',
    );
    const n = await call('run_shell_command', { command: 'sleep 1.2', timeout: 2000 });
    assert.match(
      n.text,
      /\n\nNote: this foreground command ran for \d+\.\ds\. If it may run this long again, pass `is_background: true` so it does not hold up the conversation\.$/,
    );
  });

  test('refusals: sleep, bad timeout, relative directory, outside', async () => {
    const s = await call('run_shell_command', { command: 'sleep 5 && echo hi' });
    assert.equal(s.errorType, 'invalid_tool_params');
    assert.equal(
      s.error,
      'Error: Invalid parameters provided. Reason: Blocked: a foreground "sleep 5". Waiting this way blocks the conversation; run it in the background with is_background: true, or poll for the condition you wait for',
    );
    for (const timeout of [0, 1.5, 600001]) {
      const b = await call('run_shell_command', { command: 'true', timeout });
      assert.equal(b.errorType, 'invalid_tool_params', String(timeout));
      assert.equal(
        b.error,
        'Error: Invalid parameters provided. Reason: timeout must be a positive whole number of milliseconds, at most 600000',
        String(timeout),
      );
    }
    const rel = await call('run_shell_command', { command: 'true', directory: 'src' });
    assert.equal(rel.errorType, 'invalid_tool_params');
    assert.equal(
      rel.error,
      'Error: Invalid parameters provided. Reason: directory must be an absolute path inside the workspace, not "src"',
    );
    const out = await call('run_shell_command', { command: 'true', directory: '/etc' });
    assert.equal(out.errorType, 'path_not_in_workspace');
    assert.equal(
      out.error,
      `Path not in workspace: /etc is outside the workspace directories (${dir}); this server does not ask for permission to go further. Use a path inside them.`,
    );
  });

  test('background shells: started, stopped, refused forms', async () => {
    const amp = await call('run_shell_command', { command: 'sleep 30 &', is_background: true }, { session: 'bg' });
    assert.equal(amp.errorType, 'invalid_tool_params');
    assert.equal(
      amp.error,
      'Error: Invalid parameters provided. Reason: a background command must not end with a bare "&"; remove it, is_background: true already runs it in the background',
    );
    const git = await call('run_shell_command', { command: 'git commit -m x', is_background: true }, { session: 'bg' });
    assert.equal(git.errorType, 'invalid_tool_params');
    assert.equal(
      git.error,
      'Error: Invalid parameters provided. Reason: git commit cannot run in the background; run it in the foreground',
    );
    const r = await call('run_shell_command', { command: 'sleep 30', is_background: true }, { session: 'bg' });
    const m =
      /^Background shell started\.\nid: (bg_[0-9a-f]{8})\npid: (\d+)\noutput file: (\S+)\nTo inspect its output run tail on that file with run_shell_command; to stop it call task_stop with task_id bg_[0-9a-f]{8}\.$/.exec(
        r.text,
      );
    assert.ok(m, r.text);
    const stop = await call('task_stop', { task_id: m[1]! }, { session: 'bg' });
    assert.equal(stop.text, `Stopped task ${m[1]} (pid ${m[2]}).`);
    const again = await call('task_stop', { task_id: m[1]! }, { session: 'bg' });
    assert.equal(again.errorType, 'task_stop_not_running');
    assert.equal(again.code, 'PRECONDITION_FAILED');
    assert.equal(again.error, `Task ${m[1]} is not running (it ended with SIGTERM).`);
    const unknown = await call('task_stop', { task_id: 'bg_00000000' }, { session: 'bg' });
    assert.equal(unknown.errorType, 'task_stop_not_found');
    assert.equal(unknown.error, 'No background task with id bg_00000000 in this session.');
  });
});

describe('qwen web_fetch and todo_write', () => {
  test('web_fetch returns the text with the request; Accept follows format; errors', async () => {
    const r = await call('web_fetch', { url: `${site.origin}/page`, prompt: 'What is new?' });
    assert.equal(
      r.text,
      `Content fetched from ${site.origin}/page for the request "What is new?" (returned as fetched, not summarised; answer the request from it yourself):\n---\nVersion 2.0 adds streams.\n---`,
    );
    const md = await call('web_fetch', { url: `${site.origin}/md`, prompt: 'x', format: 'markdown' });
    assert.ok(md.text.includes('\n---\n# Notes\n\ntext/markdown\n---'));
    const nf = await call('web_fetch', { url: `${site.origin}/gone`, prompt: 'x' });
    assert.equal(nf.errorType, 'web_fetch_fallback_failed');
    assert.match(nf.error, new RegExp(`^Error during fetch for ${site.origin}/gone: .*404`));
    const bad = await call('web_fetch', { url: 'ftp://x/y', prompt: 'x' });
    assert.equal(bad.errorType, 'invalid_tool_params');
    assert.equal(bad.error, 'Error: Invalid parameters provided. Reason: the url must start with http:// or https://');
  });

  test('todo_write: the system reminder with the list as JSON; unique ids; clearing', async () => {
    const todos = [
      { id: '1', content: 'Parse', status: 'in_progress' },
      { id: '2', content: 'Test', status: 'pending' },
    ];
    const r = await call('todo_write', { todos });
    assert.equal(
      r.text,
      'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable\n\n<system-reminder>\nYour todo list has changed. DO NOT mention this explicitly to the user. Here are the latest contents of your todo list: \n\n[{"id":"1","content":"Parse","status":"in_progress"},{"id":"2","content":"Test","status":"pending"}]. Continue on with the tasks at hand if applicable.\n</system-reminder>',
    );
    const dup = await call('todo_write', { todos: [todos[0], { ...todos[1], id: '1' }] });
    assert.equal(dup.errorType, 'invalid_tool_params');
    assert.equal(dup.code, 'INVALID_ARGUMENT');
    const empty = await call('todo_write', { todos: [] });
    assert.ok(empty.text.startsWith('Todo list has been cleared.\n\n<system-reminder>\n'));
  });
});
