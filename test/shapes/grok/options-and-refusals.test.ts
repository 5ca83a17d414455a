// Grok shape branches the main goldens leave out, with exact texts and host blocks over
// gRPC: search's whole_word, file_types, include/exclude patterns, include_hidden (file
// names only, as in Grok CLI), max_results below 1 and the empty result, on both grep
// backends; bash with no output, stderr only, a signal and the fixed 30 s timeout; writes
// outside the workspace; create_todo_list's refusals.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FailureCode } from '../../../src/gen/codefly/base/v0/failure.js';
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, startTestServer, structured, tempDir, texts, type TestServer } from '../../helpers/server.js';

let t: TestServer;
/** The same server with --grep-backend fallback. */
let tf: TestServer;
let dir: string;
let cleanup: () => void;

const call = (name: string, args: Record<string, unknown>, server = () => t, session = 'grok-branches') =>
  callTool(server().client, name, args, { shape: 'grok@0.0.34', session, deadlineMs: 60_000 });
const display = (res: CallToolResponse) => (structured(res) as { display: Record<string, unknown> }).display;

/** The host block of a bash run, its duration checked and left out. */
function runDisplay(res: CallToolResponse): Record<string, unknown> {
  const d = structuredClone(display(res)) as { counts: { durationMs?: number } };
  assert.equal(typeof d.counts.durationMs, 'number');
  delete d.counts.durationMs;
  return d;
}

before(async () => {
  ({ dir, cleanup } = tempDir('facet-grok-branches-'));
  const w = (f: string, s: string) => {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), s);
  };
  w('src/config.ts', 'export const config = 1;\n// configure it\nconfig.load(config);\n');
  w('src/util.py', 'config = 2\n');
  w('src/notes.md', 'Config notes\n');
  // Hidden files and logs: text search skips them; file-name search shows dot-files on request.
  w('.hidden/config.ts', 'config hidden\n');
  w('.configrc', 'config\n');
  w('debug.log', 'config\n');
  t = await startTestServer(['--root', dir, '--shape', 'grok']);
  tf = await startTestServer(['--root', dir, '--shape', 'grok', '--grep-backend', 'fallback']);
});
after(async () => {
  await t.close();
  await tf.close();
  cleanup();
});

// Both backends give the same texts here (rg when auto finds it, and the pure-TypeScript fallback).
for (const backend of ['auto', 'fallback'] as const) {
  describe(`grok search branches (--grep-backend ${backend})`, () => {
    const search = (args: Record<string, unknown>) =>
      call('search', { search_type: 'text', ...args }, () => (backend === 'auto' ? t : tf), `search-${backend}`);
    const hits = (...files: Array<[string, number]>) => files.map(([f, n]) => `${dir}/${f} (${n} matches)`);
    const found = (query: string, lines: string[]) => [
      `Search results for "${query}":\n${lines.map((l) => `  ${l}`).join('\n')}`,
    ];

    test('plain text search: case-insensitive, hidden files and logs skipped, include_hidden changes nothing here', async () => {
      const want = hits(['src/config.ts', 3], ['src/notes.md', 1], ['src/util.py', 1]);
      for (const extra of [{}, { include_hidden: true }]) {
        const res = await search({ query: 'config', ...extra });
        assert.deepEqual(texts(res), found('config', want));
        assert.deepEqual(display(res), {
          tool: 'search',
          counts: { textFiles: 3, fileNames: 0 },
          details: { results: want },
        });
      }
    });

    test('whole_word leaves out "configure"', async () => {
      assert.deepEqual(
        texts(await search({ query: 'config', whole_word: true })),
        found('config', hits(['src/config.ts', 2], ['src/notes.md', 1], ['src/util.py', 1])),
      );
    });

    test('file_types, include_pattern, exclude_pattern', async () => {
      assert.deepEqual(
        texts(await search({ query: 'config', file_types: ['py'] })),
        found('config', hits(['src/util.py', 1])),
      );
      assert.deepEqual(
        texts(await search({ query: 'config', include_pattern: '*.ts' })),
        found('config', hits(['src/config.ts', 3])),
      );
      assert.deepEqual(
        texts(await search({ query: 'config', exclude_pattern: '*.py' })),
        found('config', hits(['src/config.ts', 3], ['src/notes.md', 1])),
      );
      const bad = await search({ query: 'config', file_types: ['nosuch'] });
      assert.equal(bad.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
      assert.deepEqual(texts(bad), ['Search error: unknown file type "nosuch"']);
    });

    test('no result, max_results below 1, an empty query', async () => {
      const none = await search({ query: 'zzzqqq' });
      assert.equal(none.error, '');
      assert.deepEqual(texts(none), ['No results found for "zzzqqq"']);
      assert.deepEqual(display(none), {
        tool: 'search',
        counts: { textFiles: 0, fileNames: 0 },
        details: { results: [] },
      });
      const zero = await search({ query: 'config', max_results: 0 });
      assert.equal(zero.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
      assert.deepEqual(texts(zero), ['Search error: max_results must be 1 or more']);
      assert.deepEqual(display(zero), {
        tool: 'search',
        summary: 'max_results must be 1 or more',
        failure: 'invalid_argument',
      });
      const empty = await search({ query: '  ' });
      assert.deepEqual(texts(empty), ['Search error: the query is empty']);
    });
  });
}

describe('grok search by file name', () => {
  test('include_hidden adds dot-files and dot-folders', async () => {
    assert.deepEqual(texts(await call('search', { query: 'config', search_type: 'files' })), [
      'Search results for "config":\n  src/config.ts',
    ]);
    const res = await call('search', { query: 'config', search_type: 'files', include_hidden: true });
    assert.deepEqual(texts(res), ['Search results for "config":\n  .configrc\n  .hidden/config.ts\n  src/config.ts']);
    assert.deepEqual(display(res), {
      tool: 'search',
      counts: { textFiles: 0, fileNames: 3 },
      details: { results: ['.configrc', '.hidden/config.ts', 'src/config.ts'] },
    });
  });

  test('include_pattern, file_types and case_sensitive do not narrow a name search (as in Grok CLI)', async () => {
    const res = await call('search', {
      query: 'CONFIG',
      search_type: 'files',
      include_pattern: '*.py',
      file_types: ['py'],
      case_sensitive: true,
    });
    assert.deepEqual(texts(res), ['Search results for "CONFIG":\n  src/config.ts']);
  });
});

describe('grok bash branches', () => {
  test('no output, stderr only, killed by a signal', async () => {
    const none = await call('bash', { command: 'true' });
    assert.deepEqual(texts(none), ['Command executed successfully (no output)']);
    assert.deepEqual(runDisplay(none), { tool: 'bash', exitCode: 0, signal: null, truncated: false, counts: {} });
    const stderr = await call('bash', { command: 'echo oops >&2; exit 1' });
    assert.equal(stderr.failure?.code, FailureCode.FAILURE_CODE_PROCESS_FAILED);
    assert.deepEqual(texts(stderr), ['Command failed: echo oops >&2; exit 1 (exit code 1)\nSTDERR: oops']);
    assert.deepEqual(runDisplay(stderr), { tool: 'bash', exitCode: 1, signal: null, truncated: false, counts: {} });
    const sig = await call('bash', { command: 'echo dying; kill -KILL $$' });
    assert.equal(sig.failure?.code, FailureCode.FAILURE_CODE_PROCESS_FAILED);
    assert.deepEqual(texts(sig), ['Command failed: echo dying; kill -KILL $$ (killed by SIGKILL)\ndying']);
    assert.deepEqual(runDisplay(sig), {
      tool: 'bash',
      exitCode: null,
      signal: 'SIGKILL',
      truncated: false,
      counts: {},
    });
  });

  test('the fixed 30 s timeout kills the command and keeps its output', async () => {
    const started = Date.now();
    const res = await call('bash', { command: 'echo before; sleep 45' });
    const took = Date.now() - started;
    assert.ok(took >= 29_000 && took < 44_000, `took ${took} ms`);
    assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_TIMEOUT);
    assert.deepEqual(texts(res), [
      'Command failed: echo before; sleep 45 (timed out after 30 s and was killed)\nbefore',
    ]);
    // TERM first (the shell ends at once here), KILL only for what outlives it.
    assert.deepEqual(runDisplay(res), {
      tool: 'bash',
      exitCode: null,
      signal: 'SIGTERM',
      truncated: false,
      counts: {},
    });
  });
});

describe('grok writes outside the workspace', () => {
  test('create_file and str_replace_editor refuse, naming the workspace; nothing is written', async () => {
    const target = path.join(path.dirname(dir), `grok-outside-${process.pid}.txt`);
    const created = await call('create_file', { path: target, content: 'x' });
    assert.equal(created.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
    assert.deepEqual(texts(created), [`Access denied: ${target} is outside the workspace (${dir})`]);
    assert.deepEqual(display(created), {
      tool: 'create_file',
      summary: `${target} is outside the allowed roots (${dir})`,
      failure: 'permission_denied',
      paths: [target],
    });
    const climbing = await call('create_file', { path: `../${path.basename(target)}`, content: 'x' });
    assert.deepEqual(texts(climbing), [`Access denied: ../${path.basename(target)} is outside the workspace (${dir})`]);
    const edited = await call('str_replace_editor', { path: '/etc/hostname', old_str: 'a', new_str: 'b' });
    assert.equal(edited.failure?.code, FailureCode.FAILURE_CODE_PERMISSION_DENIED);
    assert.deepEqual(texts(edited), [`Access denied: /etc/hostname is outside the workspace (${dir})`]);
    assert.equal(existsSync(target), false);
  });
});

describe('grok create_todo_list refusals', () => {
  const item = { id: '1', content: 'A', status: 'pending', priority: 'low' };
  const cases: Array<[string, Array<Record<string, unknown>>, string]> = [
    [
      'an unknown status',
      [{ ...item, status: 'done' }],
      'Invalid arguments: todos.0.status must be one of "pending", "in_progress", "completed"',
    ],
    [
      'an unknown priority',
      [{ ...item, priority: 'urgent' }],
      'Invalid arguments: todos.0.priority must be one of "high", "medium", "low"',
    ],
    [
      'a missing field',
      [{ id: '1', content: 'A', status: 'pending' }],
      'Invalid arguments: todos.0.priority is required',
    ],
    ['two items with one id', [item, { ...item, content: 'B' }], 'Error: todo id 1 appears more than once'],
    ['empty content', [{ ...item, content: '' }], 'Error: todo 1 has no text'],
  ];
  for (const [name, todos, text] of cases) {
    test(`${name}: INVALID_ARGUMENT, the list unchanged`, async () => {
      const s = `todo-${name}`;
      await call(
        'create_todo_list',
        { todos: [{ id: '9', content: 'Keep', status: 'in_progress', priority: 'high' }] },
        () => t,
        s,
      );
      const res = await call('create_todo_list', { todos }, () => t, s);
      assert.equal(res.failure?.code, FailureCode.FAILURE_CODE_INVALID_ARGUMENT);
      assert.deepEqual(texts(res), [text]);
      assert.deepEqual(texts(await call('update_todo_list', { updates: [] }, () => t, s)), [
        '\u001b[36m◐ Keep\u001b[0m\n',
      ]);
    });
  }
});
