// Kimi shape Glob, Grep, Shell, Task*, SearchWeb, FetchURL and SetTodoList over gRPC, with
// exact texts; web tools against loopback servers (a site and a Tavily stand-in).
import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import { callTool, startTestServer, tempDir, texts, type TestServer } from '../../helpers/server.js';
import { send, serve, type LoopbackServer } from '../../web/http-server.js';

let t: TestServer;
/** The same server with --grep-backend fallback. */
let tf: TestServer;
let dir: string;
let cleanup: () => void;
let site: LoopbackServer;
let tavily: LoopbackServer;
const call = (name: string, args: Record<string, unknown>, session = 'kimi-tools', server = () => t) =>
  callTool(server().client, name, args, { shape: 'kimi@1.49', session });

before(async () => {
  ({ dir, cleanup } = tempDir());
  mkdirSync(path.join(dir, 'src/lib'), { recursive: true });
  writeFileSync(path.join(dir, 'src/a.py'), 'import os\nimport sys\n\ndef main():\n    print("TODO")\n');
  writeFileSync(path.join(dir, 'src/lib/b.py'), 'import os\n# TODO later\n');
  writeFileSync(path.join(dir, 'src/.hidden.py'), 'import secret_module\n');
  writeFileSync(path.join(dir, '.env'), 'import=1\n');
  writeFileSync(path.join(dir, 'README.md'), '# Demo\n');
  // files_with_matches is newest first.
  utimesSync(path.join(dir, 'src/a.py'), new Date(2020, 0, 1), new Date(2020, 0, 1));
  utimesSync(path.join(dir, 'src/lib/b.py'), new Date(2022, 0, 1), new Date(2022, 0, 1));
  site = await serve((req, res) => {
    if (req.url === '/page')
      return send(
        res,
        200,
        'text/html',
        '<html><head><title>T</title></head><body><p>Hello from the page.</p></body></html>',
      );
    if (req.url === '/notes.md') return send(res, 200, 'text/markdown', '# Notes\n\nplain *markdown*\n');
    if (req.url === '/blank') return send(res, 200, 'text/html', '<html><body><script>render()</script></body></html>');
    send(res, 404, 'text/plain', 'missing');
  });
  tavily = await serve((req, res, body) => {
    const q = JSON.parse(body) as { query: string; include_raw_content?: boolean };
    send(
      res,
      200,
      'application/json',
      JSON.stringify({
        query: q.query,
        results: [
          {
            title: 'First',
            url: 'https://one.example/a',
            content: 'first snippet',
            score: 0.9,
            published_date: '2025-01-02',
            raw_content: q.include_raw_content ? 'full page one' : null,
          },
          { title: 'Second', url: 'https://two.example/b', content: 'second snippet', score: 0.5, raw_content: null },
        ],
      }),
    );
  });
  const flags = [
    '--root',
    dir,
    '--shape',
    'kimi',
    '--web-allow-hosts',
    '127.0.0.1',
    '--search-provider',
    'tavily',
    '--tavily-api-key',
    'tvly-test',
    '--tavily-base-url',
    tavily.origin,
  ];
  t = await startTestServer(flags);
  tf = await startTestServer([...flags, '--grep-backend', 'fallback']);
});
after(async () => {
  await t.close();
  await tf.close();
  await site.close();
  await tavily.close();
  cleanup();
});

describe('kimi Glob', () => {
  test('matches relative to the directory, dirs included, hidden files too', async () => {
    const res = await call('Glob', { pattern: 'src/*' });
    assert.deepEqual(texts(res), [
      '<system>Found 3 matches for pattern `src/*`.</system>',
      'src/.hidden.py\nsrc/a.py\nsrc/lib',
    ]);
    const files = await call('Glob', { pattern: 'src/*', include_dirs: false, directory: dir });
    assert.deepEqual(texts(files), [
      '<system>Found 2 matches for pattern `src/*`.</system>',
      'src/.hidden.py\nsrc/a.py',
    ]);
  });

  test('no match, ** at the start, relative directory', async () => {
    assert.deepEqual(texts(await call('Glob', { pattern: '*.rs' })), [
      '<system>No matches found for pattern `*.rs`.</system>',
    ]);
    const star = await call('Glob', { pattern: '**/*.py' });
    assert.equal(star.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
    assert.deepEqual(texts(star), [
      '<system>ERROR: Patterns starting with `**` are not allowed: they walk the whole tree. Start the pattern with a directory name (for example `src/**/*.py`). The working directory holds:</system>',
      `${dir}/\n  src/\n    lib/\n    .hidden.py\n    a.py\n  .env\n  README.md`,
    ]);
    const rel = await call('Glob', { pattern: '*.py', directory: 'src' });
    assert.equal(
      rel.error,
      '<system>ERROR: `src` is not an absolute path; give the directory as an absolute path.</system>',
    );
  });
});

/** Whether a server with this --grep-backend searches with rg (auto: when rg is on the PATH). */
const usesRg = (backend: string) => backend === 'auto' && spawnSync('rg', ['--version']).status === 0;

// The same goldens with rg (auto finds it) and with the pure-TypeScript fallback, so the no-rg path is proven too.
for (const backend of ['auto', 'fallback'] as const) {
  describe(`kimi Grep (--grep-backend ${backend})`, () => {
    const call = (name: string, args: Record<string, unknown>) =>
      callTool((backend === 'auto' ? t : tf).client, name, args, { shape: 'kimi@1.49', session: `grep-${backend}` });
    test('files_with_matches, newest first; secrets files left out', async () => {
      const res = await call('Grep', { pattern: 'import' });
      assert.deepEqual(texts(res), [
        '<system>Left out 1 sensitive file(s) (.env) to protect secrets; they may hold credentials or private keys.</system>',
        'src/.hidden.py\nsrc/lib/b.py\nsrc/a.py',
      ]);
    });

    test('content mode with line numbers, context separators, -n false', async () => {
      const res = await call('Grep', { pattern: 'TODO', output_mode: 'content', path: 'src' });
      assert.deepEqual(texts(res), ['a.py:5:    print("TODO")\nlib/b.py:2:# TODO later']);
      const ctx = await call('Grep', { pattern: 'TODO', output_mode: 'content', path: 'src', '-B': 1 });
      assert.deepEqual(texts(ctx), [
        'a.py-4-def main():\na.py:5:    print("TODO")\n--\nlib/b.py-1-import os\nlib/b.py:2:# TODO later',
      ]);
      const plain = await call('Grep', {
        pattern: 'todo',
        output_mode: 'content',
        path: 'src',
        '-n': false,
        '-i': true,
      });
      assert.deepEqual(texts(plain), ['a.py:    print("TODO")\nlib/b.py:# TODO later']);
    });

    test('count_matches with the total, head_limit and offset paging', async () => {
      const res = await call('Grep', { pattern: 'import', output_mode: 'count_matches', path: 'src', glob: '*.py' });
      assert.deepEqual(texts(res), [
        '<system>Found 4 total occurrences across 3 files.</system>',
        '.hidden.py:1\na.py:2\nlib/b.py:1',
      ]);
      const page = await call('Grep', {
        pattern: 'import',
        output_mode: 'content',
        path: 'src',
        head_limit: 2,
        offset: 1,
      });
      assert.deepEqual(texts(page), [
        '<system>Results truncated to 2 lines (total: 4). Use offset=3 to see more.</system>',
        'a.py:1:import os\na.py:2:import sys',
      ]);
    });

    test('no matches, bad mode, bad regex, missing path', async () => {
      assert.deepEqual(texts(await call('Grep', { pattern: 'zzz_nothing' })), ['<system>No matches found</system>']);
      const mode = await call('Grep', { pattern: 'x', output_mode: 'lines' });
      assert.equal(
        mode.error,
        '<system>ERROR: output_mode lines is not one of files_with_matches, content, count_matches.</system>',
      );
      const bad = await call('Grep', { pattern: '(' });
      assert.equal(bad.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
      // rg words its own refusal; the fallback checks the pattern itself.
      assert.equal(
        bad.error,
        usesRg(backend)
          ? '<system>ERROR: ripgrep refused the search: regex parse error:\n    (\n    ^\nerror: unclosed group.</system>'
          : '<system>ERROR: the pattern is not a valid regular expression: Invalid regular expression: /(/gu: Unterminated group.</system>',
      );
      const missing = await call('Grep', { pattern: 'x', path: 'nowhere' });
      assert.equal(missing.error, '<system>ERROR: `nowhere` does not exist.</system>');
    });
  });
}

describe('kimi Shell and tasks', () => {
  test('success, failure with output, timeout limits', async () => {
    const okRes = await call('Shell', { command: 'echo out; echo err >&2' });
    assert.deepEqual(texts(okRes), ['<system>Command executed successfully.</system>', 'out\nerr\n']);
    const failed = await call('Shell', { command: 'echo partial; exit 3' });
    assert.equal(failed.failure?.code, FailureCode.FAILURE_CODE_PROCESS_FAILED);
    assert.equal(failed.failure?.process?.exitCode, 3);
    assert.deepEqual(texts(failed), ['<system>ERROR: Command failed with exit code: 3.</system>', 'partial\n']);
    const slow = await call('Shell', { command: 'echo started; sleep 5', timeout: 1 });
    assert.equal(slow.failure?.code, FailureCode.FAILURE_CODE_TIMEOUT);
    assert.deepEqual(texts(slow), ['<system>ERROR: Command killed by timeout (1s)</system>', 'started\n']);
    const long = await call('Shell', { command: 'true', timeout: 301 });
    assert.equal(
      long.error,
      '<system>ERROR: A foreground command may run at most 300 seconds; lower timeout, or set run_in_background=true for a longer task.</system>',
    );
  });

  test('output caps: 2000 characters per line, 50000 in all', async () => {
    const res = await call('Shell', { command: "printf 'a%.0s' $(seq 1 2500); echo; seq 1 20000" });
    const [msg, out] = texts(res);
    assert.equal(msg, '<system>Command executed successfully. Output is truncated to fit in the message.</system>');
    assert.equal(out!.split('\n')[0], `${'a'.repeat(1985)}[...truncated]`);
    // The last line is cut where the 50,000 characters run out; its marker may pass the cap, as in Kimi CLI.
    assert.equal(out!.length, 50_013);
    assert.ok(out!.endsWith('[...truncated]\n'));
  });

  test('background task: start, list, output, stop', async () => {
    const s = 'kimi-tasks';
    const noDesc = await call('Shell', { command: 'sleep 1', run_in_background: true }, s);
    assert.equal(
      noDesc.error,
      '<system>ERROR: A background task needs a short description; set description and call again.</system>',
    );
    const started = await call(
      'Shell',
      { command: 'echo tick; sleep 30', run_in_background: true, description: 'ticker' },
      s,
    );
    const [msg, body] = texts(started);
    const id = /task_id: (\S+)/.exec(body!)![1]!;
    assert.equal(msg, `<system>Background task ${id} started.</system>`);
    assert.equal(
      body,
      `task_id: ${id}\nkind: bash\nstatus: running\ndescription: ticker\ncommand: echo tick; sleep 30\nautomatic_notification: false\n` +
        'next_step: This server does not announce when the task ends. Call TaskOutput with this task_id (block=true to wait for it) to see its output; TaskStop stops it.',
    );
    const list = await call('TaskList', {}, s);
    assert.deepEqual(texts(list), [
      `active_background_tasks: 1\n\n[1]\ntask_id: ${id}\nkind: bash\nstatus: running\ndescription: ticker\ncommand: echo tick; sleep 30`,
    ]);
    const waited = await call('TaskOutput', { task_id: id, block: true, timeout: 1 }, s);
    assert.equal(
      texts(waited)[0]!.split('\n').slice(0, 9).join('\n'),
      `retrieval_status: timeout\ntask_id: ${id}\nkind: bash\nstatus: running\ndescription: ticker\ncommand: echo tick; sleep 30\ninterrupted: false\ntimed_out: false\nterminal_reason: none`,
    );
    assert.ok(texts(waited)[0]!.endsWith('\n[output]\ntick\n'));
    const stop = await call('TaskStop', { task_id: id, reason: 'done with it' }, s);
    assert.deepEqual(texts(stop), [
      '<system>Task stop requested.</system>',
      `task_id: ${id}\nkind: bash\nstatus: killed\ndescription: ticker\ncommand: echo tick; sleep 30\nexit_code: none (SIGTERM)\nreason: done with it`,
    ]);
    const out = texts(await call('TaskOutput', { task_id: id }, s))[0]!;
    const lines = out.split('\n');
    assert.deepEqual(lines.slice(0, 9), [
      'retrieval_status: success',
      `task_id: ${id}`,
      'kind: bash',
      'status: killed',
      'description: ticker',
      'command: echo tick; sleep 30',
      'interrupted: true',
      'timed_out: false',
      'terminal_reason: stopped',
    ]);
    assert.deepEqual(lines.slice(-9), [
      'output_size_bytes: 5',
      'output_preview_bytes: 5',
      'output_truncated: false',
      'full_output_available: false',
      'full_output_tool: ReadFile',
      'full_output_hint: The log is kept outside the workspace, so only this preview of the newest output can be shown.',
      '[output]',
      'tick',
      '',
    ]);
    const all = await call('TaskList', { active_only: false }, s);
    assert.deepEqual(texts(all), [
      `background_tasks: 1\n\n[1]\ntask_id: ${id}\nkind: bash\nstatus: killed\ndescription: ticker\ncommand: echo tick; sleep 30\nexit_code: none (SIGTERM)\nreason: done with it`,
    ]);
    assert.deepEqual(texts(await call('TaskList', {}, s)), ['active_background_tasks: 0\n\n[no tasks]']);
    const unknown = await call('TaskOutput', { task_id: 'ffffffff' }, s);
    assert.equal(unknown.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
    assert.equal(
      unknown.error,
      '<system>ERROR: There is no background task `ffffffff` in this session; TaskList shows the tasks there are.</system>',
    );
  });
});

describe('kimi web tools', () => {
  test('SearchWeb formats each result as Title/Date/URL/Summary', async () => {
    const res = await call('SearchWeb', { query: 'facet', limit: 2 });
    assert.deepEqual(texts(res), [
      'Title: First\nDate: 2025-01-02\nURL: https://one.example/a\nSummary: first snippet\n\n---\n\nTitle: Second\nDate: \nURL: https://two.example/b\nSummary: second snippet\n\n',
    ]);
    const full = await call('SearchWeb', { query: 'facet', limit: 1, include_content: true });
    assert.deepEqual(texts(full), [
      'Title: First\nDate: 2025-01-02\nURL: https://one.example/a\nSummary: first snippet\n\nfull page one\n\n',
    ]);
  });

  test('FetchURL: page text, verbatim Markdown, errors', async () => {
    assert.deepEqual(texts(await call('FetchURL', { url: `${site.origin}/page` })), ['Hello from the page.']);
    assert.deepEqual(texts(await call('FetchURL', { url: `${site.origin}/notes.md` })), [
      '<system>The returned content is the full content of the page.</system>',
      '# Notes\n\nplain *markdown*\n',
    ]);
    const blank = await call('FetchURL', { url: `${site.origin}/blank` });
    assert.equal(
      blank.error,
      `<system>ERROR: Nothing readable could be extracted from ${site.origin}/blank. The page may be rendered by JavaScript or be empty; try another source.</system>`,
    );
    const missing = await call('FetchURL', { url: `${site.origin}/gone` });
    assert.equal(missing.failure?.code, FailureCode.FAILURE_CODE_NOT_FOUND);
    assert.equal(
      missing.error,
      `<system>ERROR: Fetching the page failed with HTTP status 404: ${site.origin}/gone answered 404 Not Found.</system>`,
    );
  });
});

describe('kimi SetTodoList', () => {
  test('query, write, query, clear', async () => {
    const s = 'kimi-todos';
    assert.deepEqual(texts(await call('SetTodoList', {}, s)), ['Todo list is empty.']);
    const set = await call(
      'SetTodoList',
      {
        todos: [
          { title: 'Read', status: 'done' },
          { title: 'Fix', status: 'in_progress' },
        ],
      },
      s,
    );
    assert.deepEqual(texts(set), ['<system>Todo list updated</system>', 'Todo list updated']);
    assert.deepEqual(texts(await call('SetTodoList', { todos: null }, s)), [
      'Current todo list:\n- [done] Read\n- [in_progress] Fix',
    ]);
    await call('SetTodoList', { todos: [] }, s);
    assert.deepEqual(texts(await call('SetTodoList', {}, s)), ['Todo list is empty.']);
    const bad = await call('SetTodoList', { todos: [{ title: '', status: 'done' }] }, s);
    assert.equal(bad.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
  });
});
